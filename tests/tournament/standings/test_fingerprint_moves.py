"""The standings fingerprint moves with every service that can change the standings.

A property over the services, not over one bug: build a real event with
confirmed, published results, call each service that changes what the
standings show, and check that the fingerprint moved (staff scope, and
public scope where the change is visible publicly) and that the cached rows
equal a fresh ``compute()``. A service another change adds later joins the
list by its import name; one not in this checkout is skipped, not forgotten.
"""

from __future__ import annotations

import datetime
import importlib
import re

import pytest
from django.urls import reverse

from tournament.events import services as events
from tournament.events.errors import save_with_history
from tournament.events.models import Event, Registration
from tournament.results.sheet import services as results
from tournament.results.sheet.state import head_of
from tournament.rounds.replacements import replace_player
from tournament.rounds.swaps import expected_of, swap_seats
from tournament.seating.models import Round, Seat
from tournament.standings.fingerprints import fingerprint
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import compute, publish_results, standings

ROUND_1 = [[45000, 32000, 25000, 18000], [35000, 35000, 30000, 20000]]
ROUND_2 = [[50000, 30000, 25000, 15000], [40000, 30000, 30000, 20000]]


@pytest.fixture
def played(tournament, make_player):
    """Round 1 confirmed and published; round 2 confirmed, not published; a reserve."""
    built = tournament("jpml-b", tables=2, rounds=2)
    built.play_round(1, ROUND_1)
    publish_results(Round.objects.get(event=built.event, number=1))
    built.play_round(2, ROUND_2)
    built.reserve = Registration.objects.create(
        event=built.event, player=make_player(), name="Rita Reserve", status="reserve"
    )
    return built


def optional(module: str, name: str):
    """A service another change adds: the callable, or a skip naming what is missing."""
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        pytest.skip(f"{module}.{name} is not in this checkout")


def _seat(built, round_no, table, wind) -> Seat:
    return Seat.objects.select_related("table").get(
        table=built.tables[(round_no, table)], wind=wind
    )


def _swap(built, round_no):
    a, b = _seat(built, round_no, 1, "E"), _seat(built, round_no, 2, "N")
    expect = expected_of([a.table, b.table], [a, b])
    swap_seats(a, b, by=built.users["director"], reason="wrong tables", expect=expect)


def _replace(built):
    target = _seat(built, 1, 2, "W")
    expect = expected_of([target.table], [target])
    replace_player(
        target, built.reserve, by=built.users["director"], reason="no-show", expect=expect
    )


def _reconfirm_after_swap(built):
    _swap(built, 1)
    return lambda: [
        results.confirm_sheet(t, by=built.users["judge"], version=head_of(t).version)
        for t in (built.tables[(1, 1)], built.tables[(1, 2)])
    ]


def _ruling(built):
    table, director = built.tables[(1, 2)], built.users["director"]
    sheet = results.record_ruling(
        table,
        by=director,
        base_version=head_of(table).version,
        kind="conduct",
        player="W",
        decision="slow play after two warnings",
        penalties=[
            {"player": "W", "points": -3000, "scope": "session_after_uma", "distribution": "none"}
        ],
        reason="penalty given after the session",
    )
    sheet = results.submit_sheet(table, by=director, version=sheet.version)
    results.confirm_sheet(table, by=built.users["judge"], version=sheet.version)


def _edit_player(built):
    edit_player = optional("tournament.events.editing", "edit_player")
    registration = built.registrations[0]
    edit_player(registration, name="Renamed Player", club="Club", country="DE", by=None)


def _edit_player_by_hand(built):
    player = built.registrations[1].player
    player.latin_last_name = "Corrected"
    save_with_history(player, "Latin name spelled wrong", built.users["director"])


def _edit_event(built):
    edit_event = optional("tournament.events.editing", "edit_event")
    event = built.event
    edit_event(
        event,
        name="Renamed Open",
        start_date=event.start_date,
        end_date=event.end_date + datetime.timedelta(days=1),
        is_public=True,
        hands_per_session=event.hands_per_session,
        entry_level=getattr(event, "entry_level", "value"),
        rounds_planned=2,
    )


