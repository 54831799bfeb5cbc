"""``{% round_actions round as actions %}``: which director's actions apply to a round now.

The round page is rendered by a view that does not know about these actions;
the tag asks :func:`tournament.rounds.round_admin.round_actions`, so the
buttons follow the same rules the services enforce.
"""

from django import template

from tournament.rounds.round_admin import round_actions as actions_of

register = template.Library()


@register.simple_tag
def round_actions(round_):
    return actions_of(round_)
