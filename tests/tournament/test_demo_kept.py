"""The demo kept between tests (``conftest.py``) leaks nothing from one test to the next.

The tests run in this order (one module, one process): the first changes the
demo in every way a test might, the second reads it and finds it as loaded,
and the same load (its creation time shows it was not loaded again); a test
that does not ask for the demo finds an empty database; the demo is then
loaded afresh for the next one that asks.
"""

from __future__ import annotations

from tournament.events.models import Event, Player, Registration
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round

LOADED = {}  # what the first test saw of the demo as loaded


def _state(event) -> dict:
    return {
        "name": event.name,
        "status": event.status,
        "rounds": list(event.rounds.order_by("number").values_list("number", "status")),
        "players": event.registrations.filter(status="active").count(),
        "confirmed sheets": ScoreSheet.objects.filter(
            table__round__event=event, status="confirmed"
        ).count(),
        "events": Event.objects.count(),
        "all players": Player.objects.count(),
    }


def test_1_a_test_changes_the_demo(demo_event):
    LOADED.update(_state(demo_event), created_at=demo_event.created_at, pk=demo_event.pk)
    assert LOADED["rounds"] == [(n, "published") for n in (1, 2, 3, 4)]
    assert LOADED["confirmed sheets"] and LOADED["players"] == 32
    demo_event.name = "Renamed by a test"
    demo_event.save()
    Round.objects.filter(event=demo_event, number=4).delete()
    ScoreSheet.objects.filter(table__round__event=demo_event).update(status="draft")
    Registration.objects.filter(event=demo_event).update(status="dropped")
    Player.objects.create(ema_id="99")  # added by a test
    Event.objects.create(slug="another", name="Another", start_date="2026-06-01",
                         end_date="2026-06-01", ruleset="wrc")  # fmt: skip
    changed = _state(Event.objects.get(pk=demo_event.pk))
    assert changed["name"] != LOADED["name"] and changed["players"] == 0
    assert (
        len(changed["rounds"]) == 3 and changed["confirmed sheets"] == 0 and changed["events"] == 2
    )


def test_2_the_next_test_reads_the_demo_as_it_was_loaded(demo_event):
    assert LOADED, "runs after test_1"
    assert (demo_event.pk, demo_event.created_at) == (LOADED["pk"], LOADED["created_at"])
    assert _state(demo_event) == {k: v for k, v in LOADED.items() if k not in ("pk", "created_at")}


def test_3_a_test_that_does_not_ask_for_the_demo_finds_an_empty_database(db):
    assert not Event.objects.exists()
    assert not Player.objects.exists()


def test_4_the_demo_is_loaded_again_for_the_next_test_that_asks(demo_event):
    assert demo_event.created_at != LOADED["created_at"]
    assert _state(demo_event) == {k: v for k, v in LOADED.items() if k not in ("pk", "created_at")}
