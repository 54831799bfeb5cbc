"""From the command line to the standings: create_event, seat_round, import_results, standings.

Everything is done through the commands a director scripts an event with;
the expected standings are worked out here, by hand, from the CSV files the
test writes (riichi: (final − 30,000)/1,000 + uma 15/5/−5/−15, tied players
sharing the uma of their places; MCR: table points 4/2/1/0 shared the same
way), and must equal ``standings SLUG --format json``. The seating comes from
the planner; only which player sits where is read back from the database, to
write the results files.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournament.events.models import Event
from tournament.events.services import grant_role
from tournament.seating.models import Seat

PLAYERS = [
    # name, club, country, ema_id
    ("山田 太郎", "東京麻雀会", "JP", "11990001"),
    ("佐藤 花子", "", "JP", ""),
    ("鈴木 一郎", "大阪クラブ", "JP", "11990003"),
    ("高橋 美咲", "", "JP", ""),
    ("王 芳", "北京棋牌", "CN", "12990001"),
    ("李 娜", "", "CN", ""),
    ("张 伟", "上海", "CN", "12990003"),
    ("刘 洋", "", "CN", ""),
    ("Anna Schmidt", "MJ Berlin", "DE", "05990001"),
    ("Bruno Costa", "", "PT", ""),
    ("Chloé Martin", "Paris Mahjong", "FR", "04990001"),
    ("Daan de Vries", "", "NL", "08990001"),
    ("Emma Nielsen", "", "DK", ""),
    ("Finn O'Brien", "", "IE", ""),
    ("Greta Huber", "", "AT", "01990001"),
    ("Hugo Rossi", "", "IT", ""),
]
A, B = "山田 太郎", "王 芳"  # always the same session result: they must share a rank

RIICHI = {
    "patterns": [
        [45300, 31700, 24600, 18400],
        [35000, 35000, 30000, 20000],  # a 2-way tie for 1st
        [50200, 27800, 22100, 19900],
        [31000, 30000, 30000, 29000],  # a 2-way tie for 2nd
    ],
    "apart": [42000, 30000, 26000, 22000],  # A or B takes the first value
    "together": [38000, 38000, 24000, 20000],  # A and B tie for 1st
}
MCR = {
    "patterns": [
        [40, 10, -20, -30],
        [30, 30, -20, -40],  # a 2-way tie for 1st: 3 table points each
        [20, 20, 20, -60],  # a 3-way tie: 7/3 table points each
        [50, 0, -25, -25],  # a tie for last: 1/2 each
    ],
    "apart": [60, -10, -20, -30],
    "together": [25, 25, -10, -40],
}
ROUNDS = 3


def write_csv(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        writer.writerows(rows)
    return str(path)


def table_scores(round_no, table_no, names, values):
    """The final scores of one table, by seat: A and B always get the table's best score."""
    stars = [i for i, name in enumerate(names) if name in (A, B)]
    if not stars:
        pattern = values["patterns"][(round_no + table_no) % len(values["patterns"])]
        return list(pattern)
    pattern = values["together"] if len(stars) == 2 else values["apart"]
    scores = [None] * 4
    top = pattern[: len(stars)]
    for i, score in zip(stars, top, strict=True):
        scores[i] = score
    rest = iter(pattern[len(stars) :])
    return [s if s is not None else next(rest) for s in scores]


# --- the arithmetic, by hand ------------------------------------------------------------------


def places(scores):
    """Placement per seat, tied players sharing the better one (1, 1, 3, 4)."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


def shared(scores, per_place):
    """Each player's place value, tied players sharing the values of the places they fill."""
    out = []
    for mine in scores:
        above = sum(other > mine for other in scores)
        tied = sum(other == mine for other in scores)
        out.append(Fraction(sum(per_place[above : above + tied]), tied))
    return out


