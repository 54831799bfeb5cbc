"""The standings cache: reused while nothing changed, recomputed when anything did; publishing."""

import pytest

from tournament.events.errors import EventError
from tournament.events.services import drop_player
from tournament.seating.models import Round
from tournament.standings import services
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import publish_results, standings

ROUND_1 = [[45000, 32000, 25000, 18000], [35000, 35000, 30000, 20000]]


@pytest.fixture
def event(tournament):
    built = tournament("jpml-b", tables=2, rounds=2)
    built.play_round(1, ROUND_1)
    return built


def by_name(snapshot):
    return {row["player"]: row for row in snapshot.rows}


def test_the_snapshot_is_reused_when_nothing_changed(
    event, django_assert_max_num_queries, monkeypatch
):
    first = standings(event.event, "staff")
    assert first.rounds == [1]

    def no_recompute(*args):
        raise AssertionError("recomputed although nothing changed")

    monkeypatch.setattr(services, "compute", no_recompute)
    # The fingerprint's three aggregates and the snapshot itself.
    with django_assert_max_num_queries(4):
        again = standings(event.event, "staff")
    assert (again.pk, again.fingerprint, again.rows) == (first.pk, first.fingerprint, first.rows)
    assert StandingSnapshot.objects.count() == 1


def test_a_new_confirmation_is_counted(event):
    before = standings(event.event, "staff")
    assert {row["sessions"] for row in before.rows} == {1}
    event.play(2, 1, [40000, 30000, 30000, 20000])
    after = standings(event.event, "staff")
    assert after.rounds == [1, 2]
    assert sorted(row["sessions"] for row in after.rows) == [1, 1, 1, 1, 2, 2, 2, 2]


def test_a_correction_is_counted(event):
    seats = event.seats(1, 1)
    east = seats["E"].name
    assert by_name(standings(event.event, "staff"))[east]["points"] == "30"  # +15 + 15 uma
    event.play(1, 1, [25000, 32000, 45000, 18000], reason="East and West swapped on the sheet")
    corrected = by_name(standings(event.event, "staff"))
    assert corrected[east]["points"] == "-10"  # -5, 3rd: -5
    assert corrected[seats["W"].name]["points"] == "30"


def test_publishing_results_puts_a_round_on_the_public_standings(event):
    public = standings(event.event, "public")
    assert public.rounds == []
    assert {row["sessions"] for row in public.rows} == {0}
    publish_results(Round.objects.get(event=event.event, number=1), by=event.users["director"])
    public = standings(event.event, "public")
    assert public.rounds == [1]
    assert {row["sessions"] for row in public.rows} == {1}
    # The staff scope counted the round all along.
    assert standings(event.event, "staff").rounds == [1]


def test_a_dropped_player_stays_in_the_standings_marked_and_last(event):
    # Issue "[4/8]": a withdrawn player keeps the rounds played, marked, after the active ones.
    assert len(standings(event.event, "staff").rows) == 8
    leaving = event.registrations[0]
    drop_player(leaving, by=event.users["director"], reason="went home")
    rows = standings(event.event, "staff").rows
    assert len(rows) == 8
    assert rows[-1]["player"] == leaving.name and rows[-1]["withdrawn"]
    assert rows[-1]["rank"] == 8 and not any(row["withdrawn"] for row in rows[:-1])


def test_a_change_to_one_scope_leaves_the_other_alone(event):
    staff = standings(event.event, "staff")
    public = standings(event.event, "public")
    event.play(2, 2, [40000, 30000, 30000, 20000])  # round 2 not published: public unchanged
    assert standings(event.event, "public").fingerprint == public.fingerprint
    assert standings(event.event, "staff").fingerprint != staff.fingerprint


def test_ties_at_a_table_split_the_uma(event):
    seats = event.seats(1, 2)  # 35,000 and 35,000: 1st and 2nd uma (+15, +5) shared
    rows = by_name(standings(event.event, "staff"))
    assert rows[seats["E"].name]["points"] == rows[seats["S"].name]["points"] == "15"
    assert rows[seats["E"].name]["rank"] == rows[seats["S"].name]["rank"]


# --- publish_results refusals ---------------------------------------------------------------


def refused(round_):
    with pytest.raises(EventError) as info:
        publish_results(round_)
    round_.refresh_from_db()
    assert round_.results_published_at is None
    return str(info.value)


def test_publishing_needs_every_table_confirmed(event):
    round_2 = Round.objects.get(event=event.event, number=2)
    assert "no confirmed sheet for Table 1, Table 2" in refused(round_2)
    event.play(2, 1, [40000, 30000, 30000, 20000])
    assert "no confirmed sheet for Table 2" in refused(round_2)


def test_a_submitted_sheet_is_not_enough(event):
    from tournament.results.sheet import services as results

    table = event.tables[(2, 1)]
    sheet = results.save_final_scores(
        table,
        dict(zip("ESWN", [40000, 30000, 30000, 20000], strict=True)),
        by=event.users["director"],
        base_version=0,
    )
    results.submit_sheet(table, by=event.users["director"], version=sheet.version)
    event.play(2, 2, [40000, 30000, 30000, 20000])
    assert "no confirmed sheet for Table 1" in refused(
        Round.objects.get(event=event.event, number=2)
    )


def test_publishing_needs_the_seating_published_first(event):
    round_1 = Round.objects.get(event=event.event, number=1)
    Round.objects.filter(pk=round_1.pk).update(status=Round.Status.SEATED, published_at=None)
    assert "Publish the round's seating before its results" in refused(round_1)


def test_results_are_published_once(event):
    round_1 = Round.objects.get(event=event.event, number=1)
    publish_results(round_1)
    with pytest.raises(EventError, match="already published"):
        publish_results(round_1)


def test_a_round_without_tables_cannot_be_published(event):
    empty = Round.objects.create(event=event.event, number=3, status=Round.Status.SEATED)
    Round.objects.filter(pk=empty.pk).update(status=Round.Status.PUBLISHED)
    empty.refresh_from_db()
    assert "no confirmed sheet for any table" in refused(empty)


def test_a_corrected_player_name_reaches_the_standings(event):
    first = standings(event.event, "staff").rows[0]
    registration = event.event.registrations.get(pk=first["registration"])
    registration.name = first["player"] + " (赤木)"
    registration.save()
    assert standings(event.event, "staff").rows[0]["player"] == first["player"] + " (赤木)"
