"""Riichi hand value and settlement (rules/riichi.md §1-§2, §4).

Every expected number is worked out by hand from the rules text and written
as a literal; none is recomputed by the code under test. Every settlement goes
through ``_checked``, which asserts the zero-sum invariant
``sum(deltas) + pool_delta == 0`` and that the transfers explain the deltas.
"""

from __future__ import annotations

import pytest

from scoring.core.money import SettlementError
from scoring.families.riichi.draws import (
    settle_abortive_draw,
    settle_exhaustive_draw,
    settle_multiple_ron,
)
from scoring.families.riichi.points import (
    SETTLEMENT_PRESETS,
    HandPayments,
    PointsError,
    SettlementRules,
    basic_points,
    check_value,
    hand_payments,
    limit_name,
)
from scoring.families.riichi.settlement import (
    HandState,
    Outcome,
    RonClaim,
    Settlement,
    next_hand_state,
    settle_win,
)
from scoring.sheets.messages import Message

JPML_A = SETTLEMENT_PRESETS["jpml-a"]
JPML_B = SETTLEMENT_PRESETS["jpml-b"]
WRC = SETTLEMENT_PRESETS["wrc"]
EMA = SETTLEMENT_PRESETS["ema"]
TENHOU = SETTLEMENT_PRESETS["tenhou"]


def _checked(s: Settlement) -> Settlement:
    assert sum(s.deltas.values()) + s.pool_delta == 0
    assert s.pool_delta == (s.pool_after - s.pool_before) * 1_000
    assert list(s.deltas) == ["E", "S", "W", "N"]
    from_transfers = dict.fromkeys("ESWN", 0)
    for t in s.transfers:
        assert t.amount > 0
        if t.payer != "pool":
            from_transfers[t.payer] -= t.amount
        if t.payee != "pool":
            from_transfers[t.payee] += t.amount
    assert from_transfers == s.deltas
    return s


def win(**kwargs) -> Settlement:
    return _checked(settle_win(**kwargs))


def multi(**kwargs) -> Settlement:
    return _checked(settle_multiple_ron(**kwargs))


def draw(**kwargs) -> Settlement:
    return _checked(settle_exhaustive_draw(**kwargs))


def d(e: int = 0, s: int = 0, w: int = 0, n: int = 0) -> dict[str, int]:
    return {"E": e, "S": s, "W": w, "N": n}


# --- §1 basic points ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "kiriage", "kazoe", "yakuman", "basic"),
    [
        (1, 30, False, "sanbaiman", 0, 240),
        (1, 110, False, "sanbaiman", 0, 880),
        (2, 20, False, "sanbaiman", 0, 320),
        (2, 25, False, "sanbaiman", 0, 400),  # seven pairs: 25 fu, not rounded
        (3, 40, False, "sanbaiman", 0, 1_280),
        (4, 25, False, "sanbaiman", 0, 1_600),
        (4, 30, False, "sanbaiman", 0, 1_920),  # rules §2 check: b = 1,920
        (4, 30, True, "sanbaiman", 0, 2_000),  # kiriage
        (3, 60, False, "sanbaiman", 0, 1_920),
        (3, 60, True, "sanbaiman", 0, 2_000),  # kiriage
        (3, 70, False, "sanbaiman", 0, 2_000),  # 2,240 capped
        (4, 40, False, "sanbaiman", 0, 2_000),  # 2,560 capped
        (5, 30, False, "sanbaiman", 0, 2_000),
        (6, 30, False, "sanbaiman", 0, 3_000),
        (7, 30, False, "sanbaiman", 0, 3_000),
        (8, 30, False, "sanbaiman", 0, 4_000),
        (10, 30, False, "sanbaiman", 0, 4_000),
        (11, 30, False, "sanbaiman", 0, 6_000),
        (12, 30, False, "sanbaiman", 0, 6_000),
        (13, 30, False, "sanbaiman", 0, 6_000),
        (13, 30, False, "yakuman", 0, 8_000),  # kazoe yakuman
        (20, 40, False, "sanbaiman", 0, 6_000),
        (20, 40, True, "yakuman", 0, 8_000),
        (0, 0, False, "sanbaiman", 1, 8_000),
        (0, 0, False, "sanbaiman", 2, 16_000),
        (0, 0, False, "yakuman", 3, 24_000),
    ],
)
def test_basic_points(han, fu, kiriage, kazoe, yakuman, basic):
    assert basic_points(han, fu, kiriage=kiriage, kazoe=kazoe, yakuman=yakuman) == basic


