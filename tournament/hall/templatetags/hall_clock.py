"""The round clock on a page: ``{% round_clock round "staff"|"table"|"public" table=… %}``.

Scaffolding: filled in by the round clock work (issue #18).
"""

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def round_clock(context, round_, mode, table=None):
    return ""


@register.simple_tag(takes_context=True)
def event_clock(context, event, mode="public"):
    """The clock of the event's round being played, if one runs."""
    return ""
