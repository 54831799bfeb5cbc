"""MCR settlement of one hand (rules/mcr.md §5).

Every expected number is worked out by hand from the rules text and written
as a literal. Every settlement goes through ``_checked``, which asserts the
zero-sum invariant, the player order and that the transfers explain the deltas.
"""

from __future__ import annotations

import pytest

from scoring.core.money import SettlementError
from scoring.families.mcr.settlement import (
    MCR_SETTLEMENT_RULES,
    MCROutcome,
    MCRSettlement,
    MCRSettlementError,
    MCRSettlementRules,
    settle_mcr,
)
from tests.scoring.hands import PLAYERS
from tests.scoring.hands import checked as _checked


def settle(outcome, **kwargs) -> MCRSettlement:
    return _checked(settle_mcr(PLAYERS, outcome, **kwargs))


def deltas(outcome, **kwargs) -> list[int]:
    return list(settle(outcome, **kwargs).deltas.values())


# --- discard wins ------------------------------------------------------------


def test_discard_win_at_the_minimum():
    # F = 8: winner 8 + 24 = 32; discarder 8 + 8 = 16; the others 8 each.
    assert deltas("discard", winner="ann", discarder="bob", fan=8) == [32, -16, -8, -8]


def test_discard_win_with_flowers_counted_in_f():
    # 8 fan + 2 flowers: F = 10. Winner 10 + 24 = 34; discarder 10 + 8 = 18.
    assert deltas("discard", winner="cy", discarder="dee", fan=10) == [-8, -8, 34, -18]


def test_discard_win_big_hand():
    # F = 88 (e.g. Big Four Winds alone): winner 88 + 24 = 112; discarder 88 + 8 = 96.
    assert deltas("discard", winner="dee", discarder="ann", fan=88) == [-96, -8, -8, 112]


def test_discard_win_transfers_split_fan_and_base():
    s = settle("discard", winner="ann", discarder="bob", fan=8)
    assert [(t.payer, t.payee, t.amount, t.reason) for t in s.transfers] == [
        ("bob", "ann", 8, "fan"),
        ("bob", "ann", 8, "base"),
        ("cy", "ann", 8, "base"),
        ("dee", "ann", 8, "base"),
    ]
    assert (s.outcome, s.winner, s.discarder, s.fan) == (MCROutcome.DISCARD, "ann", "bob", 8)


def test_robbing_the_kong_is_a_discard_win_paid_by_the_kong_owner():
    # bob adds a kong; cy robs it: Robbing the Kong 8 + 1 flower, F = 9.
    # cy 9 + 24 = 33; bob (the kong's owner, as discarder) 9 + 8 = 17.
    assert deltas("discard", winner="cy", discarder="bob", fan=9) == [-8, -17, 33, -8]


# --- self-draws --------------------------------------------------------------


def test_self_draw_at_the_minimum():
    # F = 8: each of three pays 8 + 8 = 16; winner 3 × 16 = 48.
    assert deltas("self_draw", winner="ann", fan=8) == [48, -16, -16, -16]


def test_self_draw_with_flowers():
    # 9 fan + 3 flowers: F = 12. Each pays 12 + 8 = 20; winner 60.
    assert deltas(MCROutcome.SELF_DRAW, winner="bob", fan=12) == [-20, 60, -20, -20]


def test_self_draw_transfers():
    s = settle("self_draw", winner="dee", fan=8)
    assert [(t.payer, t.amount, t.reason) for t in s.transfers] == [
        ("ann", 8, "fan"),
        ("ann", 8, "base"),
        ("bob", 8, "fan"),
        ("bob", 8, "base"),
        ("cy", 8, "fan"),
        ("cy", 8, "base"),
    ]
    assert {t.payee for t in s.transfers} == {"dee"}


# --- no win ------------------------------------------------------------------


@pytest.mark.parametrize("outcome", ["draw", "not_played", MCROutcome.DRAW])
def test_draw_and_unplayed_hand_pay_nothing(outcome):
    s = settle(outcome)
    assert s.deltas == {"ann": 0, "bob": 0, "cy": 0, "dee": 0}
    assert s.transfers == ()


# --- the base as a config value -------------------------------------------------


def test_base_is_eight_by_default():
    assert MCR_SETTLEMENT_RULES.base == 8