@pytest.mark.parametrize(
    ("han", "fu", "kiriage", "kazoe", "yakuman", "name"),
    [
        (1, 30, False, "sanbaiman", 0, None),
        (4, 30, False, "sanbaiman", 0, None),
        (4, 30, True, "sanbaiman", 0, "mangan"),
        (3, 60, True, "sanbaiman", 0, "mangan"),
        (4, 40, False, "sanbaiman", 0, "mangan"),
        (5, 30, False, "sanbaiman", 0, "mangan"),
        (6, 30, False, "sanbaiman", 0, "haneman"),
        (7, 30, False, "sanbaiman", 0, "haneman"),
        (8, 30, False, "sanbaiman", 0, "baiman"),
        (10, 30, False, "sanbaiman", 0, "baiman"),
        (11, 30, False, "sanbaiman", 0, "sanbaiman"),
        (13, 30, False, "sanbaiman", 0, "sanbaiman"),
        (13, 30, False, "yakuman", 0, "yakuman"),
        (0, 0, False, "sanbaiman", 1, "yakuman"),
        (0, 0, False, "sanbaiman", 2, "double_yakuman"),
        (0, 0, False, "sanbaiman", 3, "triple_yakuman"),
        (0, 0, False, "sanbaiman", 4, "quadruple_yakuman"),
        (0, 0, False, "sanbaiman", 7, "yakuman_x7"),
    ],
)
def test_limit_name(han, fu, kiriage, kazoe, yakuman, name):
    assert limit_name(han, fu, kiriage=kiriage, kazoe=kazoe, yakuman=yakuman) == name


@pytest.mark.parametrize(
    ("han", "fu", "kazoe", "yakuman", "match"),
    [
        (0, 30, "sanbaiman", 0, "han must be at least 1"),
        (2, 32, "sanbaiman", 0, "rounded up to 40"),
        (1, 15, "sanbaiman", 0, "fu must be at least 20"),
        (13, 30, "double", 0, "kazoe must be"),
        (0, 0, "yakuman", -1, "yakuman must be 0 or more"),
    ],
)
def test_basic_points_refuses_impossible_values(han, fu, kazoe, yakuman, match):
    with pytest.raises(PointsError, match=match):
        basic_points(han, fu, kiriage=False, kazoe=kazoe, yakuman=yakuman)


# --- §2 payments --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("basic", "dealer_won", "tsumo", "expected"),
    [
        # rules §2 checks
        (1_920, False, False, HandPayments(ron=7_700)),
        (1_920, True, False, HandPayments(ron=11_600)),
        (2_000, False, False, HandPayments(ron=8_000)),  # kiriage
        (2_000, True, False, HandPayments(ron=12_000)),
        (240, False, True, HandPayments(dealer=500, non_dealer=300)),  # 30 fu 1 han
        (240, True, True, HandPayments(non_dealer=500)),  # dealer 500 all
        # hand-checked
        (240, False, False, HandPayments(ron=1_000)),  # 1 han 30 fu
        (240, True, False, HandPayments(ron=1_500)),
        (320, False, False, HandPayments(ron=1_300)),  # 1 han 40 fu (1,280)
        (320, True, False, HandPayments(ron=2_000)),  # (1,920)
        (1_280, False, True, HandPayments(dealer=2_600, non_dealer=1_300)),  # 3 han 40 fu
        (400, False, False, HandPayments(ron=1_600)),  # 2 han 25 fu seven pairs
        (400, True, False, HandPayments(ron=2_400)),
        (320, False, True, HandPayments(dealer=700, non_dealer=400)),  # 2 han 20 fu
        (320, True, True, HandPayments(non_dealer=700)),
        (1_920, False, True, HandPayments(dealer=3_900, non_dealer=2_000)),
        (1_920, True, True, HandPayments(non_dealer=3_900)),
        (2_000, False, True, HandPayments(dealer=4_000, non_dealer=2_000)),  # mangan
        (2_000, True, True, HandPayments(non_dealer=4_000)),
        (3_000, False, False, HandPayments(ron=12_000)),  # haneman
        (3_000, True, False, HandPayments(ron=18_000)),
        (4_000, False, False, HandPayments(ron=16_000)),  # baiman
        (6_000, True, False, HandPayments(ron=36_000)),  # sanbaiman
        (8_000, False, False, HandPayments(ron=32_000)),  # yakuman
        (8_000, True, False, HandPayments(ron=48_000)),
        (8_000, False, True, HandPayments(dealer=16_000, non_dealer=8_000)),
        (8_000, True, True, HandPayments(non_dealer=16_000)),
    ],
)
def test_hand_payments(basic, dealer_won, tsumo, expected):
    assert hand_payments(basic, dealer_won=dealer_won, tsumo=tsumo) == expected


