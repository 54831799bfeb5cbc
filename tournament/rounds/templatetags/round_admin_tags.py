"""The director's buttons on a round page, and which of them apply to the round now.

``{% round_actions round as actions %}`` lists the buttons of the "Round actions"
section that apply now: the round page is rendered by a view that does not know
about these actions, so the tag asks :func:`tournament.rounds.round_admin.round_actions`
and the buttons follow the same rules the services enforce.
``{% round_button "publish" as button %}`` gives one button by its name, for the
page's own publishing forms. Every button is described once here and drawn by
one template, ``staff/round/button_form.html``.
"""

from dataclasses import dataclass

from django import template
from django.utils.translation import gettext_lazy as _

from tournament.results.sheet.pending import pending_corrections as pending_of
from tournament.rounds.round_admin import round_actions as actions_of

register = template.Library()


@dataclass(frozen=True)
class RoundButton:
    """A form with one button that changes the round: what it does, said before it is pressed."""

    name: str
    url_name: str
    element_id: str
    sentence: str
    label: str
    style: str = ""
    needs_reason: bool = False


_BUTTONS = (
    RoundButton(
        "publish",
        "seating:publish",
        "publish-round",
        _("Players cannot see this seating until it is published."),
        _("Publish"),
    ),
    RoundButton(
        "publish_results",
        "standings:publish_results",
        "publish-results",
        _(
            "Publishing the results puts this round on the public standings. "
            "Every table needs a confirmed sheet."
        ),
        _("Publish results"),
    ),
    # The round actions, in the order the page lists them.
    RoundButton(
        "finish",
        "seating:finish",
        "finish-round",
        _("Every table has a confirmed sheet. Finishing the round marks it as played."),
        _("Finish round"),
    ),
    RoundButton(
        "unpublish",
        "seating:unpublish",
        "unpublish-round",
        _("Hide this seating from the public again (no result is entered yet)."),
        _("Unpublish seating"),
        style="button-quiet",
        needs_reason=True,
    ),
    RoundButton(
        "unpublish_results",
        "seating:unpublish_results",
        "unpublish-results",
        _("Take this round's results off the public standings, to correct them."),
        _("Unpublish results"),
        style="button-quiet",
        needs_reason=True,
    ),
    RoundButton(
        "delete",
        "seating:delete",
        "delete-round",
        _(
            "Delete this round and its seating: nothing has been played in it. "
            "The history keeps it."
        ),
        _("Delete round"),
        style="button-danger",
        needs_reason=True,
    ),
)
_BY_NAME = {button.name: button for button in _BUTTONS}


@register.simple_tag
def round_actions(round_):
    applies = actions_of(round_)
    return [button for button in _BUTTONS if applies.get(button.name)]


@register.simple_tag
def round_button(name):
    return _BY_NAME[name]


@register.simple_tag
def pending_corrections(round_):
    """The tables whose correction awaits confirmation: publishing and finishing wait for them."""
    return pending_of(round_)
