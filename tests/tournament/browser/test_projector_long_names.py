"""Long names on the projector are never cut (issue #34, "Polish"), at 1920×1080 and 1366×900.

A row has one line's height (the screen pages by rows), so a long name was
cut with "…". Now a name that does not fit shrinks to fit its column, then
takes two lines, in the players' standings, the team standings (a long team
name and its members) and the seating. The eight players of
``tests/tournament/public/play.py`` are renamed with long names first; the
team screen is the small staged team event's (``tests/tournament/public/staged.py``).

Screenshots: ``test-artifacts/projector-long-names-*.png``.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.tournament.browser.conftest import screenshot, wait_until
from tests.tournament.public.play import UNTIED_ROUND_1 as ROUND_1
from tests.tournament.public.play import make_played
from tests.tournament.public.staged import TEAMS, make_staged
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)
from tournament.events.models import Registration
from tournament.standings.services import publish_results

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = [(1920, 1080), (1366, 900)]
IDS = ["1920x1080", "1366x900"]
LONG = [
    "Maximiliana Alexandra Konstantina von Hohenzollern-Sigmaringen-Württemberg",
    "Wolfeschlegelsteinhausenbergerdorff Hubert Blaine",
    "Anna-Katharina Schmidt-Leutheusser-Schnarrenberger",
    "María de los Ángeles Fernández de Córdoba y Figueroa",
]

# Every visible name cell: whether its text fits its box (no "…", nothing hidden below).
CUT = """
return [...document.querySelectorAll('[data-row]')]
  .filter(r => r.getClientRects().length)
  .map(r => r.querySelector('.col-name'))
  .filter(c => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
  .map(c => c.textContent.trim());
"""


def _ready(browser):
    wait_until(
        browser,
        lambda b: b.execute_script(
            "return document.querySelector('[data-projector]').dataset.ready === '1'"
        ),
        15,
        "the projector did not start",
    )


@pytest.fixture
def long_names(make_event, make_player, staff):  # noqa: F811
    cache.clear()
    played = make_played(make_event, make_player, staff)
    for registration, name in zip(played.registrations, LONG * 2, strict=True):
        Registration.objects.filter(pk=registration.pk).update(name=name)
    first = played.seat(1)
    played.play(first, ROUND_1)
    publish_results(first)
    yield played
    cache.clear()


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_long_player_names_are_not_cut(browser, live_server, long_names, viewport):
    slug = long_names.event.slug
    for page in ("standings", "seating"):
        browser.get(f"{live_server.url}/e/{slug}/projector/{page}/?seconds=120")
        _ready(browser)
        assert browser.execute_script(CUT) == [], page
        screenshot(browser, f"projector-long-names-{page}-{viewport[0]}")


@pytest.fixture
def long_teams(django_user_model):
    cache.clear()
    staged = make_staged(django_user_model)
    for short in TEAMS:
        Registration.objects.filter(event=staged.event, team=short).update(
            team=f"Mahjong Club of the Free and Hanseatic City of Hamburg {short}"
        )
    Registration.objects.filter(event=staged.event, name="Player 00").update(name=LONG[0])
    staged.play_qualifying()
    yield staged.event
    cache.clear()


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_long_team_names_and_members_are_not_cut(browser, live_server, long_teams, viewport):
    browser.get(f"{live_server.url}/e/{long_teams.slug}/projector/teams/?seconds=120")
    _ready(browser)
    assert browser.execute_script(CUT) == []
    screenshot(browser, f"projector-long-names-teams-{viewport[0]}")