@pytest.mark.parametrize(
    ("payments", "total"),
    [
        (HandPayments(ron=7_700), 7_700),
        (HandPayments(dealer=2_600, non_dealer=1_300), 5_200),
        (HandPayments(non_dealer=500), 1_500),
    ],
)
def test_hand_payment_total(payments, total):
    assert payments.total == total


def test_hand_payments_refuses_zero_basic():
    with pytest.raises(PointsError, match="basic points must be positive"):
        hand_payments(0, dealer_won=False, tsumo=False)


# --- one winner -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "deltas"),
    [
        # non-dealer S rons W's discard, 1 han 30 fu
        (dict(winner="S", dealer="E", basic=240, tsumo=False, discarder="W"), d(s=1_000, w=-1_000)),
        # the dealer is S this hand (not E): dealer ron 1,500
        (dict(winner="S", dealer="S", basic=240, tsumo=False, discarder="N"), d(s=1_500, n=-1_500)),
        # non-dealer W tsumo, dealer S: 3 han 40 fu, 1,300 / 2,600
        (
            dict(winner="W", dealer="S", basic=1_280, tsumo=True),
            d(e=-1_300, s=-2_600, w=5_200, n=-1_300),
        ),
        # dealer N tsumo, 2 han 20 fu: 700 all
        (dict(winner="N", dealer="N", basic=320, tsumo=True), d(-700, -700, -700, 2_100)),
        # mangan tsumo 2,000 / 4,000; dealer mangan 4,000 all
        (dict(winner="S", dealer="E", basic=2_000, tsumo=True), d(-4_000, 8_000, -2_000, -2_000)),
        (dict(winner="E", dealer="E", basic=2_000, tsumo=True), d(12_000, -4_000, -4_000, -4_000)),
        # yakuman ron 32,000 / 48,000
        (
            dict(winner="N", dealer="E", basic=8_000, tsumo=False, discarder="E"),
            d(-32_000, n=32_000),
        ),
        (
            dict(winner="E", dealer="E", basic=8_000, tsumo=False, discarder="W"),
            d(48_000, w=-48_000),
        ),
        # 4 han 30 fu: 7,700 without kiriage, 8,000 with it (basic from basic_points)
        (dict(winner="S", dealer="E", basic=1_920, tsumo=False, discarder="E"), d(-7_700, 7_700)),
        (dict(winner="S", dealer="E", basic=2_000, tsumo=False, discarder="E"), d(-8_000, 8_000)),
        (dict(winner="E", dealer="E", basic=1_920, tsumo=False, discarder="S"), d(11_600, -11_600)),
        (dict(winner="E", dealer="E", basic=2_000, tsumo=False, discarder="S"), d(12_000, -12_000)),
    ],
)
def test_single_win(kwargs, deltas):
    s = win(rules=WRC, **kwargs)
    assert s.deltas == deltas
    assert (s.pool_before, s.pool_after, s.pool_delta) == (0, 0, 0)


@pytest.mark.parametrize(
    ("kazoe", "deltas"),
    [("yakuman", d(-32_000, 32_000)), ("sanbaiman", d(-24_000, 24_000))],
)
def test_kazoe_yakuman_or_sanbaiman(kazoe, deltas):
    basic = basic_points(13, 40, kiriage=False, kazoe=kazoe)
    s = win(winner="S", dealer="E", basic=basic, tsumo=False, discarder="E", rules=WRC)
    assert s.deltas == deltas


