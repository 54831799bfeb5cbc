"""HKOS settlement, dealer rotation, session and standings (rules/hkos.md §5-§8).

Every expected number is worked out by hand from the rules text and written
as a literal. V = u(faan) × 4 with the half-spicy u of §4: 3 faan 32,
5 faan 96, 13 faan 1,536.
"""

from __future__ import annotations

import pytest

from scoring.core.placement import SessionError
from scoring.families.hkos.hand import PRESET, resolve
from scoring.families.hkos.session import (
    HKOSHandRecord,
    HKOSPenalty,
    false_win_penalty,
    hkos_session_result,
    hkos_standings,
)
from scoring.families.hkos.settlement import (
    HKOS_SESSION_RULES,
    Deal,
    HKOSSessionRules,
    HKOSSettlementError,
    next_deal,
    settle_hkos,
)
from tests.scoring.hands import PLAYERS, refusal
from tests.scoring.hands import checked as _checked


def deltas(outcome, **kwargs) -> list[int]:
    return list(_checked(settle_hkos(PLAYERS, outcome, **kwargs)).deltas.values())


# --- one hand (§5) ---------------------------------------------------------------


def test_discard_win_only_the_discarder_pays():
    # 3 faan: V = 8 × 4 = 32; bob pays it all, the others nothing.
    assert deltas("discard", winner="ann", discarder="bob", value=32) == [32, -32, 0, 0]


def test_self_draw_each_pays_half():
    # V = 32: each other player V/2 = 16, the winner 3V/2 = 48.
    assert deltas("self_draw", winner="cy", value=32) == [-16, -16, 48, -16]


def test_no_dealer_multiplier():
    # East winning pays the same as anyone: V = 96 (5 faan), self-draw 48 each.
    assert deltas("self_draw", winner="ann", value=96) == [144, -48, -48, -48]


def test_half_responsibility_discard():
    # V = 32: discarder V/2 = 16, the two others V/4 = 8 each; winner +32.
    result = deltas(
        "discard", winner="dee", discarder="bob", value=32, payment_scheme="half-responsibility"
    )
    assert result == [-8, -16, -8, 32]


def test_half_responsibility_self_draw_is_unchanged():
    result = deltas("self_draw", winner="bob", value=32, payment_scheme="half-responsibility")
    assert result == [-16, 48, -16, -16]


def test_wall_draw_and_voided_false_win_pay_nothing():
    assert deltas("draw") == [0, 0, 0, 0]
    assert deltas("false_win") == [0, 0, 0, 0]


def test_stake_table_is_the_scale_times_20():
    # §4: points_per_unit 20. 3 faan: 160 on a discard, 240 self-drawn (80 × 3);
    # 13 faan: 7,680 on a discard, 11,520 self-drawn (3,840 × 3).
    config = resolve(PRESET, {"points_per_unit": 20})
    v3, v13 = config.hand_value(3), config.hand_value(13)
    assert deltas("discard", winner="ann", discarder="bob", value=v3)[0] == 160
    assert deltas("self_draw", winner="ann", value=v3) == [240, -80, -80, -80]
    assert deltas("discard", winner="ann", discarder="bob", value=v13)[0] == 7680
    assert deltas("self_draw", winner="ann", value=v13)[0] == 11520


def test_two_winners_on_one_discard():
    # multiple_winners: cy pays bob 32 and dee 96.
    result = deltas("discard", winner="bob", discarder="cy", value=32, more_winners={"dee": 96})
    assert result == [0, 32, -128, 96]


@pytest.mark.parametrize(
    ("outcome", "kwargs", "field"),
    [
        ("discard", {"winner": "ann", "value": 32}, "discarder"),
        ("discard", {"winner": "ann", "discarder": "ann", "value": 32}, "discarder"),
        ("discard", {"winner": "zed", "discarder": "bob", "value": 32}, "winner"),
        ("discard", {"winner": "ann", "discarder": "bob"}, "value"),
        ("self_draw", {"winner": "ann", "value": 0}, "value"),
        ("self_draw", {"winner": "ann", "value": 6, "discarder": "bob"}, "discarder"),
        ("self_draw", {"winner": "ann", "value": 7}, "value"),  # V/2 not whole
        ("draw", {"winner": "ann"}, "winner"),
        ("false_win", {"value": 32}, "value"),
        ("chombo", {}, "outcome"),
        ("self_draw", {"winner": "ann", "value": 32, "payment_scheme": "full"}, "payment_scheme"),
    ],
)
def test_bad_input_names_the_field(outcome, kwargs, field):
    assert refusal(HKOSSettlementError, settle_hkos, PLAYERS, outcome, **kwargs).field == field


