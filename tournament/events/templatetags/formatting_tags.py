"""``tournament.formatting``'s writers as template filters, for any page.

Why here: the events are the lowest app with template tags, and a filter of
the formatting module belongs to no page in particular (the round page, the
director's standings, a cut). ``{% load formatting_tags %}``, then
``{{ when|moment }}``.
"""

from django import template

from tournament import formatting

register = template.Library()

moment = register.filter("moment", formatting.moment)
