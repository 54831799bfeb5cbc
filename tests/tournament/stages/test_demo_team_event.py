"""The demo team event, recomputed from its raw data and compared (issue #21 acceptance).

``load_demo`` runs once for the module (inside a transaction rolled back at
the end). From the raw data only (the confirmed sheets' final scores, the
Seat rows, the stage definitions) this module computes, in plain Python and
without the project's scoring or standings code: each table's MCR table
points, every stage's standings with half the points carried, the overall
ranking, the two cuts, and both team rankings; then compares them field by
field with what the services say. Each cut has a tie on table points across
the line, decided by the session-score total: the demo's scores are chosen
so (``tournament/demo/team_event.py``).
"""

from __future__ import annotations

import io
import random
from collections import defaultdict
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client

from tournament.demo.team_event import table_scores, tie_at_line
from tournament.events.models import Event
from tournament.events.rules import precedence_of
from tournament.results.models import ScoreSheet
from tournament.seating.models import Round, Seat
from tournament.stages.models import StageEntrant
from tournament.stages.services import cut_preview
from tournament.standings.stage_rows import overall_rows, stage_rows, stages_of
from tournament.standings.teams import team_standings

SLUG = "demo-teams"
# The declared MCR ranking (rules/mcr.md §8): table points, session scores, then the chain.
DECLARED = ("table_points", "points_total", "firsts", "seconds", "thirds", "best_session")
TABLE_POINTS = (4, 2, 1, 0)
SIZES = {2: 16, 3: 4}
HALF = Fraction(1, 2)


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    """The demo, loaded once; everything it made is rolled back after the module."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            call_command("load_demo", time_budget=2.0, stdout=io.StringIO())
            yield Event.objects.get(slug=SLUG)
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


@pytest.fixture(scope="module")
def raw(demo, django_db_blocker):
    """round -> list of tables, each {registration id: final score}, from sheets and seats."""
    with django_db_blocker.unblock():
        seat_of = {
            (s["table_id"], s["wind"]): s["registration_id"]
            for s in Seat.objects.filter(round__event=demo).values(
                "table_id", "wind", "registration_id"
            )
        }
        rounds: dict[int, list[dict]] = defaultdict(list)
        sheets = ScoreSheet.objects.filter(table__round__event=demo, status="confirmed")
        for sheet in sheets.select_related("table__round"):
            scores = {seat_of[sheet.table_id, w]: v for w, v in sheet.final_scores.items()}
            rounds[sheet.table.round.number].append(scores)
        return dict(rounds)


def table_points(scores: dict) -> dict:
    """MCR table points 4-2-1-0; players on equal scores share the places' points."""
    out = {}
    for player, score in scores.items():
        above = sum(s > score for s in scores.values())
        level = sum(s == score for s in scores.values())
        out[player] = Fraction(sum(TABLE_POINTS[above : above + level]), level)
    return out


def placement(scores: dict, player) -> int:
    return 1 + sum(s > scores[player] for s in scores.values())


def stage_table(raw, rounds, players, carried) -> list[dict]:
    """Ranked rows {player, rank, points, score, sessions, metrics} of one stage."""
    acc = {
        p: {"tp": carried.get(p, (0, 0))[0], "score": Fraction(carried.get(p, (0, 0))[1]),
            "places": [0, 0, 0, 0], "best": None, "sessions": 0}
        for p in players
    }  # fmt: skip
    for number in rounds:
        for scores in raw[number]:
            points = table_points(scores)
            for player, score in scores.items():
                if player not in acc:
                    continue
                mine = acc[player]
                mine["tp"] += points[player]
                mine["score"] += score
                mine["places"][placement(scores, player) - 1] += 1
                mine["best"] = score if mine["best"] is None else max(mine["best"], score)
                mine["sessions"] += 1
    rows = []
    for player, m in acc.items():
        metrics = {
            "table_points": Fraction(m["tp"]),
            "points_total": m["score"],
            "firsts": m["places"][0],
            "seconds": m["places"][1],
            "thirds": m["places"][2],
            "best_session": m["best"],
        }
        rows.append({"player": player, "sessions": m["sessions"], "metrics": metrics})
    key = {r["player"]: tuple(-r["metrics"][name] for name in DECLARED) for r in rows}
    rows.sort(key=lambda r: (key[r["player"]], r["player"]))
    for i, row in enumerate(rows):
        same = i and key[rows[i - 1]["player"]] == key[row["player"]]
        row["rank"] = rows[i - 1]["rank"] if same else i + 1
    return rows