def _unpublish_results(built):
    unpublish = optional("tournament.rounds.round_admin", "unpublish_results")
    unpublish(Round.objects.get(event=built.event, number=1), reason="a correction", by=None)


def _reinstate(built):
    events.drop_player(built.registrations[2], reason="went home")
    return lambda: events.reinstate_player(built.registrations[2])


# name -> (action, visible publicly). An action may prepare and return the measured step.
CASES = {
    "add_player": (lambda b: events.add_player(b.event, name="Late Player"), True),
    "drop_player": (lambda b: events.drop_player(b.registrations[0], reason="left"), True),
    "reinstate_player": (_reinstate, True),
    "edit_player": (_edit_player, True),
    "player saved by hand": (_edit_player_by_hand, True),
    "edit_event": (_edit_event, True),
    "swap_seats (published round)": (lambda b: _swap(b, 1), True),
    "swap_seats (unpublished round)": (lambda b: _swap(b, 2), False),
    "confirm after a swap": (_reconfirm_after_swap, True),
    "replace_player": (_replace, True),
    "confirm_sheet (a correction)": (
        lambda b: b.play(1, 1, [25000, 32000, 45000, 18000], reason="East and West swapped"),
        True,
    ),
    "record_ruling with a penalty, confirmed": (_ruling, True),
    "publish_results": (
        lambda b: publish_results(Round.objects.get(event=b.event, number=2)),
        True,
    ),
    "unpublish_results": (_unpublish_results, True),
}


def _cache(event) -> dict[str, str]:
    """Both scopes' snapshots made now; their fingerprints."""
    return {scope: standings(event, scope).fingerprint for scope in ("staff", "public")}


@pytest.mark.parametrize("name", list(CASES))
def test_the_fingerprint_moves_and_the_cache_is_fresh(played, name):
    action, public = CASES[name]
    before = _cache(played.event)
    step = action(played)
    if callable(step):  # the action prepared; this is the change measured
        before = _cache(played.event)
        step()
    event = Event.objects.get(pk=played.event.pk)
    assert fingerprint(event, "staff") != before["staff"]
    if public:
        assert fingerprint(event, "public") != before["public"]
    for scope in ("staff", "public"):
        assert standings(event, scope).rows == compute(event, scope)[0]


def _names_in_order(html: str) -> list[str]:
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    return re.findall(r'<td class="col-player"><a href="[^"]+">([^<]+)</a>', body)


def test_the_public_page_and_csv_show_a_swap_at_once(client, played):
    slug = played.event.slug
    page = reverse("public:standings", args=[slug])
    download = reverse("public_standings:csv", args=[slug])
    before = _names_in_order(client.get(page).content.decode())
    first = client.get(download).content
    _swap(played, 1)
    for table in (played.tables[(1, 1)], played.tables[(1, 2)]):
        results.confirm_sheet(table, by=played.users["judge"], version=head_of(table).version)
    fresh = [row["player"] for row in compute(played.event, "public")[0]]
    after = _names_in_order(client.get(page).content.decode())
    assert after == fresh != before
    assert client.get(download).content != first


def test_the_scope_spelt_as_a_string_or_a_choice_is_one_snapshot(played):
    """A view passes ``Scope.PUBLIC``, a print task the string "public" (after Celery's JSON).

    Their reprs differ; hashed as such, the two kept replacing each other's
    snapshot, a recomputation on every alternation (seen as a moving
    ``computed_at`` on a finished event's API standings, issue #32).
    """
    for name in ("PUBLIC", "STAFF"):
        choice = StandingSnapshot.Scope[name]
        assert fingerprint(played.event, choice) == fingerprint(played.event, choice.value)
        first = standings(played.event, choice)
        again = standings(played.event, choice.value)
        assert again.computed_at == first.computed_at
