"""Stages through their services: define, cut (ties, wild cards, withdrawals), undo, seat, carry.

Events are built and played through the real services (``stage_builder``):
a 20-player MCR qualifying round whose table scores put the ties where
each test needs them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation

from tests.tournament.stages.stage_builder import build, level, play, spread
from tournament.events.errors import EventError
from tournament.events.models import Registration
from tournament.events.services import add_substitute, drop_player
from tournament.rounds.round_admin import delete_round
from tournament.rounds.services import seat_round
from tournament.seating.models import Round, Seat
from tournament.stages import services
from tournament.stages.models import Stage, StageEntrant

pytestmark = pytest.mark.django_db

QUALIFYING = {"kind": "qualifying", "rounds": 1}


def final(size, **more):
    return {"kind": "final", "rounds": 2, "size": size, **more}


def played(slug, size, scores, **more):
    """20 players, one qualifying round played with ``scores``, a final of ``size``."""
    event, director, judge = build(slug, 20, [QUALIFYING, final(size, **more)])
    play(event, 1, director, judge, scores)
    return event, director, judge, services.stages_of(event)[1]


def names(ids) -> list[str]:
    by_id = dict(Registration.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [by_id[i] for i in ids]


# --- define --------------------------------------------------------------------------


def test_define_and_redefine_sets_the_rounds_planned():
    event, director, _judge = build("def", 16, [QUALIFYING, final(8)])
    assert event.rounds_planned == 3
    stages = services.define_stages(
        event,
        [
            {"kind": "qualifying", "rounds": 4},
            {"kind": "semifinal", "rounds": 2, "size": 8, "carry": "half"},
            {"kind": "final", "rounds": 1, "size": 4, "method": "rank", "pattern": "block"},
        ],
        by=director,
    )
    event.refresh_from_db()
    assert event.rounds_planned == 7
    assert [(s.number, s.kind, list(s.round_numbers)) for s in services.stages_of(event)] == [
        (1, "qualifying", [1, 2, 3, 4]),
        (2, "semifinal", [5, 6]),
        (3, "final", [7]),
    ]
    assert stages[0].size is None  # the first stage takes everyone
    assert Stage.history.filter(history_change_reason__startswith="stage.defined").exists()


@pytest.mark.parametrize(
    ("specs", "words"),
    [
        ([QUALIFYING, final(6)], "fills tables of four"),
        ([QUALIFYING, final(20)], "only 16 players"),
        ([QUALIFYING, final(8), {"kind": "final", "rounds": 1, "size": 12}], "only 8 players"),
    ],
)
def test_define_refuses_a_size_that_cannot_be(specs, words):
    event, director, _judge = build("bad", 16, [QUALIFYING])
    with pytest.raises(EventError, match=words):
        services.define_stages(event, specs, by=director)
    assert [s.kind for s in services.stages_of(event)] == ["qualifying"]  # nothing changed


def test_define_is_refused_after_a_cut_and_allowed_after_undo():
    event, director, _judge, stage = played("after", 4, spread)
    services.make_cut(stage, by=director)
    with pytest.raises(EventError, match="undo it before changing"):
        services.define_stages(event, [QUALIFYING], by=director)
    services.undo_cut(stage, by=director, words="mistake")
    services.define_stages(event, [{"kind": "qualifying", "rounds": 2}], by=director)
    event.refresh_from_db()
    assert event.rounds_planned == 2 and len(services.stages_of(event)) == 1


# --- the cut -------------------------------------------------------------------------


def test_a_tie_on_points_at_the_line_is_decided_by_the_next_metric():
    event, director, _judge, stage = played("decided", 4, spread)
    cut, rows = services.cut_preview(stage)
    assert cut.resolved and cut.tie == () and cut.decided_by == "points_total"
    last_in, first_out = (r for r in rows if r["registration"] in cut.line)
    assert last_in["points"] == first_out["points"] and last_in["rank"] < first_out["rank"]
    services.make_cut(stage, by=director, words="top 4")
    entrants = list(stage.entrants.order_by("rank_before"))
    assert [e.rank_before for e in entrants] == [1, 2, 3, 4]
    assert {e.reason for e in entrants} == {StageEntrant.Reason.RANK}
    assert services.current_stage(event).pk == stage.pk


def test_an_unbreakable_tie_is_refused_until_the_director_chooses():
    event, director, _judge, stage = played("tie", 8, level)
    cut, _rows = services.cut_preview(stage)
    assert not cut.resolved and len(cut.tie) == 5 and cut.tie_places == 3
    with pytest.raises(EventError, match="5 players are tied at the cut for 3 place"):
        services.make_cut(stage, by=director)
    with pytest.raises(EventError, match="exactly 3 of the 5 tied players, not 2"):
        services.make_cut(stage, chosen=cut.tie[:2], by=director)
    outsider = next(p for p in cut.entrants)
    with pytest.raises(EventError, match="only among the players tied"):
        services.make_cut(stage, chosen=(outsider, *cut.tie[:2]), by=director)
    with translation.override("ja"), pytest.raises(EventError, match="ちょうど3名"):
        services.make_cut(stage, chosen=cut.tie[:1], by=director)
    assert stage.entrants.count() == 0  # each refusal left nothing behind
    services.make_cut(
        stage, chosen=cut.tie[:3], tie_method="lot", by=director, words="drawn by lot"
    )
    reasons = dict(stage.entrants.values_list("registration", "reason"))
    assert len(reasons) == 8
    assert {p for p, r in reasons.items() if r == StageEntrant.Reason.TIE} == set(cut.tie[:3])


def test_a_wild_card_takes_a_place_and_the_rest_go_by_rank():
    event, director, _judge, stage = played("wild", 4, spread)
    _cut, rows = services.cut_preview(stage)
    last = rows[-1]["registration"]
    cut, _rows = services.cut_preview(stage, wild_cards=[last])
    assert cut.entrants[0] == last and len(cut.entrants) == 4
    services.make_cut(stage, wild_cards=[last], by=director)
    by_reason = dict(stage.entrants.values_list("registration", "reason"))
    assert by_reason[last] == StageEntrant.Reason.WILD_CARD
    ranked = sorted(stage.entrants.exclude(registration=last).values_list("rank_before", flat=True))
    assert ranked == [1, 2, 3]


def test_a_wild_card_who_withdrew_is_refused():
    event, director, _judge, stage = played("wild-gone", 4, spread)
    _cut, rows = services.cut_preview(stage)
    gone = Registration.objects.get(pk=rows[-1]["registration"])
    drop_player(gone, by=director, reason="went home")
    with pytest.raises(EventError, match="has not withdrawn"):
        services.make_cut(stage, wild_cards=[gone.pk], by=director)


def test_a_withdrawn_player_is_skipped_and_the_next_moves_up():
    event, director, _judge, stage = played("skip", 4, spread)
    _cut, before = services.cut_preview(stage)
    leader = Registration.objects.get(pk=before[0]["registration"])
    drop_player(leader, by=director, reason="flight home")
    cut, rows = services.cut_preview(stage)
    assert leader.pk not in cut.entrants and len(cut.entrants) == 4
    assert before[4]["registration"] in cut.entrants  # the fifth moved up
    assert rows[-1]["registration"] == leader.pk and rows[-1]["withdrawn"]
    services.make_cut(stage, by=director)
    assert leader.pk not in set(stage.entrants.values_list("registration", flat=True))


def test_the_cut_needs_the_results_of_the_stage_before_published():
    event, director, _judge = build("early", 20, [QUALIFYING, final(8)])
    stage = services.stages_of(event)[1]
    with pytest.raises(EventError, match="Publish the results of round 1"):
        services.cut_preview(stage)


def test_undo_is_refused_once_a_round_of_the_stage_is_seated():
    event, director, _judge, stage = played("undo", 4, spread)
    services.make_cut(stage, by=director)
    round_ = seat_round(event, 2, by=director, time_budget=0.2)
    with pytest.raises(EventError, match="delete them before undoing"):
        services.undo_cut(stage, by=director, words="oops")
    delete_round(round_, reason="seated too early", by=director)
    services.undo_cut(stage, by=director, words="a result corrected")
    stage.refresh_from_db()
    assert stage.cut_at is None and stage.entrants.count() == 0
    with pytest.raises(EventError, match="Make the cut to the Final"):
        seat_round(event, 2, by=director)


# --- seating a stage by rank, carrying points ----------------------------------------


@pytest.mark.parametrize(
    ("pattern", "tables"),
    [("snake", [(0, 3, 4, 7), (1, 2, 5, 6)]), ("block", [(0, 1, 2, 3), (4, 5, 6, 7)])],
)
def test_seat_by_rank_fills_tables_from_the_stage_standings(pattern, tables):
    # Without teams: the pattern exactly (teams may move players within a band of ranks,
    # test_seat_by_rank_keeps_teammates_apart_when_the_pattern_allows).
    event, director, judge = build(
        f"rank-{pattern}",
        20,
        [QUALIFYING, final(8, method="rank", pattern=pattern, carry="full")],
        teams=False,
    )
    play(event, 1, director, judge, spread)
    stage = services.stages_of(event)[1]
    cut, _rows = services.cut_preview(stage)
    services.make_cut(stage, chosen=cut.tie[: cut.tie_places], tie_method="lot", by=director)
    order = [row["registration"] for row in services.stage_rows(stage, "staff")]
    round_ = seat_round(event, 2, by=director)  # the stage's method: by rank
    assert round_.method == Round.Method.RANK
    seated = []
    for table in round_.tables.order_by("number"):
        winds = dict(Seat.objects.filter(table=table).values_list("wind", "registration"))
        seated.append(tuple(winds[w] for w in "ESWN"))
    assert seated == [tuple(order[i] for i in table) for table in tables]


def test_seat_by_rank_keeps_teammates_apart_when_the_pattern_allows():
    event, director, judge = build(
        "rank-teams", 20, [QUALIFYING, final(8, method="rank", pattern="snake", carry="full")]
    )
    play(event, 1, director, judge, spread)
    stage = services.stages_of(event)[1]
    cut, _rows = services.cut_preview(stage)
    services.make_cut(stage, chosen=cut.tie[: cut.tie_places], tie_method="lot", by=director)
    # Make the snake's own tables put two teammates together: the 1st and 4th are one team.
    order = [row["registration"] for row in services.stage_rows(stage, "staff")]
    Registration.objects.filter(pk__in=[order[0], order[3]]).update(team="Same")
    Registration.objects.filter(pk__in=order[1:3] + order[4:]).update(team="")
    round_ = seat_round(event, 2, by=director)
    for table in round_.tables.all():
        teams = [s.registration.team for s in table.seats.select_related("registration")]
        assert teams.count("Same") <= 1
    bands = {pk: i // 2 for i, pk in enumerate(order)}  # two tables: ranks 1-2, 3-4 …
    for table in round_.tables.all():
        assert sorted(bands[s.registration_id] for s in table.seats.all()) == [0, 1, 2, 3]


def test_half_carry_brings_half_the_points_and_score():
    event, director, judge, stage = played("half", 4, spread, carry="half")
    _cut, before = services.cut_preview(stage)
    services.make_cut(stage, by=director)
    rows = services.stage_rows(stage, "public")
    earlier = {row["registration"]: row for row in before}
    for row in rows:
        was = earlier[row["registration"]]
        assert Fraction(row["carried"]) == Fraction(was["points"]) / 2
        assert Fraction(row["points"]) == Fraction(was["points"]) / 2
        assert Fraction(row["score"]) == Fraction(was["score"]) / 2
    play(event, 2, director, judge, level)
    after = {row["registration"]: row for row in services.stage_rows(stage, "public")}
    table_points = {40: 4, 20: 2, -20: 1, -40: 0}  # MCR: 4-2-1-0 by place at the table
    for seat in Seat.objects.filter(round__number=2, round__event=event):
        score = dict(zip("ESWN", level(1), strict=True))[seat.wind]
        row, was = after[seat.registration_id], earlier[seat.registration_id]
        assert Fraction(row["points"]) == Fraction(was["points"]) / 2 + table_points[score]
        assert Fraction(row["score"]) == Fraction(was["score"]) / 2 + score


# --- withdrawals and substitutes in a stage ------------------------------------------


def test_a_withdrawn_entrant_is_not_seated_and_a_substitute_fills_the_table():
    event, director, judge, stage = played("sub", 4, spread, method="balanced")
    services.make_cut(stage, by=director)
    gone = stage.entrants.order_by("rank_before").first().registration
    drop_player(gone, by=director, reason="ill")
    substitute = add_substitute(event, name="House Sub", by=director)
    assert {r.pk for r in services.stage_players(event, 2)} == (
        set(stage.entrants.values_list("registration", flat=True)) - {gone.pk} | {substitute.pk}
    )
    round_ = play(event, 2, director, judge, level)
    seated = set(round_.seats.values_list("registration", flat=True))
    assert gone.pk not in seated and substitute.pk in seated
    rows = services.stage_rows(stage, "public")
    assert [r["registration"] for r in rows if r["withdrawn"]] == [gone.pk]
    assert rows[-1]["registration"] == gone.pk  # ranked after the players still in
    assert substitute.pk not in {r["registration"] for r in rows}  # substitutes are not ranked


def test_a_stage_round_is_compared_with_the_stage_players_not_the_whole_field():
    """The round page's "planned before the players changed" warns of the stage's own."""
    from tournament.rounds.plan_drift import drifted_rounds

    event, director, _judge, stage = played("drift", 4, spread)
    services.make_cut(stage, by=director)
    seat_round(event, 2, by=director, time_budget=0.2)
    assert drifted_rounds(event) == []  # the 16 players out are not "missing"
    gone = stage.entrants.first().registration
    drop_player(gone, by=director, reason="ill")
    (drift,) = drifted_rounds(event)
    assert drift.withdrawn == [gone] and drift.missing == []
