"""Logs written here, hand by hand: nagashi, an abortive draw, a double ron with honba.

Each carries the figures Tenhou would write (``sc``, ``ten``, ``yaku``), so
the replay must agree with all of them (``differs`` empty) and give the
payments the rules say.
"""

from __future__ import annotations

from scoring.logs.replay import replay_file
from tests.scoring.logs.builder import Hand, game

YAOCHUU = {0, 8, 9, 17, 18, 26, *range(27, 34)}
START = [250] * 4


def _replay(data: bytes) -> dict:
    out = replay_file(data, "built.mjlog")
    assert "error" not in out, out
    return out


def _nagashi_hand() -> Hand:
    """Seat 0 (dealer) discards only terminals and honours, none called; seat 1 is in riichi."""
    hand = Hand(
        (0, 0, 0),
        0,
        START,
        ["111m999m111p1z2z3z4z", "234m345m456m678p5s", "2468m2468p2468s3m", "3579p3579s22m88m7m"],
        "8p",
    )
    ends = hand.free_kinds(lambda k: k in YAOCHUU)
    # the others draw what is left (never 5s, seat 1's wait) and discard it at once
    others = hand.free_kinds(lambda k: k not in YAOCHUU and k != 22) + ends[18:]
    for turn in range(70):
        seat = turn % 4
        if seat == 0:
            hand.turn(0, ends.pop(0))
        elif turn == 1:
            hand.reach(1, others.pop(0), [250, 240, 250, 250])
        else:
            hand.turn(seat, others.pop(0))
    sc = "250,120,240,-40,250,-40,250,-40"
    return hand.end(f'<RYUUKYOKU type="nm" ba="0,1" sc="{sc}" hai1="{hand.hand_of(1)}"/>')


def _four_winds(seed, oya, ten, wind="1z") -> Hand:
    """Each seat's first discard is the same wind (an abortive draw, kaze4)."""
    deal = [f"{wind}2m5m8m3p6p9p1s4s7s2s5z6z"] * 4
    hand = Hand(seed, oya, ten, deal, "9m")
    for k in range(4):
        seat = (oya + k) % 4
        hand.draw(seat, "3z").discard(seat, wind)
    hundreds = ",".join(f"{t},0" for t in ten)
    return hand.end(f'<RYUUKYOKU type="kaze4" ba="{seed[1]},{seed[2]}" sc="{hundreds}"/>')


def test_nagashi_is_a_mangan_by_self_draw_and_the_riichi_stick_stays():
    second = _four_winds((1, 1, 1), 1, [370, 200, 210, 210], wind="4z")
    out = _replay(game(_nagashi_hand(), second))
    assert out["differs"] == []
    nagashi, abort = out["hands"]
    assert nagashi["round"] == "E1-0" and nagashi["outcome"] == "nagashi"
    assert nagashi["winners"] == [
        {"seat": 0, "han": None, "fu": None, "points": 12000, "yaku": ["nagashi_mangan"]}
    ]
    # 4,000 all, no noten payments although seat 1 is ready; seat 1's riichi stick stays down
    assert nagashi["deltas"] == [12000, -5000, -4000, -4000]
    # the dealer was not ready: the deal passes, one honba, one stick carried
    assert abort["round"] == "E2-1" and abort["outcome"] == "abort"
    assert abort["deltas"] == [0, 0, 0, 0] and abort["winners"] == []
    assert out["session_scores"] is None  # no owari: the log stops before the game's end
    assert out["final_points"] == [38000, 20000, 21000, 21000]  # the stick to the top


def _double_ron() -> Hand:
    deal = [
        "9m9m1p1p9s9s1z2z3z4z5z6z7z",
        "234m567m234p66s78s",
        "345m345p678p22p45s",
        "678m678p345s99p11z",
    ]
    hand = Hand((0, 1, 0), 0, START, deal, "9p")
    hand.turn(0, "1m").turn(1, "1m").turn(2, "9s")
    hand.reach(3, "7z", [250, 250, 250, 240])
    hand.draw(0, "6s").discard(0, "6s")
    won, dora = hand.last, hand.dora
    first = (
        f'<AGARI ba="1,1" hai="{hand.hand_of(1, won)}" machi="{won}" '
        'ten="30,2000,0" yaku="7,1,8,1" '
        f'doraHai="{dora}" who="1" fromWho="0" sc="250,-23,250,33,250,0,240,0"/>'
    )
    second = (
        f'<AGARI ba="1,0" hai="{hand.hand_of(2, won)}" machi="{won}" '
        'ten="30,2000,0" yaku="7,1,8,1" '
        f'doraHai="{dora}" who="2" fromWho="0" sc="227,-20,283,0,250,20,240,0"/>'
    )
    return hand.end(first + second)