def test_honba_on_ron_paid_by_discarder():
    s = win(winner="S", dealer="E", basic=240, tsumo=False, discarder="E", honba=2, rules=WRC)
    assert s.deltas == d(-1_600, 1_600)  # 1,000 + 2 × 300


def test_honba_on_non_dealer_tsumo_from_each_payer():
    s = win(winner="W", dealer="E", basic=2_000, tsumo=True, honba=3, rules=WRC)
    assert s.deltas == d(-4_300, -2_300, 8_900, -2_300)  # + 3 × 100 from each


def test_honba_on_dealer_tsumo_from_each_payer():
    s = win(winner="E", dealer="E", basic=2_000, tsumo=True, honba=1, rules=WRC)
    assert s.deltas == d(12_300, -4_100, -4_100, -4_100)


def test_winner_takes_carried_and_declared_sticks():
    # 2 sticks carried; S and W declare; S rons N for 1,000 with 1 honba.
    s = win(
        winner="S", dealer="E", basic=240, tsumo=False, discarder="N",
        honba=1, pool=2, riichi={"S", "W"}, rules=WRC,
    )  # fmt: skip
    assert s.deltas == d(0, 4_300, -1_000, -1_300)  # S: -1,000 + 1,300 + 4 sticks
    assert (s.pool_before, s.pool_after, s.pool_delta) == (2, 0, -2_000)
    assert s.outcome is Outcome.NON_DEALER_WIN


def test_riichi_stick_on_a_tsumo():
    s = win(winner="E", dealer="E", basic=240, tsumo=True, riichi=["E"], pool=1, rules=JPML_A)
    assert s.deltas == d(2_500, -500, -500, -500)  # -1,000 + 1,500 + 2 sticks
    assert s.pool_after == 0
    assert s.outcome is Outcome.DEALER_WIN


# --- pao --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [JPML_A, JPML_B, TENHOU], ids=["jpml-a", "jpml-b", "tenhou"])
def test_pao_tsumo_liable_pays_all_with_honba(rules):
    s = win(winner="S", dealer="E", basic=8_000, tsumo=True, liable="W", honba=1, rules=rules)
    assert s.deltas == d(0, 32_300, -32_300, 0)


def test_pao_dealer_tsumo():
    s = win(winner="E", dealer="E", basic=8_000, tsumo=True, liable="N", honba=2, rules=JPML_A)
    assert s.deltas == d(48_600, 0, 0, -48_600)


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [
        (JPML_A, d(0, 32_600, -16_000, -16_600)),  # discarder N pays the honba
        (TENHOU, d(0, 32_600, -16_600, -16_000)),  # liable W pays the honba
    ],
    ids=["jpml-a", "tenhou"],
)
def test_pao_ron_half_each_and_honba_payer(rules, deltas):
    s = win(
        winner="S", dealer="E", basic=8_000, tsumo=False, discarder="N",
        liable="W", honba=2, rules=rules,
    )  # fmt: skip
    assert s.deltas == deltas


def test_pao_ron_tenhou_log_seats():
    # Dealer E is liable, S deals in to W's daisangen, 2 honba: 32,600 = 16,000 + 16,600.
    s = win(
        winner="W", dealer="E", basic=8_000, tsumo=False, discarder="S",
        liable="E", honba=2, rules=TENHOU,
    )  # fmt: skip
    assert s.deltas == d(-16_600, -16_000, 32_600, 0)


def test_pao_dealer_ron_half_each():
    s = win(
        winner="E", dealer="E", basic=8_000, tsumo=False, discarder="S", liable="N", rules=JPML_B
    )
    assert s.deltas == d(48_000, -24_000, 0, -24_000)