def test_half_responsibility_needs_quarters():
    # V = 6 (points_per_unit 3, 1 faan would give 6): 6/4 is not whole.
    with pytest.raises(HKOSSettlementError, match="shares of 1/4"):
        settle_hkos(
            PLAYERS,
            "discard",
            winner="ann",
            discarder="bob",
            value=6,
            payment_scheme="half-responsibility",
        )


def test_a_table_has_four_distinct_players():
    with pytest.raises(HKOSSettlementError):
        settle_hkos(PLAYERS[:3], "draw")
    with pytest.raises(HKOSSettlementError):
        settle_hkos(["a", "a", "b", "c"], "draw")


# --- the deal (§6) ----------------------------------------------------------------


def test_east_keeps_the_deal_after_winning_or_a_wall_draw():
    first = Deal()
    assert first.label == "E1-0"
    assert next_deal(first, "self_draw", dealer_won=True).label == "E1-1"
    assert next_deal(Deal(0, 0, 1), "draw", dealer_won=False).label == "E1-2"


def test_the_deal_passes_when_another_player_wins():
    assert next_deal(Deal(0, 0, 2), "discard", dealer_won=False).label == "E2-0"


def test_the_wind_advances_after_four_changes_of_dealer():
    deal = Deal()
    for label in ("E2-0", "E3-0", "E4-0", "S1-0", "S2-0"):
        deal = next_deal(deal, "discard", dealer_won=False)
        assert deal.label == label
    assert Deal(3, 3, 5).label == "N4-5"
    assert next_deal(Deal(3, 3, 5), "discard", dealer_won=False) == Deal(4, 0, 0)


def test_a_voided_false_win_is_redealt_by_the_same_dealer():
    assert next_deal(Deal(1, 2, 1), "false_win", dealer_won=False) == Deal(1, 2, 1)


def test_dealer_repeat_cap():
    # Cap 1: the dealer may repeat once; a second win passes the deal.
    once = next_deal(Deal(), "self_draw", dealer_won=True, repeat_cap=1)
    assert once.label == "E1-1"
    assert next_deal(once, "draw", dealer_won=False, repeat_cap=1).label == "E2-0"
    assert next_deal(Deal(), "draw", dealer_won=False, repeat_cap=0).label == "E2-0"


def test_seat_winds_follow_the_dealer():
    deal = Deal(0, 1, 0)  # South seat deals: it is East this hand
    assert [deal.seat_wind(s) for s in range(4)] == ["N", "E", "S", "W"]


# --- a session ---------------------------------------------------------------------

SESSION = [
    HKOSHandRecord("self_draw", winner="ann", faan=3),  # E1-0: 32: ann +48, others -16
    HKOSHandRecord("draw"),  # E1-1: ann keeps the deal
    HKOSHandRecord("discard", winner="bob", discarder="cy", faan=5),  # E1-2: 96
    HKOSHandRecord("false_win"),  # E2-0: voided, bob deals again
    HKOSHandRecord("self_draw", winner="dee", faan=15),  # E2-0: 13 paid, 1536: 768 each
]


def test_session_rows_totals_and_labels():
    result = hkos_session_result(PLAYERS, SESSION)
    assert [h.deal.label for h in result.hands] == ["E1-0", "E1-1", "E1-2", "E2-0", "E2-0"]
    assert result.next_deal.label == "E3-0"
    # ann 48 - 768 = -720; bob -16 + 96 - 768 = -688; cy -16 - 96 - 768 = -880;
    # dee -16 + 2304 = 2288. Sum 0.
    totals = {p: r.hand_total for p, r in result.players.items()}
    assert totals == {"ann": -720, "bob": -688, "cy": -880, "dee": 2288}
    assert result.running_totals()[0] == {"ann": 48, "bob": -16, "cy": -16, "dee": -16}
    assert result.running_totals()[-1] == totals
    assert [p.placement for p in result.players.values()] == [3, 2, 4, 1]
    assert result.complete is False