@pytest.fixture(scope="module")
def expected(demo, raw, django_db_blocker):
    """Each stage's rows and the entrants of each cut, recomputed here."""
    with django_db_blocker.unblock():
        players = list(demo.registrations.values_list("pk", flat=True))
    tables = {1: stage_table(raw, range(1, 7), players, {})}
    entrants = {}
    for number, rounds in ((2, range(7, 9)), (3, range(9, 11))):
        before = tables[number - 1]
        entrants[number] = [r["player"] for r in before[: SIZES[number]]]
        carried = {
            r["player"]: (r["metrics"]["table_points"] * HALF, r["metrics"]["points_total"] * HALF)
            for r in before[: SIZES[number]]
        }
        tables[number] = stage_table(raw, rounds, entrants[number], carried)
    return {"tables": tables, "entrants": entrants}


def as_compared(row: dict) -> dict:
    """A service row in the recomputed rows' terms (exact numbers, not strings)."""
    return {
        "player": row["registration"],
        "rank": row["rank"],
        "sessions": row["sessions"],
        "metrics": {name: Fraction(row["metrics"][name]) for name in DECLARED},
    }


pytestmark = pytest.mark.django_db


def test_the_declared_ranking_is_the_one_recomputed(demo):
    assert precedence_of(demo) == DECLARED
    assert demo.team_sum_all and demo.team_best_n == 3
    assert demo.entry_level == "final"


def test_every_round_published_and_every_sheet_confirmed(demo, raw):
    rounds = Round.objects.filter(event=demo)
    assert sorted(r.number for r in rounds) == list(range(1, 11))
    assert all(r.status != Round.Status.DRAFT and r.results_published_at for r in rounds)
    for round_ in rounds:
        sheets = ScoreSheet.objects.filter(table__round=round_)
        assert {s.status for s in sheets} == {"confirmed"}
        assert len(raw[round_.number]) == round_.tables.count()
    assert [len(raw[n]) for n in range(1, 11)] == [16] * 6 + [4, 4, 1, 1]
    for tables in raw.values():
        for scores in tables:
            assert len(scores) == 4 and sum(scores.values()) == 0


def test_stored_table_points_are_mcr_table_points(demo):
    sheets = ScoreSheet.objects.filter(table__round__event=demo, status="confirmed")
    for sheet in sheets:
        points = table_points(sheet.final_scores)
        for wind, line in sheet.result["session"].items():
            assert Fraction(line["rank_points"]) == points[wind]
            assert Fraction(line["score"]) == sheet.final_scores[wind]


def test_every_stage_standings_recomputed(demo, expected):
    for stage in stages_of(demo):
        rows = stage_rows(stage, "public")
        mine = expected["tables"][stage.number]
        assert [as_compared(r) for r in rows] == mine, stage
        for row, want in zip(rows, mine, strict=True):
            assert Fraction(row["points"]) == want["metrics"]["table_points"]
            assert Fraction(row["score"]) == want["metrics"]["points_total"]
            assert row["stage"] == stage.number


def test_carried_points_are_half_of_the_stage_before(demo, expected):
    for stage in stages_of(demo)[1:]:
        before = {r["player"]: r for r in expected["tables"][stage.number - 1]}
        for row in stage_rows(stage, "public"):
            brought = before[row["registration"]]["metrics"]["table_points"] * HALF
            assert Fraction(row["carried"]) == brought


def test_the_cuts_took_the_recomputed_entrants(demo, expected):
    for stage in stages_of(demo)[1:]:
        entrants = StageEntrant.objects.filter(stage=stage)
        assert {e.registration_id for e in entrants} == set(expected["entrants"][stage.number])
        ranks = {r["player"]: r["rank"] for r in expected["tables"][stage.number - 1]}
        for entrant in entrants:
            assert entrant.reason == StageEntrant.Reason.RANK
            assert entrant.rank_before == ranks[entrant.registration_id]
        assert stage.cut_at is not None


def test_a_tie_on_points_at_each_cut_decided_by_the_session_scores(demo, expected):
    for stage in stages_of(demo)[1:]:
        size = SIZES[stage.number]
        before = expected["tables"][stage.number - 1]
        last_in, first_out = before[size - 1], before[size]
        assert last_in["metrics"]["table_points"] == first_out["metrics"]["table_points"]
        assert last_in["metrics"]["points_total"] > first_out["metrics"]["points_total"]
        assert last_in["rank"] < first_out["rank"]
        cut, _rows = cut_preview(stage)
        assert cut.resolved and not cut.tie
        assert cut.decided_by == "points_total"
        assert cut.line == (last_in["player"], first_out["player"])


def test_the_tie_at_each_cut_is_shown_on_the_pages(demo, expected, client):
    """The public stage table and the director's cut page name the two players level on
    table points at the line, and the tiebreak that decided (a tie shown, not hidden)."""
    from django.contrib.auth import get_user_model

    names = dict(demo.registrations.values_list("pk", "name"))
    director = get_user_model().objects.get(username="demo-director")
    staff = Client()
    staff.force_login(director)
    for stage in stages_of(demo)[1:]:
        size = SIZES[stage.number]
        before = expected["tables"][stage.number - 1]
        above, below = names[before[size - 1]["player"]], names[before[size]["player"]]
        said = f"At the cut, {above} and {below} were level on Table points; Total points decided."
        public = client.get(f"/e/{SLUG}/standings/?stage={stage.number - 1}")
        assert said in public.content.decode()
        made = staff.get(f"/manage/{SLUG}/stages/{stage.number}/cut/").content.decode()
        assert said in made and 'id="cut-drift"' not in made


