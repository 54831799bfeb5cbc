"""``{% round_place event number as place %}``: the stage a round belongs to, for the pages.

So the seating pages say "Semifinal, round 1 of 2" and link to a cut still
to make without each view computing it (``stages.rounds``).
"""

from django import template

from tournament.stages.rounds import round_place

register = template.Library()


@register.simple_tag
def stage_of(event, number):
    return round_place(event, number)
