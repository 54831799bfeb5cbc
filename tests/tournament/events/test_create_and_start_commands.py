"""``create_event`` starts the event unless ``--draft``; ``start_event`` starts a draft.

Seating needs a started event (issue #34) while COMMANDS.md's flow is
``create_event`` then ``seat_round``: both must hold.
"""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.events.models import Event
from tournament.seating.models import Round

PLAYERS = "name,club,country,ema_id\n" + "".join(f"P{n},,,\n" for n in range(8))


@pytest.fixture
def players(tmp_path):
    path = tmp_path / "players.csv"
    path.write_text(PLAYERS, encoding="utf-8")
    return str(path)


def create(slug, players, *extra):
    out = StringIO()
    call_command(
        "create_event",
        slug,
        "--name",
        slug,
        "--ruleset",
        "mcr",
        "--players",
        players,
        *extra,
        stdout=out,
    )
    return out.getvalue()


def test_create_event_then_seat_round_works_as_commands_md_says(db, players):
    out = create("cup", players)
    assert "Created cup (mcr) with 8 player(s)." in out and "Started" in out
    event = Event.objects.get(slug="cup")
    assert event.status == Event.Status.RUNNING and event.ruleset_config
    call_command("seat_round", "cup", "--round", "1", stdout=StringIO(), stderr=StringIO())
    assert Round.objects.get(event=event, number=1).status == Round.Status.SEATED


def test_a_draft_is_refused_seating_until_start_event(db, players):
    out = create("draft-cup", players, "--draft")
    assert "draft" in out and Event.objects.get(slug="draft-cup").status == Event.Status.DRAFT
    with pytest.raises(CommandError, match="has not started yet"):
        call_command("seat_round", "draft-cup", "--round", "1", stdout=StringIO())
    assert not Round.objects.filter(event__slug="draft-cup").exists()

    call_command("start_event", "draft-cup", stdout=StringIO())
    assert Event.objects.get(slug="draft-cup").status == Event.Status.RUNNING
    call_command("seat_round", "draft-cup", "--round", "1", stdout=StringIO(), stderr=StringIO())
    with pytest.raises(CommandError, match="already started"):
        call_command("start_event", "draft-cup", stdout=StringIO())


def test_start_event_names_an_unknown_event(db):
    with pytest.raises(CommandError, match="no event 'nope'"):
        call_command("start_event", "nope", stdout=StringIO())