def test_overall_ranking_goes_down_the_stages(demo, expected):
    tables = expected["tables"]
    order = [r["player"] for r in tables[3]]
    for number in (2, 1):
        order += [r["player"] for r in tables[number] if r["player"] not in order]
    rows = overall_rows(demo, "public")
    assert [r["registration"] for r in rows] == order
    assert [r["stage"] for r in rows] == [3] * 4 + [2] * 12 + [1] * 48
    assert [r["rank"] for r in rows] == list(range(1, 65))  # no tie left in the demo


def expected_teams(demo, raw, best):
    """(team, points, score, sessions) ranked; best: the best N sessions of each round only."""
    team_of = dict(demo.registrations.values_list("pk", "team"))
    sessions = defaultdict(list)  # (team, round) -> [(tp, score)]
    for number, tables in raw.items():
        for scores in tables:
            points = table_points(scores)
            for player, score in scores.items():
                sessions[team_of[player], number].append((points[player], Fraction(score)))
    totals = {team: [Fraction(0), Fraction(0), 0] for team in set(team_of.values())}
    for (team, _number), values in sessions.items():
        kept = sorted(values, reverse=True)[:best] if best else values
        totals[team][0] += sum(v[0] for v in kept)
        totals[team][1] += sum(v[1] for v in kept)
        totals[team][2] += len(kept)
    ranked = sorted(totals, key=lambda t: (-totals[t][0], -totals[t][1], t))
    out = []
    for i, team in enumerate(ranked):
        same = i and totals[ranked[i - 1]][:2] == totals[team][:2]
        out.append((out[-1][0] if same else i + 1, team, *totals[team]))
    return out


def test_both_team_standings_recomputed(demo, raw):
    tables = team_standings(demo)
    assert [(t.kind, t.best) for t in tables] == [("all", None), ("best", 3)]
    members = defaultdict(set)
    for pk, team in demo.registrations.values_list("pk", "team"):
        members[team].add(pk)
    assert len(members) == 16 and {len(m) for m in members.values()} == {4}
    for table in tables:
        got = [
            (r["rank"], r["team"], Fraction(r["points"]), Fraction(r["score"]), r["sessions"])
            for r in table.rows
        ]
        assert got == expected_teams(demo, raw, table.best)
        for row in table.rows:
            assert {m["registration"] for m in row["members"]} == members[row["team"]]
    assert tables[0].rows[0]["sessions"] > 24  # a team that reached a later stage


def test_pages_answer(demo, client):
    for url in (
        f"/e/{SLUG}/",
        f"/e/{SLUG}/standings/",
        f"/e/{SLUG}/standings/?stage=1",
        f"/e/{SLUG}/standings/?stage=2",
        f"/e/{SLUG}/standings/?stage=3",
        f"/e/{SLUG}/standings/?stage=overall",
        f"/e/{SLUG}/teams/",
    ):
        assert client.get(url).status_code == 200, url


def test_running_it_again_adds_nothing(demo):
    counts = (Round.objects.count(), Seat.objects.count(), ScoreSheet.objects.count())
    entrants = StageEntrant.objects.count()
    out = io.StringIO()
    call_command("load_demo", time_budget=2.0, stdout=out)
    assert (Round.objects.count(), Seat.objects.count(), ScoreSheet.objects.count()) == counts
    assert StageEntrant.objects.count() == entrants
    assert "demo-teams: 64 players in 16 teams (0 added)" in out.getvalue()


def test_the_scores_come_from_the_seeded_generator(demo, raw):
    """Round 1 (no cut after it) is the generator's first attempt, table by table."""
    rng = random.Random(f"{SLUG}/1/0")
    tables = Round.objects.get(event=demo, number=1).tables.order_by("number")
    for table in tables:
        sheet = ScoreSheet.objects.get(table=table, status="confirmed")
        assert sheet.final_scores == table_scores(rng)


def test_the_search_wants_equal_points_and_different_scores_across_the_line():
    def row(points, total):
        return {"metrics": {"table_points": points, "points_total": total}}

    order = DECLARED
    assert tie_at_line([row("9", "40"), row("9", "12"), row("3", "0")], 1, order)
    assert not tie_at_line([row("9", "40"), row("8", "12")], 1, order)  # no tie on points
    assert not tie_at_line([row("9", "40"), row("9", "40")], 1, order)  # not decided by scores
    assert not tie_at_line([row("9", "40")], 1, order)  # nobody out