def test_pao_ron_liable_player_deals_in_pays_all():
    s = win(
        winner="S", dealer="E", basic=8_000, tsumo=False, discarder="W",
        liable="W", honba=1, rules=JPML_A,
    )  # fmt: skip
    assert s.deltas == d(0, 32_300, -32_300, 0)


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [
        # liable W: 32,000 for daisangen; tsuuiisou as a tsumo (E 16,000, W and N 8,000);
        # jpml: honba from all three (100 each); tenhou: the liable player pays 300.
        (JPML_A, d(-16_100, 64_300, -40_100, -8_100)),
        (TENHOU, d(-16_000, 64_300, -40_300, -8_000)),
    ],
    ids=["jpml-a", "tenhou"],
)
def test_pao_tsumo_with_a_further_yakuman(rules, deltas):
    s = win(
        winner="S", dealer="E", basic=16_000, tsumo=True, liable="W",
        liable_basic=8_000, honba=1, rules=rules,
    )  # fmt: skip
    assert s.deltas == deltas


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [
        # dealer E deals in: half of daisangen (16,000) + all of tsuuiisou (32,000).
        (JPML_A, d(-48_300, 64_300, -16_000, 0)),
        (TENHOU, d(-48_000, 64_300, -16_300, 0)),
    ],
    ids=["jpml-a", "tenhou"],
)
def test_pao_ron_with_a_further_yakuman(rules, deltas):
    s = win(
        winner="S", dealer="E", basic=16_000, tsumo=False, discarder="E",
        liable="W", liable_basic=8_000, honba=1, rules=rules,
    )  # fmt: skip
    assert s.deltas == deltas


# --- several rons ---------------------------------------------------------------------

# N discards; S (3 han 40 fu, 5,200) and W (1 han 30 fu, 1,000) call ron; in turn order
# after N come E, S, W, so S is nearest. 1 stick carried; E, S and W declared riichi.
TWO_RONS = dict(
    claims=[RonClaim("W", 240), RonClaim("S", 1_280)],
    discarder="N", dealer="E", honba=1, pool=1, riichi=["E", "S", "W"],
)  # fmt: skip


def test_head_bump_nearest_winner_only():
    s = multi(rules=WRC, **TWO_RONS)
    assert s.deltas == d(-1_000, 8_500, -1_000, -5_500)  # S: -1,000 + 5,500 + 4 sticks
    assert s.pool_after == 0
    assert s.notes == (Message("head_bump", {"seat": "S", "seats": ["W"]}),)


def test_all_win_each_paid_with_honba_own_sticks_back():
    s = multi(rules=EMA, **TWO_RONS)
    # S: -1,000 + 5,500 + own stick + carried and E's sticks; W: -1,000 + 1,300 + own stick.
    assert s.deltas == d(-1_000, 7_500, 1_300, -6_800)
    assert s.pool_after == 0


def test_double_ron_honba_and_sticks_to_nearest():
    s = multi(rules=TENHOU, **TWO_RONS)
    assert s.deltas == d(-1_000, 8_500, 0, -6_500)  # W: -1,000 stick + 1,000 hand
    assert s.outcome is Outcome.NON_DEALER_WIN
    assert s.notes == (Message("double_ron", {"seats": ["S", "W"]}),)


def test_nearest_winner_wraps_round_the_table():
    # W discards; turn order after W is N, E, S: the dealer E is nearest.
    s = multi(
        claims=[RonClaim("S", 2_000), RonClaim("E", 240)], discarder="W", dealer="E", rules=JPML_A
    )
    assert s.deltas == d(1_500, 0, -1_500, 0)
    assert s.outcome is Outcome.DEALER_WIN


THREE_RONS = dict(
    claims=[RonClaim("W", 2_000), RonClaim("S", 240), RonClaim("E", 240)],
    discarder="N", dealer="E", honba=1, pool=0, riichi=["S"],
)  # fmt: skip


def test_three_rons_all_win():
    s = multi(rules=EMA, **THREE_RONS)
    # N pays E 1,500 + 300, S 1,000 + 300, W 8,000 + 300; S takes back own stick.
    assert s.deltas == d(1_800, 1_300, 8_300, -11_400)
    assert s.outcome is Outcome.DEALER_WIN


def test_three_rons_head_bump():
    s = multi(rules=JPML_B, **THREE_RONS)
    assert s.deltas == d(2_800, -1_000, 0, -1_800)  # E gets 1,800 and S's stick


