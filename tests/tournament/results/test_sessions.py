"""Whole sessions entered hand by hand through the services, per ruleset family.

Every expected number is worked by hand from the rules text (rules/riichi.md
§1-§7, mcr.md §5-§9, zung-jung.md §7, hkos.md §4-§8) and written out in the
comments; the services and the replay must arrive at the same figures, and
every version must balance.
"""

from fractions import Fraction

import pytest

from tournament.results.models import ScoreSheet
from tournament.results.sheet import services
from tournament.results.sheet.rulings import consequences


def enter(table, user, *entries):
    sheet = services.head_of(table)
    for entry in entries:
        sheet = services.add_hand(table, entry, by=user, base_version=sheet.version if sheet else 0)
        assert sheet.balanced, sheet.result.get("balance")
    return sheet


def rule(table, user, kind, player, **extra):
    effect = consequences(table.round.event, kind, player)
    sheet = services.head_of(table)
    return services.record_ruling(
        table,
        by=user,
        base_version=sheet.version if sheet else 0,
        kind=kind,
        player=player,
        decision=f"{kind} by {player}",
        rule_reference=effect["rule_reference"],
        penalties=effect["penalties"],
        hand_entry=effect["hand_entry"],
        **extra,
    )


def totals(sheet):
    return [h.totals for h in sheet.hands.order_by("number")]


def frac(value):
    return Fraction(value)


# --- riichi, jpml-b: start 30,000, return 30,000, uma +15/+5/-5/-15, kiriage -----------


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


RIICHI_HANDS = [
    # 1 E1-0: E riichi (-1,000 to the pool); S ron off W, 2 han 30 fu:
    #   30*2^4=480, x4=1,920 -> 2,000; S takes the stick: S +3,000, W -2,000, E -1,000.
    v("ron", winner="S", discarder="W", han=2, fu=30, riichi=["E"]),
    # 2 E2-0: S deals, tsumo 3 han 30 fu: 960 x2 = 1,920 -> 2,000 from each: S +6,000.
    v("tsumo", winner="S", han=3, fu=30),
    # 3 E2-1: draw, N riichi (-1,000 to the pool), S and N tenpai: E, W -1,500; S, N +1,500.
    v("draw", tenpai=["S", "N"], riichi=["N"]),
    # 4 E2-2: W ron off S, 5 han = mangan 8,000 + 2 honba x300 = 8,600; W takes 1 stick.
    v("ron", winner="W", discarder="S", han=5),
]
# 5: a chombo by N (ruling): no payments, same dealer and counters; -20 after uma (§7).
RIICHI_AFTER_CHOMBO = [
    # 6 E3-0 (replayed): N tsumo by tiles, menzen tsumo only, kanchan 2m: 20+2+2 -> 30 fu, 1 han:
    #   240 basic; dealer W pays 480 -> 500, E and S 240 -> 300 each: N +1,100.
    {
        "outcome": "tsumo",
        "level": "tiles",
        "winner": "N",
        "hand": {
            "concealed": "13m456p789s234s55p",
            "melds": [],
            "win_tile": "2m",
            "flags": [],
            "dora_indicators": "1z",
        },
    },
    # 7 E4-0: draw, all noten: nothing moves; N noten, the deal passes: S1-1.
    v("draw", tenpai=[]),
    # 8 S1-1: E deals, ron off N, 4 han 30 fu: kiriage mangan 12,000 + 300 = 12,300.
    v("ron", winner="E", discarder="N", han=4, fu=30),
    # 9 S1-2: S ron off E, 1 han 40 fu: 320 x4 = 1,280 -> 1,300 + 600 = 1,900.
    v("ron", winner="S", discarder="E", han=1, fu=40),
    # 10 S2-0: draw, W riichi and alone tenpai: W +3,000 -1,000, others -1,000.
    v("draw", tenpai=["W"], riichi=["W"]),
    # 11 S3-1: W deals, tsumo 2 han 40 fu: 640 x2 = 1,280 -> 1,300 + 100 each; + 1 stick.
    v("tsumo", winner="W", han=2, fu=40),
    # 12 S3-2: N ron off W, yakuman: 32,000 + 600.
    v("ron", winner="N", discarder="W", yakuman=1),
    # 13 S4-0: draw, E riichi, E and S tenpai: W, N -1,500; E +1,500 -1,000; S +1,500.
    v("draw", tenpai=["E", "S"], riichi=["E"]),
]


