"""``{% saved_entry_keys table %}``: what the drafts script needs to know a draft was saved."""

from django import template

from tournament.results.entry.queued_posts import saved_keys

register = template.Library()


@register.simple_tag
def saved_entry_keys(table) -> str:
    """The one-time keys (UUIDs) of the table's latest versions, separated by spaces."""
    return " ".join(saved_keys(table)) if table is not None else ""
