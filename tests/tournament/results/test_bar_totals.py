"""The bar's totals as the rules count them (issue #35, acceptance 3).

sessions.md §5 orders a session's score: hand points, then ``table_score``
penalties, then placement (and uma), then ``session_after_uma`` penalties.
So a JPML-A chombo (−20 after uma, rules/riichi.md §7) does not move its
player down the order: the bar shows the points without it and the chombo
apart, in session points, and the order of the totals is the session
result's placement. A penalty that counts in the table score (MCR's, or a
riichi one shared by the other three) is in the points, so in the order too.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from tournament.results.sheet import services
from tournament.results.sheet.rulings import consequences

SEATS = "ESWN"
JPML_A_HANDS = [
    # E1-0: N wins 3 han 40 fu off E: 5,200.
    {"outcome": "ron", "level": "value", "winner": "N", "discarder": "E", "han": 3, "fu": 40},
    # E2-0 (S deals): W wins 2 han 30 fu off S: 2,000.
    {"outcome": "ron", "level": "value", "winner": "W", "discarder": "S", "han": 2, "fu": 30},
]
# MCR (value): N self-draws 8 fan (+48, 16 from each); S wins 8 fan off E (+32: 16 + 8 + 8).
MCR_HANDS = [
    {"outcome": "self_draw", "level": "value", "winner": "N", "fan": 8, "flowers": 0},
    {"outcome": "discard", "level": "value", "winner": "S", "discarder": "E", "fan": 8},
]


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


def bar_cells(response) -> dict[str, str]:
    """Seat -> the text of its cell in the sticky bar, tags dropped."""
    found = re.search(r'id="sheet-bar">(.*?)</ol>', text(response))
    assert found, "no sticky bar"
    cells = re.findall(r'class="seat-who"><b class="wind-tile wind-([ESWN])"(.*?)</li>', found[1])
    return {seat: re.sub(r"<[^>]+>", " ", cell) for seat, cell in cells}


def shown_totals(cells: dict[str, str]) -> dict[str, int]:
    """Seat -> the total its cell shows (the first number after the player's name)."""
    out = {}
    for seat, cell in cells.items():
        number = re.search(r"\s(−?\d[\d,]*)\s", cell)
        out[seat] = int(number[1].replace("−", "-").replace(",", ""))
    return out


def by_totals(totals: dict[str, int]) -> list[str]:
    return sorted(SEATS, key=lambda s: -totals[s])


def placement_order(result: dict) -> list[str]:
    session = result["session"]
    return sorted(SEATS, key=lambda s: (Fraction(str(session[s]["placement"])), SEATS.index(s)))


@pytest.fixture
def judge_at(client, make_table, staff):
    def make(ruleset):
        table = make_table(ruleset, slug="cup", entry_level="value")
        table.judge = staff(table.round.event)["judge"]
        client.force_login(table.judge)
        return table

    return make


def enter(table, *entries):
    for entry in entries:
        head = services.head_of(table)
        services.add_hand(table, entry, by=table.judge, base_version=head.version if head else 0)


def rule(table, kind, player, penalties=None):
    """A ruling as the judge's form records it: the preset's consequences, or ``penalties``."""
    effect = consequences(table.round.event, kind, player)
    return services.record_ruling(
        table,
        by=table.judge,
        base_version=services.head_of(table).version,
        kind=kind,
        player=player,
        decision="as the judge saw it",
        rule_reference=effect["rule_reference"],
        penalties=effect["penalties"] if penalties is None else penalties,
        hand_entry=effect["hand_entry"],
    )


# rules/riichi.md §4 table "Chombo": jpml-a −20 after uma; sessions.md §5 steps 3-4
def test_a_jpml_a_chombo_by_the_leader_is_shown_after_uma(client, judge_at):
    table = judge_at("jpml-a")
    enter(table, *JPML_A_HANDS)
    rule(table, "chombo", "N")  # N leads on 35,200
    response = client.get("/j/cup/1/1/")
    result = services.head_of(table).result
    cells = bar_cells(response)
    totals = shown_totals(cells)
    # The points, without the chombo: N still reads first (before: 15,200 "(−20,000)").
    assert totals == {"E": 24_800, "S": 28_000, "W": 32_000, "N": 35_200}
    assert "15,200" not in "".join(cells.values())
    # The chombo apart, in session points, as the session result deducts it.
    assert "−20 after uma" in cells["N"]
    assert not any("after uma" in cells[s] for s in "ESW")
    assert Fraction(str(result["session"]["N"]["penalty"])) == -20
    assert "totals with penalties" not in text(response)
    # The running order is the session result's: N 1st (5.2 + 8 uma − 20 = −6.8), W, S, E.
    assert result["session"]["N"]["placement"] == 1
    assert Fraction(str(result["session"]["N"]["score"])) == Fraction(-68, 10)
    assert by_totals(totals) == placement_order(result) == ["N", "W", "S", "E"]
    bar = response.context["bar"]
    assert bar["order"] == placement_order(result)
    assert {p["seat"]: p["place"] for p in bar["players"]} == {"E": 4, "S": 3, "W": 2, "N": 1}
    # In the players' words: ウマの後 (after uma), as the footer says it.
    japanese = bar_cells(client.get("/j/cup/1/1/", HTTP_ACCEPT_LANGUAGE="ja"))
    assert "ウマの後 −20" in japanese["N"]


def test_a_hand_being_corrected_shows_the_chombo_apart_from_its_hand_on(client, judge_at):
    table = judge_at("jpml-a")
    enter(table, *JPML_A_HANDS)
    rule(table, "chombo", "N")  # row 3
    enter(table, {"outcome": "draw", "level": "value", "tenpai": []})  # E3-0 replayed
    before_chombo = bar_cells(client.get("/j/cup/1/1/hand/3/"))
    assert shown_totals(before_chombo)["N"] == 35_200
    assert "after uma" not in "".join(before_chombo.values())
    after_chombo = bar_cells(client.get("/j/cup/1/1/hand/4/"))
    assert shown_totals(after_chombo)["N"] == 35_200
    assert "−20 after uma" in after_chombo["N"]


# rules/mcr.md: a penalty counts in the table score (placement is made after it)
def test_an_mcr_penalty_is_in_the_points_and_in_the_order(client, judge_at):
    table = judge_at("mcr")
    enter(table, *MCR_HANDS)
    fine = {"player": "N", "points": -30, "scope": "table_score", "distribution": "none"}
    rule(table, "conduct", "N", [fine])
    response = client.get("/j/cup/1/1/")
    result = services.head_of(table).result
    cells = bar_cells(response)
    totals = shown_totals(cells)
    assert totals == {"E": -32, "S": 16, "W": -24, "N": 10}  # N: 40 less the 30
    assert "(−30)" in cells["N"] and "after uma" not in "".join(cells.values())
    assert "totals with penalties" in text(response)
    assert by_totals(totals) == placement_order(result) == ["S", "N", "W", "E"]
    assert response.context["bar"]["order"] == ["S", "N", "W", "E"]


# rules/riichi.md §4 table "Chombo": tenhou has none; a penalty in points is shared (sheet.py)
def test_tenhou_penalties_in_points_join_the_totals_and_a_chombo_shows_nothing(client, judge_at):
    table = judge_at("tenhou")
    enter(table, JPML_A_HANDS[0])  # N +5,200 off E, on 25,000
    shared = {"player": "N", "points": -6000, "scope": "table_score"}
    rule(table, "conduct", "N", [{**shared, "distribution": "equal_to_others"}])
    rule(table, "chombo", "S")  # tenhou: no chombo points (rules/riichi.md §4)
    response = client.get("/j/cup/1/1/")
    result = services.head_of(table).result
    cells = bar_cells(response)
    totals = shown_totals(cells)
    assert totals == {"E": 21_800, "S": 27_000, "W": 27_000, "N": 24_200}
    assert "(−6,000)" in cells["N"] and "after uma" not in "".join(cells.values())
    # Tenhou breaks ties by seat order: S before W.
    assert placement_order(result) == ["S", "W", "N", "E"]
    assert response.context["bar"]["order"] == ["S", "W", "N", "E"]