def test_another_base_changes_every_loser_payment():
    # base 5, F = 8, discard: winner 8 + 15 = 23; discarder 13; others 5.
    rules = MCRSettlementRules(base=5)
    assert deltas("discard", winner="ann", discarder="bob", fan=8, rules=rules) == [
        23,
        -13,
        -5,
        -5,
    ]
    # self-draw: each pays 8 + 5 = 13; winner 39.
    assert deltas("self_draw", winner="ann", fan=8, rules=rules) == [39, -13, -13, -13]


@pytest.mark.parametrize("base", [-1, 8.0, True, "8"])
def test_bad_base(base):
    with pytest.raises(MCRSettlementError, match="^base: "):
        MCRSettlementRules(base=base)


# --- players as opaque ids --------------------------------------------------


def test_players_may_be_any_hashable_ids_and_keep_their_order():
    s = settle_mcr([104, 7, 56, 12], "discard", winner=56, discarder=104, fan=8)
    assert list(s.deltas.items()) == [(104, -16), (7, -8), (56, 32), (12, -8)]


# --- bad input -------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"outcome": "ron", "winner": "ann", "fan": 8}, "outcome"),
        ({"outcome": "discard", "discarder": "bob", "fan": 8}, "winner"),
        ({"outcome": "discard", "winner": "ann", "fan": 8}, "discarder"),
        ({"outcome": "discard", "winner": "ann", "discarder": "ann", "fan": 8}, "discarder"),
        ({"outcome": "discard", "winner": "eve", "discarder": "bob", "fan": 8}, "winner"),
        ({"outcome": "discard", "winner": "ann", "discarder": "eve", "fan": 8}, "discarder"),
        ({"outcome": "discard", "winner": "ann", "discarder": "bob"}, "fan"),
        ({"outcome": "discard", "winner": "ann", "discarder": "bob", "fan": 0}, "fan"),
        ({"outcome": "discard", "winner": "ann", "discarder": "bob", "fan": -8}, "fan"),
        ({"outcome": "discard", "winner": "ann", "discarder": "bob", "fan": 8.0}, "fan"),
        ({"outcome": "discard", "winner": "ann", "discarder": "bob", "fan": True}, "fan"),
        ({"outcome": "discard", "winner": "ann", "discarder": "bob", "fan": "8"}, "fan"),
        ({"outcome": "self_draw", "winner": "ann", "discarder": "bob", "fan": 8}, "discarder"),
        ({"outcome": "self_draw", "fan": 8}, "winner"),
        ({"outcome": "draw", "winner": "ann"}, "winner"),
        ({"outcome": "draw", "discarder": "ann"}, "discarder"),
        ({"outcome": "not_played", "fan": 8}, "fan"),
    ],
)
def test_bad_hand_names_the_field(kwargs, field):
    with pytest.raises(MCRSettlementError, match=f"^{field}: ") as info:
        settle_mcr(PLAYERS, **kwargs)
    assert info.value.field == field


def test_fan_below_the_minimum_is_the_engines_business_not_settlements():
    # F = 5 could never pass the fan engine's 8-fan minimum (§1); settlement only
    # needs a positive F and pays it: winner 5 + 24 = 29, discarder 5 + 8 = 13.
    assert deltas("discard", winner="ann", discarder="bob", fan=5) == [29, -13, -8, -8]


@pytest.mark.parametrize(
    "players",
    [
        ["ann", "bob", "cy"],
        ["ann", "bob", "cy", "dee", "eve"],
        ["ann", "bob", "cy", "ann"],
        ["ann", "bob", "cy", None],
        ["ann", "bob", "cy", ["dee"]],
        "abcd",
    ],
)
def test_bad_table_names_players(players):
    with pytest.raises(MCRSettlementError, match="^players: "):
        settle_mcr(players, "draw")


def test_error_is_a_settlement_error_and_a_value_error():
    with pytest.raises(SettlementError):
        settle_mcr(PLAYERS, "discard", winner="ann", fan=8)
    with pytest.raises(ValueError):
        settle_mcr(PLAYERS, "discard", winner="ann", fan=8)


def test_a_settlement_that_does_not_sum_to_zero_is_refused():
    with pytest.raises(AssertionError, match="zero-sum"):
        MCRSettlement({"ann": 32, "bob": -16, "cy": -8, "dee": 0}, MCROutcome.DISCARD)