def test_three_rons_under_tenhou_are_an_abortive_draw():
    s = multi(rules=TENHOU, **THREE_RONS)
    assert s.deltas == d(0, -1_000, 0, 0)
    assert (s.pool_after, s.pool_delta) == (1, 1_000)
    assert s.outcome is Outcome.ABORTIVE_DRAW
    assert s.notes == (Message("three_rons"),)


def test_double_ron_with_pao_on_the_nearest_winner():
    # N discards; S (daisangen, W liable) and W (1,000) win; tenhou: liable W pays the honba.
    s = multi(
        claims=[RonClaim("S", 8_000, liable="W"), RonClaim("W", 240)],
        discarder="N", dealer="E", honba=1, rules=TENHOU,
    )  # fmt: skip
    assert s.deltas == d(0, 32_300, -15_300, -17_000)


@pytest.mark.parametrize("rules", [WRC, EMA, TENHOU], ids=["wrc", "ema", "tenhou"])
def test_one_claim_is_an_ordinary_ron(rules):
    s = multi(claims=[RonClaim("S", 240)], discarder="E", dealer="E", honba=1, rules=rules)
    one = win(winner="S", dealer="E", basic=240, tsumo=False, discarder="E", honba=1, rules=rules)
    assert s == one
    assert s.deltas == d(-1_300, 1_300)


# --- exhaustive draw --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        (set(), d()),
        ({"E", "S", "W", "N"}, d()),
        ({"S"}, d(-1_000, 3_000, -1_000, -1_000)),
        ({"E", "W"}, d(1_500, -1_500, 1_500, -1_500)),
        ({"E", "S", "N"}, d(1_000, 1_000, -3_000, 1_000)),
    ],
)
def test_noten_payments(tenpai, deltas):
    s = draw(tenpai=tenpai, dealer="E", rules=WRC)
    assert s.deltas == deltas
    assert s.pool_after == 0


def test_draw_riichi_sticks_join_the_carried_pool():
    s = draw(tenpai={"E", "N"}, dealer="S", riichi={"N"}, pool=1, rules=JPML_A)
    assert s.deltas == d(1_500, -1_500, -1_500, 500)
    assert (s.pool_before, s.pool_after, s.pool_delta) == (1, 2, 1_000)
    assert s.outcome is Outcome.DRAW_DEALER_NOTEN


def test_draw_dealer_tenpai_outcome():
    assert draw(tenpai={"W"}, dealer="W", rules=EMA).outcome is Outcome.DRAW_DEALER_TENPAI


def test_noten_riichi_at_the_draw_is_refused_as_a_chombo():
    with pytest.raises(SettlementError, match="S .*not tenpai.*chombo"):
        settle_exhaustive_draw(tenpai={"E"}, dealer="E", riichi={"S"}, rules=WRC)


def test_abortive_draw_keeps_sticks():
    s = _checked(settle_abortive_draw(riichi=["E", "W"], pool=2, rules=TENHOU))
    assert s.deltas == d(-1_000, 0, -1_000, 0)
    assert (s.pool_after, s.outcome) == (4, Outcome.ABORTIVE_DRAW)


# --- dealer rotation and honba ------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "honba", "outcome", "expected"),
    [
        ("E", 0, Outcome.DEALER_WIN, HandState("E", 1)),
        ("S", 2, Outcome.NON_DEALER_WIN, HandState("W", 0)),
        ("N", 1, Outcome.NON_DEALER_WIN, HandState("E", 0)),
        ("E", 3, Outcome.DRAW_DEALER_TENPAI, HandState("E", 4)),
        ("W", 0, Outcome.DRAW_DEALER_NOTEN, HandState("N", 1)),
        ("S", 2, Outcome.ABORTIVE_DRAW, HandState("S", 3)),
        ("S", 2, Outcome.CHOMBO, HandState("S", 2)),
        ("W", 1, "dealer_win", HandState("W", 2)),
    ],
)
def test_next_hand_state(dealer, honba, outcome, expected):
    assert next_hand_state(dealer, honba, outcome) == expected


def test_next_hand_state_from_a_settlement():
    s = win(winner="S", dealer="E", basic=240, tsumo=True, honba=4, rules=WRC)
    assert next_hand_state("E", 4, s.outcome) == HandState("S", 0)