def test_an_abortive_draw_keeps_the_deal_and_adds_a_honba():
    out = _replay(game(_four_winds((0, 0, 0), 0, START), _double_ron()))
    assert out["differs"] == []
    abort, _ = out["hands"]
    assert abort == {"round": "E1-0", "outcome": "abort", "winners": [], "deltas": [0, 0, 0, 0]}
    assert out["hands"][1]["round"] == "E1-1"


def test_a_double_ron_pays_both_and_the_nearest_takes_honba_and_sticks():
    out = _replay(game(_four_winds((0, 0, 0), 0, START), _double_ron()))
    ron = out["hands"][1]
    assert ron["outcome"] == "ron"
    assert [(w["seat"], w["han"], w["fu"], w["points"]) for w in ron["winners"]] == [
        (1, 2, 30, 2000),
        (2, 2, 30, 2000),
    ]
    assert sorted(ron["winners"][0]["yaku"]) == ["pinfu", "tanyao"]
    # seat 1 (nearest the discarder): 2,000 + 300 honba + seat 3's stick; seat 2: 2,000
    assert ron["deltas"] == [-4300, 3300, 2000, -1000]
    assert out["final_points"] == [20700, 28300, 27000, 24000]


def test_a_wrong_figure_in_the_log_is_named():
    data = game(_four_winds((0, 0, 0), 0, START), _double_ron())
    wrong = data.replace(
        b'ten="30,2000,0" yaku="7,1,8,1" doraHai', b'ten="30,2600,0" yaku="7,1,8,1" doraHai', 1
    )
    out = _replay(wrong)
    assert {"hand": "E1-1", "seat": 1, "what": "points", "ours": 2000, "theirs": 2600} in out[
        "differs"
    ]


def _seat_deals(first: str) -> list[str]:
    return [
        first,
        "1m4m7m1p4p7p1s4s7s1z2z3z4z",
        "2m5m8m2p5p8p2s5s8s1z2z3z4z",
        "3m6m8m9m3p9p3s6s9s6z7z6z7z",
    ]


def test_a_win_on_the_tile_after_a_concealed_kan_is_rinshan():
    hand = Hand((0, 0, 0), 0, START, _seat_deals("5555z234m567m23p8s"), "9m")
    hand.draw(0, "8s").closed_kan(0, "5z").new_dora("2z").draw(0, "4p")
    won = hand.held[0][-1]
    dora = ",".join(str(i) for i in hand.indicators)
    hand.end(
        f'<AGARI ba="0,0" hai="{hand.hand_of(0)}" m="{(31 * 4) << 8}" machi="{won}" '
        f'ten="60,11700,0" yaku="0,1,4,1,18,1" doraHai="{dora}" who="0" fromWho="0" '
        'sc="250,117,250,-39,250,-39,250,-39" owari="367,47.0,211,1.0,211,-19.0,211,-29.0"/>'
    )
    out = _replay(game(hand))
    assert out["differs"] == []
    (winner,) = out["hands"][0]["winners"]
    assert sorted(winner["yaku"]) == ["menzen_tsumo", "rinshan", "yakuhai_haku"]
    assert (winner["han"], winner["fu"], winner["points"]) == (3, 60, 11700)
    assert out["hands"][0]["deltas"] == [11700, -3900, -3900, -3900]


