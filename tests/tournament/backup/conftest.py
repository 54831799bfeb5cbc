"""The demo event with the awkward parts of a real one, for the backup tests.

On top of ``load_demo`` (round 1 confirmed and published, round 2 table 1 in
progress) everything is done through the services a director or judge uses:
a correction of a confirmed sheet (superseded + confirmed versions), a
conflict version from a stale save, a ruling with a penalty and a voided one,
that sheet confirmed, a seat swap (a deleted seat in the history), a dropped
player, a renamed player, and a staff user deleted since (history naming a
user who no longer exists). ``hall_played_event`` adds the hall's day
(``hall_day.py``): player entry, judge calls, the clock's log, a print job.

It is played for each test, on the demo kept from the test before
(``tests/tournament/conftest.py``), and undone after it.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.backup.hall_day import play_in_the_hall
from tournament.events.errors import save_with_history
from tournament.events.services import drop_player, grant_role
from tournament.results.sheet import services
from tournament.results.sheet.errors import SheetConflict
from tournament.rounds.services import swap_seats

TSUMO = {"outcome": "tsumo", "level": "value", "winner": "E", "han": 1, "fu": 30}


def _correct_round_1(event, director, judge):
    table = event.rounds.get(number=1).tables.get(number=2)
    head = services.head_of(table)
    fixed = {"E": 45200, "S": 31100, "W": 25700, "N": 18000}
    sheet = services.save_final_scores(
        table, fixed, by=director, base_version=head.version, reason="S and W swapped 1,000"
    )
    services.submit_sheet(table, by=director, version=sheet.version)
    services.confirm_sheet(table, by=judge, version=sheet.version)


def _rule_on_round_2(event, director, judge, judge2):
    table = event.rounds.get(number=2).tables.get(number=1)
    head = services.head_of(table)
    with pytest.raises(SheetConflict):  # judge2 worked from an older version
        services.add_hand(table, TSUMO, by=judge2, base_version=head.version - 1)
    sheet = services.record_ruling(
        table, by=judge, base_version=head.version, kind="conduct", player="W",
        decision="W kept talking about discards after a warning", rule_reference="EMA §3",
        penalties=[{"player": "W", "points": -10, "scope": "overall_score"}],
    )  # fmt: skip
    sheet = services.record_ruling(
        table, by=judge, base_version=sheet.version, kind="timing", player="N",
        decision="N slow", penalties=[{"player": "N", "points": -5, "scope": "overall_score"}],
    )  # fmt: skip
    key = sheet.rulings.get(kind="timing").key
    sheet = services.void_ruling(
        table, key, by=judge2, base_version=sheet.version, reason="the clock was wrong"
    )
    sheet = services.submit_sheet(table, by=judge, version=sheet.version)
    services.confirm_sheet(table, by=director, version=sheet.version)


def play(event):
    """The day of corrections, conflicts, rulings and swaps, on the demo ``event``."""
    User = get_user_model()
    director = User.objects.get(username="demo-director")
    judge = User.objects.get(username="demo-judge")
    judge2 = User.objects.get(username="demo-judge2")
    judge2.first_name, judge2.last_name, judge2.email = "Jun", "Sato", "jun@example.org"
    judge2.save()
    _correct_round_1(event, director, judge)
    _rule_on_round_2(event, director, judge, judge2)

    seats = list(event.rounds.get(number=3).seats.order_by("pk")[:5])
    swap_seats(seats[0], seats[4], by=director, reason="a wheelchair needs table 1")
    registration = event.registrations.order_by("pk").last()
    drop_player(registration, by=director, reason="left after round 2")
    first = event.registrations.order_by("pk").first()
    first.club = "Corrected Club"
    save_with_history(first, "club spelled wrong", director)
    player = first.player
    player.latin_last_name = "Corrected"
    save_with_history(player, "Latin name spelled wrong", director)

    helper = User.objects.create_user("helper", password="pw")
    grant_role(event, helper, "viewer", by=director)
    helper.delete()  # the role goes with the user; its history stays
    event.refresh_from_db()
    return event


@pytest.fixture
def played_event(demo_event):
    """The demo event after a day of corrections, conflicts, rulings and swaps."""
    return play(demo_event)


@pytest.fixture
def committed_played_event(committed_demo_event):
    """The played demo for a transactional test: built for this test alone."""
    return play(committed_demo_event)


@pytest.fixture
def hall_played_event(played_event, settings, tmp_path):
    """The played demo with player entry, judge calls, a clock log and a print job (M6)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return play_in_the_hall(played_event)


@pytest.fixture
def committed_hall_played_event(committed_played_event, settings, tmp_path):
    """:func:`hall_played_event` for a transactional test: built for this test alone."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return play_in_the_hall(committed_played_event)