# --- presets and validation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "pao_honba_payer", "multiple_ron"),
    [
        ("jpml-a", "discarder", "head_bump"),
        ("jpml-b", "discarder", "head_bump"),
        ("wrc", "discarder", "head_bump"),
        ("ema", "discarder", "all_win"),
        ("tenhou", "liable", "double_ron"),
    ],
)
def test_presets(name, pao_honba_payer, multiple_ron):
    rules = SETTLEMENT_PRESETS[name]
    assert (rules.honba_ron, rules.honba_tsumo_each) == (300, 100)
    assert (rules.riichi_stick, rules.noten_total) == (1_000, 3_000)
    assert (rules.pao_honba_payer, rules.multiple_ron) == (pao_honba_payer, multiple_ron)


def test_rules_refuse_an_uneven_noten_total():
    with pytest.raises(PointsError, match="noten_total"):
        SettlementRules(300, 100, 1_000, 1_000, "discarder", "head_bump")


BASE = dict(winner="S", dealer="E", basic=240, tsumo=False, discarder="W", rules=WRC)


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        (dict(discarder="S"), "discarder S cannot be the winner"),
        (dict(discarder=None), "a ron needs the discarder"),
        (dict(tsumo=True), "a tsumo has no discarder"),
        (dict(honba=-1), "honba must be"),
        (dict(pool=-2), "pool must be"),
        (dict(winner="X"), "winner must be one of E, S, W, N"),
        (dict(dealer="east"), "dealer must be one of"),
        (dict(discarder="Q"), "discarder must be one of"),
        (dict(riichi=["S", "Z"]), "riichi must be one of"),
        (dict(basic=0), "basic"),
        (dict(liable="S"), "liable player S cannot be the winner"),
        (dict(liable="K"), "liable must be one of"),
        (dict(liable_basic=8_000), "no liable player"),
        (dict(liable="N", liable_basic=480), "liable_basic must be between 1 and"),
    ],
)
def test_settle_win_validation(changes, match):
    with pytest.raises(SettlementError, match=match):
        settle_win(**{**BASE, **changes})


@pytest.mark.parametrize(
    ("claims", "discarder", "match"),
    [
        ([], "N", "at least one winner"),
        ([RonClaim("S", 240), RonClaim("S", 320)], "N", "same winner twice"),
        ([RonClaim("S", 240), RonClaim("N", 320)], "N", "discarder N cannot be the winner"),
        ([RonClaim("S", 240)], "north", "discarder must be one of"),
    ],
)
def test_multiple_ron_validation(claims, discarder, match):
    with pytest.raises(SettlementError, match=match):
        settle_multiple_ron(claims=claims, discarder=discarder, dealer="E", rules=EMA)


@pytest.mark.parametrize(
    ("args", "match"),
    [(("E", -1, "dealer_win"), "honba must be"), (("E", 0, "tsumo"), "outcome must be one of")],
)
def test_next_hand_state_validation(args, match):
    with pytest.raises(SettlementError, match=match):
        next_hand_state(*args)


def test_settlement_errors_are_value_errors():
    assert issubclass(SettlementError, ValueError)
    assert issubclass(PointsError, ValueError)


# --- value-only entry ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "tsumo", "words"),
    [
        (1, 20, False, "a ron has at least 30 fu"),
        (1, 20, True, "at least 2 han"),
        (1, 25, False, "at least 2 han"),
        (2, 25, True, "at least 3 han"),
        (0, 30, False, "han must be at least 1"),
        (2, 35, False, "rounded up to 40"),
        (3, 120, False, "more than any hand"),
        (2, 15, True, "fu must be at least 20"),
    ],
)
def test_impossible_han_and_fu_are_refused(han, fu, tsumo, words):
    with pytest.raises(PointsError, match=words):
        check_value(han, fu, tsumo=tsumo)


@pytest.mark.parametrize(
    ("han", "fu", "tsumo"),
    [(2, 20, True), (2, 25, False), (3, 25, True), (1, 30, False), (4, 110, True), (5, 0, False)],
)
def test_possible_han_and_fu_pass(han, fu, tsumo):
    check_value(han, fu, tsumo=tsumo)