def test_riichi_hanchan_matches_the_rules_arithmetic(make_table, staff):
    table = make_table("jpml-b")
    users = staff(table.round.event)
    enter(table, users["judge"], *RIICHI_HANDS)
    rule(table, users["judge"], "chombo", "N")
    sheet = enter(table, users["judge"], *RIICHI_AFTER_CHOMBO)

    assert totals(sheet) == [
        {"E": 29000, "S": 33000, "W": 28000, "N": 30000},
        {"E": 27000, "S": 39000, "W": 26000, "N": 28000},
        {"E": 25500, "S": 40500, "W": 24500, "N": 28500},
        {"E": 25500, "S": 31900, "W": 34100, "N": 28500},
        {"E": 25500, "S": 31900, "W": 34100, "N": 28500},  # chombo: nothing moves
        {"E": 25200, "S": 31600, "W": 33600, "N": 29600},
        {"E": 25200, "S": 31600, "W": 33600, "N": 29600},
        {"E": 37500, "S": 31600, "W": 33600, "N": 17300},
        {"E": 35600, "S": 33500, "W": 33600, "N": 17300},
        {"E": 34600, "S": 32500, "W": 35600, "N": 16300},
        {"E": 33200, "S": 31100, "W": 40800, "N": 14900},
        {"E": 33200, "S": 31100, "W": 8200, "N": 47500},
        {"E": 33700, "S": 32600, "W": 6700, "N": 46000},
    ]
    labels = [h.label for h in sheet.hands.order_by("number")]
    assert labels == [
        "E1-0", "E2-0", "E2-1", "E2-2", "E3-0", "E3-0", "E4-0",
        "S1-1", "S1-2", "S2-0", "S3-1", "S3-2", "S4-0",
    ]  # fmt: skip
    pools = [h.pool_after for h in sheet.hands.order_by("number")]
    assert pools == [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1]
    tiles_row = sheet.hands.get(number=6)
    assert tiles_row.score["han"] == 1 and tiles_row.score["fu"] == 30

    result = sheet.result
    assert result["complete"] is True
    assert result["pool"] == 1
    assert result["balance"] == {"expected": 120000, "actual": 120000, "ok": True}
    session = result["session"]
    # N 46,000 1st: 16 + 15 - 20 (chombo) = 11; E 33,700 2nd: 3.7 + 5 = 8.7;
    # S 32,600 3rd: 2.6 - 5 = -2.4; W 6,700 4th: -23.3 - 15 = -38.3. The last stick is lost.
    assert [session[s]["placement"] for s in "ESWN"] == [2, 3, 4, 1]
    scores = {s: frac(session[s]["score"]) for s in "ESWN"}
    assert scores == {
        "E": Fraction(87, 10),
        "S": Fraction(-24, 10),
        "W": Fraction(-383, 10),
        "N": Fraction(11),
    }
    assert sum(scores.values()) == -1 - 20  # the lost stick and the chombo leave the table


# --- Zung Jung, formal payoff (par 25), 4 hands -----------------------------------------


def test_zung_jung_block_matches_the_rules_arithmetic(make_table, staff):
    table = make_table("zung-jung", hands_per_session=4)
    users = staff(table.round.event)
    sheet = enter(
        table,
        users["judge"],
        # 70 on a discard by S: E +210, S -(3*70 - 50) = -160, W and N -25 (§7 example).
        v("discard", winner="E", discarder="S", points=70),
        # self-draw 30: S +90, the others -30.
        v("self_draw", winner="S", points=30),
        v("draw"),
        # 20 on a discard by W (v <= 25): everyone pays 20, N +60.
    )
    rule(table, users["judge"], "false_win", "W")  # §6: no points, the hand becomes penalty tiles
    sheet = enter(table, users["judge"], v("discard", winner="N", discarder="W", points=20))
    assert totals(sheet)[-1] == {"E": 160, "S": -90, "W": -75, "N": 5}
    session = sheet.result["session"]
    assert {s: frac(session[s]["score"]) for s in "ESWN"} == {"E": 160, "S": -90, "W": -75, "N": 5}
    assert [session[s]["placement"] for s in "ESWN"] == [1, 4, 3, 2]
    assert sheet.result["complete"] is True
    assert sheet.rulings.get().kind == "false_win"


# --- Hong Kong Old Style, half pay, one round of the East wind ----------------------------