def test_false_win_penalty_pays_each_opponent_the_limit():
    # §8: cy pays each opponent V at 13 faan = 1536: cy -4608, others +1536.
    penalty = false_win_penalty("cy")
    assert (penalty.points, penalty.redistribute) == (-4608, True)
    result = hkos_session_result(PLAYERS, SESSION, [penalty])
    # points: ann -720 + 1536 = 816; bob -688 + 1536 = 848; cy -880 - 4608 = -5488;
    # dee 2288 + 1536 = 3824.
    assert result.standings == {"ann": 816, "bob": 848, "cy": -5488, "dee": 3824}
    assert result.players["cy"].penalty_total == -4608
    assert [p.placement for p in result.players.values()] == [3, 2, 4, 1]


def test_false_win_points_option():
    rules = HKOS_SESSION_RULES.resolve({"false_win_points": 100})
    assert false_win_penalty("ann", rules=rules).points == -300


def test_a_one_round_session_ends_after_four_changes_of_dealer():
    rules = HKOS_SESSION_RULES.resolve({"session_length": "rounds:1"})
    passes = [
        HKOSHandRecord("discard", winner=w, discarder=d, faan=3)
        for w, d in (("bob", "ann"), ("cy", "bob"), ("dee", "cy"), ("ann", "dee"))
    ]
    result = hkos_session_result(PLAYERS, passes, rules=rules)
    assert result.complete is True and result.next_deal.label == "S1-0"
    assert all(r.hand_total == 0 for r in result.players.values())  # each won 32, paid 32
    with pytest.raises(SessionError) as caught:
        hkos_session_result(PLAYERS, [*passes, HKOSHandRecord("draw")], rules=rules)
    assert caught.value.field == "hands[4]"


def test_a_timed_session_is_ended_by_the_clock():
    rules = HKOS_SESSION_RULES.resolve({"session_length": "minutes:90"})
    assert hkos_session_result(PLAYERS, SESSION, rules=rules).complete is None


def test_half_responsibility_session():
    rules = HKOS_SESSION_RULES.resolve({"payment_scheme": "half-responsibility"})
    result = hkos_session_result(PLAYERS, [SESSION[2]], rules=rules)
    # V = 96: cy 48, ann and dee 24 each; bob +96.
    assert result.standings == {"ann": -24, "bob": 96, "cy": -48, "dee": -24}


def test_several_winners_only_when_the_event_allows_it():
    row = HKOSHandRecord(
        "discard", winner="bob", discarder="cy", faan=3, more_winners=(("ann", 5),)
    )
    with pytest.raises(SessionError) as caught:
        hkos_session_result(PLAYERS, [row])
    assert caught.value.field == "hands[0].more_winners"
    rules = HKOS_SESSION_RULES.resolve({"multiple_winners": True})
    result = hkos_session_result(PLAYERS, [row], rules=rules)
    # cy pays bob 32 and ann 96; ann (East) won, so she keeps the deal.
    assert result.standings == {"ann": 96, "bob": 32, "cy": -128, "dee": 0}
    assert result.next_deal.label == "E1-1"


def test_a_row_below_the_minimum_is_refused():
    with pytest.raises(SessionError) as caught:
        hkos_session_result(PLAYERS, [HKOSHandRecord("self_draw", winner="ann", faan=2)])
    assert caught.value.field == "hands[0].faan"


def test_the_session_uses_the_events_faan_config():
    config = resolve(PRESET, {"faan_scale": "full-spicy", "min_faan": 1})
    result = hkos_session_result(
        PLAYERS, [HKOSHandRecord("self_draw", winner="ann", faan=1)], config=config
    )
    # full-spicy u(1) = 2, V = 8: 4 from each.
    assert result.standings == {"ann": 12, "bob": -4, "cy": -4, "dee": -4}


def test_false_win_row_only_when_the_hand_is_voided():
    rules = HKOS_SESSION_RULES.resolve({"false_win_policy": "continue"})
    with pytest.raises(SessionError) as caught:
        hkos_session_result(PLAYERS, [HKOSHandRecord("false_win")], rules=rules)
    assert caught.value.field == "hands[0].outcome"


