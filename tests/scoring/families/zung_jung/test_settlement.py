"""Zung Jung settlement (rules/zung-jung.md §7), same-turn immunity, false win (§6), sessions (§8).

Every expected number is worked out by hand from the rules text and written
as a literal; every settlement goes through ``_checked`` (zero-sum, player
order, transfers that explain the deltas).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.core.hand import hand_from_dict
from scoring.core.tiles import to_mpsz
from scoring.families.zung_jung.settlement import (
    ZJ_SESSION_RULES,
    ZJ_SETTLEMENT_RULES,
    ZJHandRecord,
    ZJOutcome,
    ZJSessionRules,
    ZJSettlementError,
    ZJSettlementRules,
    dealer_of,
    false_win_ruling,
    same_turn_responsible,
    seat_winds,
    settle_zung_jung,
    zung_jung_session_result,
)
from tests.scoring.hands import PLAYERS, refusal
from tests.scoring.hands import checked as _checked
from tests.zung_jung_hands import hand

UNIFORM = ZJSettlementRules(payoff="uniform")


def deltas(outcome, **kwargs) -> list[int]:
    return list(_checked(settle_zung_jung(PLAYERS, outcome, **kwargs)).deltas.values())


# --- one hand ---------------------------------------------------------------------


def test_the_rules_example_seventy_on_a_discard():
    # §7: v = 70 > P = 25: winner 3 × 70 = 210; responsible 210 − 2 × 25 = 160; others 25.
    assert deltas("discard", winner="ann", value=70, responsible="bob") == [210, -160, -25, -25]


def test_discard_win_at_or_below_par():
    # v = 20 ≤ 25: everyone pays v: 3 × 20 = 60; 60 − 2 × 20 = 20.
    assert deltas("discard", winner="cy", value=20, responsible="dee") == [-20, -20, 60, -20]
    # v = 25 exactly: 75 − 50 = 25.
    assert deltas("discard", winner="cy", value=25, responsible="ann") == [-25, -25, 75, -25]


def test_self_draw_everyone_pays_v():
    # v = 160: +480, −160 × 3 (Win on Kong is a self-draw too).
    assert deltas("self_draw", winner="bob", value=160) == [-160, 480, -160, -160]


def test_robbing_a_kong_the_kongs_owner_is_responsible():
    # v = 40: 120; owner 120 − 50 = 70; others 25.
    assert deltas("robbing_kong", winner="dee", value=40, responsible="cy") == [-25, -25, -70, 120]


def test_nobody_responsible_all_pay_v():
    # Same-turn immunity frees everyone: 70 each, like a self-draw.
    assert deltas("discard", winner="ann", value=70, all_immune=True) == [210, -70, -70, -70]


def test_par_is_an_option():
    # P = 30, v = 70: others 30, responsible 210 − 60 = 150.
    rules = ZJ_SETTLEMENT_RULES.resolve({"zj_par": 30, "hands_per_session": 8})
    result = deltas("discard", winner="ann", value=70, responsible="bob", rules=rules)
    assert result == [210, -150, -30, -30]


def test_uniform_payoff():
    assert deltas("discard", winner="ann", value=70, responsible="bob", rules=UNIFORM) == [
        210,
        -70,
        -70,
        -70,
    ]
    assert deltas("self_draw", winner="ann", value=5, rules=UNIFORM) == [15, -5, -5, -5]


def test_a_draw_pays_nothing():
    assert deltas("draw") == [0, 0, 0, 0]
    assert settle_zung_jung(PLAYERS, ZJOutcome.DRAW).outcome is ZJOutcome.DRAW


@pytest.mark.parametrize(
    ("outcome", "kwargs", "field"),
    [
        ("discard", {"winner": "ann", "value": 70}, "responsible"),
        ("discard", {"winner": "ann", "value": 70, "responsible": "ann"}, "responsible"),
        ("discard", {"winner": "ann", "value": 70, "responsible": "zed"}, "responsible"),
        ("discard", {"winner": "ann", "value": 7, "responsible": "bob", "all_immune": True},
         "responsible"),
        ("robbing_kong", {"winner": "ann", "value": 10}, "responsible"),
        ("robbing_kong", {"winner": "ann", "value": 10, "all_immune": True}, "all_immune"),
        ("self_draw", {"winner": "ann", "value": 10, "responsible": "bob"}, "responsible"),
        ("self_draw", {"winner": "ann", "value": 0}, "value"),
        ("self_draw", {"winner": "ann", "value": True}, "value"),
        ("self_draw", {"value": 10}, "winner"),
        ("draw", {"value": 10}, "value"),
        ("tsumo", {}, "outcome"),
    ],
)  # fmt: skip
def test_bad_input_names_the_field(outcome, kwargs, field):
    assert refusal(ZJSettlementError, settle_zung_jung, PLAYERS, outcome, **kwargs).field == field


def test_a_table_has_four_distinct_players():
    with pytest.raises(ZJSettlementError, match="exactly 4"):
        settle_zung_jung(PLAYERS[:3], "draw")
    with pytest.raises(ZJSettlementError, match="distinct"):
        settle_zung_jung(["a", "a", "b", "c"], "draw")


def test_settlement_options():
    with pytest.raises(ZJSettlementError, match="formal or uniform"):
        ZJSettlementRules(payoff="fixed")
    with pytest.raises(ZJSettlementError) as caught:
        ZJ_SETTLEMENT_RULES.resolve({"zj_pay": "uniform"})
    assert caught.value.field == "zj_pay"
    assert ZJ_SETTLEMENT_RULES.resolve({"zj_min_points": 0}) == ZJ_SETTLEMENT_RULES


# --- same-turn immunity -----------------------------------------------------------------


def test_the_first_discarder_of_the_kind_is_responsible():
    # Since ann's last discard: bob 5p (ann passes), cy 7s, dee 5p (ann wins): bob pays.
    discards = [("bob", "5p"), ("cy", "7s"), ("dee", "5p")]
    assert same_turn_responsible(discards, "5p") == "bob"


def test_without_an_earlier_copy_the_discarder_is_responsible():
    assert same_turn_responsible([("bob", "1z"), ("cy", "5p")], "5p") == "cy"


def test_the_winners_own_discard_frees_everyone():
    # ann threw 5p herself; bob and cy followed with 5p: nobody is responsible.
    discards = [("bob", "5p"), ("cy", "5p")]
    assert same_turn_responsible(discards, "5p", winner_last_discard="5p") is None
    # Her last discard was something else: bob is responsible.
    assert same_turn_responsible(discards, "5p", winner_last_discard="6p") == "bob"


def test_immunity_accepts_kinds_and_red_fives():
    assert same_turn_responsible([("bob", 13), ("cy", "0p")], "5p") == "bob"


def test_the_helper_feeds_settlement():
    responsible = same_turn_responsible([("bob", "5p"), ("dee", "5p")], "5p")
    result = deltas("discard", winner="ann", value=70, responsible=responsible)
    assert result == [210, -160, -25, -25]


@pytest.mark.parametrize(
    ("discards", "winning", "field"),
    [
        ([], "5p", "discards"),
        ([("bob", "5p"), ("cy", "6p")], "5p", "discards"),
        ([("bob", "8z")], "5p", "discards[0]"),
        ([("bob", 40)], "5p", "discards[0]"),
        ([("bob", "5p")], "xx", "winning_kind"),
    ],
)
def test_immunity_input_is_checked(discards, winning, field):
    with pytest.raises(ZJSettlementError) as caught:
        same_turn_responsible(discards, winning)
    assert caught.value.field == field


# --- false win ------------------------------------------------------------------------------


def test_false_win_makes_the_hand_penalty_tiles_without_points():
    # A claimed discard win: the 13 standing tiles lie face up; the discard stays the discarder's.
    claimed = hand_from_dict(hand("567s23p11z", "4p", meld="chi234m pon999p"))
    ruling = false_win_ruling(claimed)
    assert to_mpsz(ruling.penalty_tiles) == "23p567s11z"
    assert ruling.points == 0 and ruling.self_draw_only
    # A claimed self-draw exposes the drawn tile too.
    drawn = hand_from_dict(hand("567s23p11z", "4p", "tsumo", meld="chi234m pon999p"))
    assert len(false_win_ruling(drawn).penalty_tiles) == 8


def test_false_win_with_one_tile_standing():
    # Four melds and a single tile: 1 penalty tile, so discard wins stay possible.
    claimed = hand_from_dict(hand("1m", "1m", meld="pon222m pon444p pon666s pon888s"))
    ruling = false_win_ruling(claimed)
    assert [str(t) for t in ruling.penalty_tiles] == ["1m"] and not ruling.self_draw_only


# --- sessions ---------------------------------------------------------------------------------


def test_the_deal_passes_after_every_hand():
    assert [dealer_of(PLAYERS, i) for i in range(6)] == ["ann", "bob", "cy", "dee", "ann", "bob"]
    assert seat_winds(PLAYERS, 1) == {"ann": "N", "bob": "E", "cy": "S", "dee": "W"}


def test_a_session_sums_the_hands():
    hands = [
        # 70 on bob's discard: ann +210, bob −160, cy −25, dee −25.
        ZJHandRecord("discard", winner="ann", value=70, responsible="bob"),
        ZJHandRecord("draw"),
        # cy self-draws 30: cy +90, the others −30.
        ZJHandRecord("self_draw", winner="cy", value=30),
        # dee robs bob's kong, 10: dee +30, bob −30 + 2·10 = −10, ann −10, cy −10.
        ZJHandRecord("robbing_kong", winner="dee", value=10, responsible="bob"),
    ]
    result = zung_jung_session_result(PLAYERS, hands)
    points = {p: r.session_points for p, r in result.players.items()}
    # ann 210 − 30 − 10 = 170; bob −160 − 30 − 10 = −200; cy −25 + 90 − 10 = 55;
    # dee −25 − 30 + 30 = −25.
    assert points == {"ann": 170, "bob": -200, "cy": 55, "dee": -25}
    assert {p: r.placement for p, r in result.players.items()} == {
        "ann": 1,
        "bob": 4,
        "cy": 2,
        "dee": 3,
    }
    assert {p: r.standing for p, r in result.players.items()} == points
    assert not result.complete and len(result.hands) == 4


def test_sixteen_hands_make_a_complete_session():
    hands = [ZJHandRecord("draw")] * 16
    result = zung_jung_session_result(PLAYERS, hands)
    assert result.complete and all(r.placement == 1 for r in result.players.values())
    with pytest.raises(ZJSettlementError, match="at most 16"):
        zung_jung_session_result(PLAYERS, hands + [ZJHandRecord("draw")])


def test_match_points_as_an_option():
    rules = ZJ_SESSION_RULES.resolve({"zj_match_points": [4, 2, 1, 0], "zj_par": 25})
    hands = [ZJHandRecord("self_draw", winner="bob", value=30)]
    result = zung_jung_session_result(PLAYERS, hands, rules)
    # bob +90 first (4); the three others tie at −30 for 2nd-4th: (2 + 1 + 0) / 3 = 1 each.
    standing = {p: r.standing for p, r in result.players.items()}
    assert standing == {
        "ann": Fraction(1),
        "bob": Fraction(4),
        "cy": Fraction(1),
        "dee": Fraction(1),
    }


def test_session_errors_name_the_hand():
    with pytest.raises(ZJSettlementError) as caught:
        zung_jung_session_result(PLAYERS, [ZJHandRecord("discard", winner="ann", value=5)])
    assert caught.value.field == "hands[0].responsible"
    with pytest.raises(ZJSettlementError) as caught:
        ZJSessionRules(hands_per_session=0)
    assert caught.value.field == "hands_per_session"
    with pytest.raises(ZJSettlementError) as caught:
        ZJ_SESSION_RULES.resolve({"zj_match_points": [0, 1, 2, 4]})
    assert caught.value.field == "zj_match_points"
    with pytest.raises(ZJSettlementError) as caught:
        ZJ_SESSION_RULES.resolve({"table_points": [4, 2, 1, 0]})
    assert caught.value.field == "table_points"


def test_the_session_uses_the_events_payoff():
    hands = [ZJHandRecord("discard", winner="ann", value=70, responsible="bob")]
    result = zung_jung_session_result(PLAYERS, hands, settlement=UNIFORM)
    assert [r.session_points for r in result.players.values()] == [210, -70, -70, -70]
