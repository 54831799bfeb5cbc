"""``{{ registration|search_keys }}``: its folded search keys, for a row's ``data-search``.

The as-you-type filters (``static/js/name-filter.js``) match on these, so a
page's filter finds "Agnès" from "agnes" and 山田 太郎 from "Yamada" exactly as
the server's search does (``tournament.events.name_search``).
"""

from django import template

from tournament.events.name_search import search_text

register = template.Library()


@register.filter
def search_keys(registration) -> str:
    return search_text(registration)
