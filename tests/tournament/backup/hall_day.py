"""The demo event's hall, played for the backup tests: player entry, judge calls, clock, print.

On top of ``conftest.play`` (corrections, conflicts, rulings, swaps), everything
through the services the players, judges and director use (issue #32, M6):

- player entry on; round 4 table 1 opened on three phones (one wrong PIN
  first), East enters three hands with its one-time keys, South accepts hand
  1, West disputes hand 2 and a judge settles it by entering it again, hand 3
  waits; the director lifts the table's PIN locks;
- round 4 table 2: the director replaced its PIN (generation 2);
- judge calls at round 4 tables 3, 4 and 5: open, taken, resolved;
- round 2's running clock paused, resumed, extended, and table 1 given extra
  time;
- a seating list of round 4 printed (a print job done, its PDF under
  ``MEDIA_ROOT``).
"""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model

from tournament.events.errors import save_with_history
from tournament.hall.calls import services as calls
from tournament.hall.clock import services as clock
from tournament.playerentry import services as entry
from tournament.playerentry.pin_lock import PinRefused, new_device
from tournament.printing.jobs import request_job, run_job
from tournament.results.sheet import services as results

RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}
TSUMO = {"outcome": "tsumo", "level": "value", "winner": "E", "han": 1, "fu": 30}
JUDGED = {**RON, "winner": "N", "han": 3}  # the judge's version of the disputed hand 2


def _phone(table, seat: str, address: str) -> entry.Phone:
    pin = entry.pin_of(table).pin
    return entry.open_with_pin(table, pin, seat, device=new_device(), address=address)


def _player_entry(event, director, judge) -> None:
    event.player_entry = True
    save_with_history(event, "players enter their own hands", director)
    tables = event.rounds.get(number=4).tables
    table = tables.get(number=1)
    with pytest.raises(PinRefused):
        entry.open_with_pin(table, "x", "W", device=new_device(), address="192.0.2.9")
    east = _phone(table, "E", "192.0.2.1")
    south, west = _phone(table, "S", "192.0.2.2"), _phone(table, "W", "192.0.2.3")
    version = 0
    for hand in (RON, TSUMO, RON):
        version = entry.enter_hand(
            table, east, hand, base_version=version, entry_key=str(uuid.uuid4())
        ).version
    entry.accept_hand(table, south, 1)
    entry.reject_hand(table, west, 2, "it was 3 han, and North won it")
    results.replace_hand(table, 2, JUDGED, by=judge, base_version=version)
    entry.lift_pin_locks(table, by=director, reason="West mistyped the PIN")

    other = tables.get(number=2)
    entry.pin_of(other)
    entry.regenerate_pin(other, by=director, reason="a spectator read the PIN")


def _judge_calls(event, judge, judge2) -> None:
    tables = event.rounds.get(number=4).tables
    calls.call_judge(tables.get(number=3), "we count 13 tiles", code="tile_count")
    taken = calls.call_judge(tables.get(number=4), code="ruling")
    calls.take_call(taken, judge)
    resolved = calls.call_judge(tables.get(number=5), "a chombo?", code="dispute")
    calls.take_call(resolved, judge2)
    calls.resolve_call(resolved, judge2, note="no chombo: the wall was rebuilt")


def _clock(event, director) -> None:
    round_ = event.rounds.get(number=2)  # its clock runs (load_demo starts it)
    clock.pause_clock(round_, by=director, reason="fire alarm")
    clock.resume_clock(round_, by=director, reason="all clear")
    clock.extend_clock(round_, minutes=5, by=director, reason="the alarm")
    clock.give_table_extra(round_, table_number=1, minutes=3, reason="a long ruling", by=director)


def play_in_the_hall(event):
    """The hall's day on the played demo ``event`` (see the module doc); needs MEDIA_ROOT set."""
    User = get_user_model()
    director = User.objects.get(username="demo-director")
    judge = User.objects.get(username="demo-judge")
    judge2 = User.objects.get(username="demo-judge2")
    _player_entry(event, director, judge)
    _judge_calls(event, judge, judge2)
    _clock(event, director)
    job = request_job(event, "seating_list", round_=event.rounds.get(number=4), by=director)
    run_job(job.pk)  # as the worker would; in a transactional test it already has (eager)
    job.refresh_from_db()
    assert job.status == "done", job.error
    event.refresh_from_db()
    return event