def test_penalty_ledger_checks():
    with pytest.raises(SessionError) as caught:
        hkos_session_result(PLAYERS, [], [HKOSPenalty("ann", -10)])
    assert caught.value.field == "penalties[0].points"  # 10 cannot be split three ways
    not_redistributed = hkos_session_result(PLAYERS, [], [HKOSPenalty("ann", 0)])
    assert not_redistributed.standings["ann"] == 0
    # A referee amount that is not redistributed simply leaves the table (§8 "Other").
    fined = hkos_session_result(PLAYERS, SESSION[:1], [HKOSPenalty("ann", -10, False)])
    assert fined.standings == {"ann": 38, "bob": -16, "cy": -16, "dee": -16}
    assert fined.players["ann"].hand_total == 48


# --- options ------------------------------------------------------------------------


def test_session_rules_defaults():
    rules = HKOS_SESSION_RULES
    assert (rules.payment_scheme, rules.multiple_winners, rules.rounds) == ("half-pay", False, 4)
    assert (rules.dealer_repeat_cap, rules.false_win_policy) == (None, "voided")
    assert rules.tiebreak_chain == ("session_wins", "best_session", "shared")


def test_hand_options_pass_the_session_reader():
    rules = HKOS_SESSION_RULES.resolve({"min_faan": 4, "faan_table": {"all_chows": 2}})
    assert rules == HKOS_SESSION_RULES


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"min_fan": 8}, "min_fan"),
        ({"payment_scheme": "full"}, "payment_scheme"),
        ({"session_length": "hands:16"}, "session_length"),
        ({"session_length": "rounds:5"}, "session_length"),
        ({"dealer_repeat_cap": -1}, "dealer_repeat_cap"),
        ({"false_win_points": 0}, "false_win_points"),
        ({"false_win_policy": "ignore"}, "false_win_policy"),
        ({"time_limit_policy": "stop"}, "time_limit_policy"),
        ({"tiebreak_chain": ["coin_toss"]}, "tiebreak_chain"),
        ({"multiple_winners": "yes"}, "multiple_winners"),
    ],
)
def test_bad_session_options(overrides, field):
    with pytest.raises(SessionError) as caught:
        HKOSSessionRules().resolve(overrides)
    assert caught.value.field == field


# --- standings (§7) --------------------------------------------------------------------


def test_standings_rank_by_points_then_session_wins_then_best_session():
    sessions = [
        {"ann": 100, "bob": 50, "cy": -50, "dee": -100},
        {"ann": -100, "bob": 0, "cy": 150, "dee": -50},
        {"ann": 0, "bob": 0, "cy": 0, "dee": 0},
    ]
    # Totals: ann 0, bob 50, cy 100, dee -150. Session 3 is a four-way tie for first.
    table = {
        s.player: (s.points, s.session_wins, s.best_session, s.rank)
        for s in hkos_standings(sessions)
    }
    assert table == {
        "cy": (100, 2, 150, 1),
        "bob": (50, 1, 50, 2),
        "ann": (0, 2, 100, 3),
        "dee": (-150, 1, 0, 4),
    }


def test_standings_tiebreaks():
    sessions = [
        {"ann": 60, "bob": 40, "cy": -40, "dee": -60},
        {"ann": -40, "bob": 20, "cy": 40, "dee": -20},
        {"ann": 0, "bob": 0, "cy": 20, "dee": -20},
    ]
    # Totals: bob 60; ann 20 (1 session won, best 60); cy 20 (2 won, best 40); dee -80.
    ranks = {s.player: s.rank for s in hkos_standings(sessions)}
    assert ranks == {"bob": 1, "cy": 2, "ann": 3, "dee": 4}
    # Best single session first: ann's 60 beats cy's 40. Shared: both 2nd.
    by_best = {s.player: s.rank for s in hkos_standings(sessions, ["best_session", "shared"])}
    assert by_best == {"bob": 1, "ann": 2, "cy": 3, "dee": 4}
    shared = {s.player: s.rank for s in hkos_standings(sessions, ["shared"])}
    assert shared == {"bob": 1, "ann": 2, "cy": 2, "dee": 4}