def test_a_win_on_the_tile_added_to_a_pon_is_chankan():
    deals = [
        "9m9m1p1p9s9s1z2z3z4z5z6z7z",
        "7p1m4m1s4s7s2z3z4z5z6z7z9p",
        "77p2m5m8m2p5p2s5s8s1z1z3z",
        "234m456m678s55p68p",
    ]
    hand = Hand((0, 0, 0), 0, START, deals, "9m")
    hand.turn(0, "8m").draw(1, "8m").discard(1, "7p")
    hand.pon(2, 1, "7p", added_later=0).discard(2, "3z")
    hand.turn(3, "1s").turn(0, "1s").turn(1, "3s").draw(2, "7p").added_kan(2, "7p")
    won = hand.last
    hand.end(
        f'<AGARI ba="0,0" hai="{hand.hand_of(3, won)}" machi="{won}" ten="40,2600,0" '
        f'yaku="3,1,8,1" doraHai="{hand.dora}" who="3" fromWho="2" '
        'sc="250,0,250,0,250,-26,250,26"/>'
    )
    out = _replay(game(hand))
    assert out["differs"] == []
    (winner,) = out["hands"][0]["winners"]
    assert sorted(winner["yaku"]) == ["chankan", "tanyao"]
    assert out["hands"][0]["deltas"] == [0, 0, -2600, 2600]


OTHERS = ["147m258p369s1234z", "147p258s369m1234z", "147s258m369p5677z"]


def _blessing(dealer_wins: bool) -> Hand:
    """A win on the first draw: the dealer's (tenhou, 天和) or seat 1's (chiihou, 地和).

    The winner is dealt 123m456m789m123p5p and draws the other 5p; nobody
    calls before. Tenhou writes a yakuman as ``yakuman`` (37 天和, 38 地和)
    and ``ten`` limit 5.
    """
    winner = 0 if dealer_wins else 1
    deal = list(OTHERS)
    deal.insert(winner, "123m456m789m123p5p")
    hand = Hand((0, 0, 0), 0, START, deal, "9m")
    if not dealer_wins:
        hand.turn(0, "8s")
    hand.draw(winner, "5p")
    won = hand.held[winner][-1]
    sc = "250,480,250,-160,250,-160,250,-160" if dealer_wins else "250,-160,250,320,250,-80,250,-80"
    points = 48000 if dealer_wins else 32000
    return hand.end(
        f'<AGARI ba="0,0" hai="{hand.hand_of(winner)}" machi="{won}" ten="40,{points},5" '
        f'yakuman="{37 if dealer_wins else 38}" doraHai="{hand.dora}" who="{winner}" '
        f'fromWho="{winner}" sc="{sc}"/>'
    )


def test_a_win_on_the_first_draw_is_tenhou_or_chiihou():
    for dealer_wins, yaku, deltas in (
        (True, "tenhou", [48000, -16000, -16000, -16000]),
        (False, "chiihou", [-16000, 32000, -8000, -8000]),
    ):
        out = _replay(game(_blessing(dealer_wins)))
        assert out["differs"] == [], out["differs"]
        (hand,) = out["hands"]
        assert hand["outcome"] == "tsumo" and hand["winners"][0]["yaku"] == [yaku]
        assert hand["deltas"] == deltas


def _four_riichi() -> Hand:
    """Each seat declares riichi on its first turn: an abortive draw (reach4, 四家立直).

    Tenhou's ``sc`` gives the points after the sticks and no change; the four
    sticks stay on the table for the next winner.
    """
    deal = [
        "123m456m789m1p2p3p9s",
        "123p456p789p1s2s3s9m",
        "123s456s789s1m2m3m9p",
        "111z222z333z4z19m9p",
    ]
    hand = Hand((0, 0, 0), 0, START, deal, "5z")
    ten = list(START)
    for seat, tile in enumerate(("7z", "7z", "7z", "6z")):
        ten[seat] -= 10
        hand.reach(seat, tile, ten)
    sc = ",".join(f"{t},0" for t in ten)
    return hand.end(f'<RYUUKYOKU type="reach4" ba="0,4" sc="{sc}"/>')


def test_four_riichi_is_an_abortive_draw_that_keeps_the_sticks():
    out = _replay(game(_four_riichi()))
    assert out["differs"] == []
    (abort,) = out["hands"]
    assert abort["outcome"] == "abort" and abort["deltas"] == [-1000, -1000, -1000, -1000]