def test_hkos_round_matches_the_rules_arithmetic(make_table, staff):
    table = make_table("hkos", ruleset_overrides={"session_length": "rounds:1"})
    users = staff(table.round.event)
    # V = u(f) x 4 (§4): 3 faan 32, 4 faan 64, 5 faan 96; the limit, 13 faan, 1,536.
    enter(
        table,
        users["judge"],
        v("discard", winner="E", discarder="S", faan=3),  # E1-0: E +32, S -32; E keeps the deal
        v("draw"),  # E1-1: E keeps the deal
        v("self_draw", winner="S", faan=4),  # E1-2: S +96, others -32; the deal passes
    )
    # E2-0: W's false win: voided and redealt; W pays each opponent the limit, 1,536 (§8).
    rule(table, users["judge"], "false_win", "W")
    sheet = enter(
        table,
        users["judge"],
        v("discard", winner="N", discarder="W", faan=5),  # E2-0 again: N +96, W -96
        v("draw"),  # E3-0: W keeps the deal
        v("discard", winner="E", discarder="N", faan=3),  # E3-1: E +32, N -32
        v("self_draw", winner="W", faan=3),  # E4-0: W +48, others -16; East round over
    )
    labels = [h.label for h in sheet.hands.order_by("number")]
    assert labels == ["E1-0", "E1-1", "E1-2", "E2-0", "E2-0", "E3-0", "E3-1", "E4-0"]
    assert totals(sheet)[-1] == {"E": 16, "S": 48, "W": -80, "N": 16}
    session = sheet.result["session"]
    # Penalty: W -4,608, the others +1,536: E 1,552, S 1,584, W -4,688, N 1,552.
    assert {s: frac(session[s]["score"]) for s in "ESWN"} == {
        "E": 1552,
        "S": 1584,
        "W": -4688,
        "N": 1552,
    }
    assert [session[s]["placement"] for s in "ESWN"] == [2, 1, 4, 2]
    assert sheet.result["complete"] is True


@pytest.fixture
def judge_and_table(make_table, staff):
    table = make_table("jpml-b")
    return table, staff(table.round.event)


def test_every_version_is_kept_with_its_author(judge_and_table):
    table, users = judge_and_table
    enter(table, users["judge"], *RIICHI_HANDS[:2])
    sheet = services.head_of(table)
    services.replace_hand(
        table, 2, v("tsumo", winner="S", han=4, fu=30), by=users["judge2"],
        base_version=sheet.version, reason="wrong han",
    )  # fmt: skip
    versions = list(ScoreSheet.objects.filter(table=table).order_by("version"))
    assert [s.version for s in versions] == [1, 2, 3]
    assert versions[1].hands.get(number=2).entry["han"] == 3  # the old row is still there
    assert versions[2].hands.get(number=2).entry["han"] == 4
    assert versions[2].created_by == users["judge2"] and versions[2].reason == "wrong han"
    assert versions[2].parent == versions[1]


# --- MCR: 16 hands, F+24 / F+8 / 8 and 3(F+8) (mcr.md §5), table points 4/2/1/0 -------------


def test_mcr_session_matches_the_rules_arithmetic(make_table, staff):
    table = make_table("mcr")
    users = staff(table.round.event)
    tiles_hand = {
        # Pure Straight 16 + Fully Concealed Hand 4 + All Chows 2 + Single Wait 1 = 23,
        # + 1 flower: F = 24 (seed 000 fan table).
        "outcome": "self_draw",
        "level": "tiles",
        "winner": "N",
        "hand": {"concealed": "123456789m234p5s", "melds": [], "win_tile": "5s", "flowers": 1},
    }
    enter(
        table,
        users["judge"],
        v("discard", winner="E", discarder="S", fan=8),  # E +32, S -16, W -8, N -8
        v("self_draw", winner="S", fan=9, flowers=1),  # F 10: S +54, the others -18
        v("draw"),
        v("discard", winner="W", discarder="N", fan=12),  # W +36, N -20, E -8, S -8
        tiles_hand,  # N +96, the others -32
        v("discard", winner="E", discarder="W", fan=16),  # E +40, W -24, S -8, N -8
        v("draw"),
    )
    rule(table, users["judge"], "false_win", "W")  # -30, +10 to each other player (§9)
    sheet = enter(
        table,
        users["judge"],
        *[v("draw")] * 8,
        v("self_draw", winner="S", fan=8),  # hand 16: S +48, the others -16
    )
    rows = list(sheet.hands.order_by("number"))
    assert len(rows) == 16
    assert rows[4].score["total"] == 24
    assert rows[4].deltas == {"E": -32, "S": -32, "W": -32, "N": 96}
    assert rows[-1].totals == {"E": -2, "S": 38, "W": -62, "N": 26}
    assert [r.label for r in rows[:5]] == ["E-E", "E-S", "E-W", "E-N", "S-E"]
    session = sheet.result["session"]
    # Penalty in the session score: E 8, S 48, W -92, N 36 -> S 4, N 2, E 1, W 0.
    assert {s: frac(session[s]["score"]) for s in "ESWN"} == {"E": 8, "S": 48, "W": -92, "N": 36}
    assert {s: frac(session[s]["rank_points"]) for s in "ESWN"} == {"E": 1, "S": 4, "W": 0, "N": 2}
    assert sheet.result["complete"] is True
    # One more hand would be the 17th: refused.
    with pytest.raises(services.SheetInputError) as info:
        services.add_hand(table, v("draw"), by=users["judge"], base_version=sheet.version)
    assert info.value.code == "session_over"
