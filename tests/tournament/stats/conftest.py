"""The statistics tests' small event: one tenhou table, four hands, confirmed and published."""

from __future__ import annotations

import pytest

from tests.tournament.results.conftest import make_table, staff  # noqa: F401  (fixtures)
from tournament.results.sheet import services
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.seating.models import Round
from tournament.standings.services import publish_results

# E deals into S's riichi tiles hand; S wins by value off W; a draw; N draws a 3-han win.
HANDS = [
    {
        "outcome": "ron",
        "level": "tiles",
        "winner": "S",
        "discarder": "E",
        "riichi": ["S"],
        "hand": {"concealed": "234567m456p2388s", "win_tile": "4s", "flags": ["riichi"]},
    },
    {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30},
    {"outcome": "draw", "level": "value", "riichi": [], "tenpai": ["E"]},
    {"outcome": "tsumo", "level": "value", "winner": "N", "han": 3, "fu": 30},
]


def play(table, users, publish=True):
    """Enter HANDS, submit, confirm with a second judge, and (if asked) publish the round."""
    sheet = None
    for hand in HANDS:
        sheet = services.add_hand(
            table, hand, by=users["judge"], base_version=sheet.version if sheet else 0
        )
    submit_sheet(table, by=users["judge"], version=sheet.version)
    confirm_sheet(table, by=users["judge2"], version=sheet.version)
    round_ = table.round
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.PUBLISHED)
    if publish:
        round_.refresh_from_db()
        publish_results(round_, by=users["director"])


@pytest.fixture
def small_event(make_table, staff):  # noqa: F811
    """``small_event(publish=True)`` -> (event, {wind: registration}) after HANDS."""

    def make(publish=True, slug="stats-small"):
        table = make_table("tenhou", slug=slug, entry_level="tiles")
        users = staff(table.round.event)
        play(table, users, publish=publish)
        seats = {s.wind: s.registration for s in table.seats.select_related("registration__player")}
        return table.round.event, seats

    return make