def expected(ruleset, sessions):
    """``sessions``: (round, [(name, score) x 4]) -> the standings command's JSON, by hand."""
    totals = {name: [] for name, *_rest in PLAYERS}
    for _round, table in sessions:
        names = [n for n, _s in table]
        scores = [s for _n, s in table]
        place = places(scores)
        if ruleset == "mcr":
            table_points = shared(scores, [4, 2, 1, 0])
            for i, name in enumerate(names):
                totals[name].append((table_points[i], Fraction(scores[i]), place[i]))
        else:
            uma = shared(scores, [15, 5, -5, -15])
            for i, name in enumerate(names):
                result = Fraction(scores[i] - 30000, 1000) + uma[i]
                totals[name].append((result, scores[i], place[i]))
    keys = {}
    for name, lines in totals.items():
        best = max((line[0] if ruleset != "mcr" else line[1] for line in lines), default=0)
        points = sum(line[0] for line in lines)
        score = sum(line[1] for line in lines)
        if ruleset == "mcr":  # table points, session scores, 1sts, 2nds, 3rds, best session
            counts = [sum(line[2] == p for line in lines) for p in (1, 2, 3)]
            keys[name] = (points, score, *counts, best)
        else:  # result points, final points, best session
            keys[name] = (points, score, best)
    out = []
    for name, key in keys.items():
        rank = 1 + sum(other > key for other in keys.values())
        points, score = key[0], key[1]
        out.append(
            {
                "rank": rank,
                "player": name,
                "points": as_json(points, ruleset),
                "score": as_json(score, ruleset),
                "sessions": len(totals[name]),
            }
        )
    return sorted(out, key=lambda row: (row["rank"], row["player"]))


def as_json(value, ruleset):
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    return round(float(value), 3 if ruleset == "mcr" else 1)


# --- through the commands ---------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["jpml-b", "wrc", "mcr"])
def test_standings_from_the_commands_equal_the_arithmetic(ruleset, db, tmp_path):
    slug = f"open-{ruleset}"
    players = write_csv(tmp_path / "players.csv", ["name", "club", "country", "ema_id"], PLAYERS)
    call_command(
        "create_event",
        slug,
        name="東アジア Open 2026",
        ruleset=ruleset,
        players=players,
        public=True,
        stdout=io.StringIO(),
    )
    event = Event.objects.get(slug=slug)
    judge = get_user_model().objects.create_user("judge-kim", password="pw")
    grant_role(event, judge, "judge")
    values = MCR if ruleset == "mcr" else RIICHI

    sessions = []
    for round_no in range(1, ROUNDS + 1):
        call_command(
            "seat_round",
            slug,
            number=round_no,
            publish=True,
            time_budget=1.0,
            stdout=io.StringIO(),
        )
        rows = []
        seats = Seat.objects.filter(round__event=event, round__number=round_no).select_related(
            "table", "registration__player"
        )
        by_table: dict[int, list] = {}
        for seat in seats:
            by_table.setdefault(seat.table.number, []).append(seat)
        for table_no, table_seats in sorted(by_table.items()):
            names = [s.registration.name for s in table_seats]  # E, S, W, N
            scores = table_scores(round_no, table_no, names, values)
            sessions.append((round_no, list(zip(names, scores, strict=True))))
            for seat, score in zip(table_seats, scores, strict=True):
                rows.append([round_no, table_no, seat.registration.name, seat.wind, score])
        results = write_csv(
            tmp_path / f"round{round_no}.csv", ["round", "table", "player", "seat", "score"], rows
        )
        call_command(
            "import_results", slug, results, confirmed_by="judge-kim", stdout=io.StringIO()
        )

    out = io.StringIO()
    call_command("standings", slug, format="json", stdout=out)
    got = sorted(json.loads(out.getvalue()), key=lambda row: (row["rank"], row["player"]))

    want = expected(ruleset, sessions)
    assert got == want
    # What the data was built to contain: ties at a table, and a rank shared overall.
    assert any(len({s for _n, s in table}) < 4 for _r, table in sessions)
    rank = {row["player"]: row["rank"] for row in got}
    assert rank[A] == rank[B]
    assert [row["rank"] for row in got].count(rank[A]) >= 2
    assert {row["sessions"] for row in got} == {ROUNDS}


def test_text_format_marks_a_shared_rank(db, tmp_path):
    players = write_csv(tmp_path / "players.csv", ["name", "club", "country", "ema_id"], PLAYERS)
    call_command(
        "create_event",
        "text-open",
        name="Text",
        ruleset="jpml-b",
        players=players,
        stdout=io.StringIO(),
    )
    out = io.StringIO()
    call_command("standings", "text-open", stdout=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == len(PLAYERS)
    assert all(line.lstrip().startswith("1=") for line in lines)  # nobody has played: all tied
