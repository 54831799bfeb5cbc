"""Riichi sheets replayed hand by hand; every number worked by hand from rules/riichi.md.

Payments (§2): b = fu x 2^(2+han); non-dealer ron 4b, dealer ron 6b; tsumo:
dealer pays 2b and non-dealers b (dealer tsumo: 2b each); each payment
rounded up to 100. Honba +300 on a ron, +100 from each payer on a tsumo.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from scoring.core.seats import SEATS
from scoring.sheets import SheetError, replay_sheet
from scoring.sheets.messages import Message
from tests.sample_hands import RIICHI_PINFU_TANYAO

# The tiles-level hand without the position fields the sheet fills in.
PINFU_HAND = {k: v for k, v in RIICHI_PINFU_TANYAO.items() if k not in ("seat_wind", "round_wind")}


def ron(winner, discarder, han, fu=None, **more):
    row = {"outcome": "ron", "winner": winner, "discarder": discarder, "han": han, **more}
    return row if fu is None else {**row, "fu": fu}


def tsumo(winner, han, fu=None, **more):
    row = {"outcome": "tsumo", "winner": winner, "han": han, **more}
    return row if fu is None else {**row, "fu": fu}


def draw(tenpai=(), riichi=()):
    return {"outcome": "draw", "tenpai": list(tenpai), "riichi": list(riichi)}


def totals(*values):
    return dict(zip(SEATS, values, strict=True))


# --- jpml-b: start 30,000, return 30,000, uma +15/+5/-5/-15, kiriage, sticks lost,
# --- chombo -20 after uma --------------------------------------------------------

JPML_B_ROWS = [
    # E1-0 (E deals): S ron off W, 3 han 30 fu, S riichi: b = 960, 4b = 3,840 -> 3,900;
    # S's own stick goes in and comes back.
    ron("S", "W", 3, 30, riichi=["S"]),
    # E2-0 (S deals): dealer tsumo 2 han 40 fu: b = 640, 2b = 1,280 -> 1,300 all.
    tsumo("S", 2, 40),
    # E2-1: draw; W riichi (1 stick in the pool); W and N tenpai: E and S pay 1,500 each,
    # W and N receive 1,500 each (W +1,500 - 1,000 stick = +500).
    draw(tenpai=["W", "N"], riichi=["W"]),
    # E3-2 (dealer S was noten, deal passes, honba 2): tiles row, N ron off E with
    # riichi-pinfu-tanyao (3 han 30 fu, 3,900) + 2 x 300 honba; N takes the pool (1) and
    # its own stick: 3,900 + 600 + 2,000 - 1,000 = +5,500; E pays 4,500.
    {
        "outcome": "ron",
        "level": "tiles",
        "winner": "N",
        "discarder": "E",
        "hand": PINFU_HAND,
        "riichi": ["N"],
    },
    # E4-0 (N deals): chombo by E: no payments, the hand is replayed.
    {"outcome": "chombo", "player": "E"},
    # E4-0 again: E ron off S, 4 han 30 fu = mangan with kiriage: 8,000.
    ron("E", "S", 4, 30),
    # S1-0 (E deals): W tsumo 1 han 30 fu: b = 240; dealer E pays 480 -> 500,
    # S and N 240 -> 300 each; W +1,100.
    tsumo("W", 1, 30),
    # S2-0: N ron off W, 6 han (haneman, fu not needed): 4 x 3,000 = 12,000.
    ron("N", "W", 6),
    # S3-0 (W deals): W (dealer) ron off E, 2 han 40 fu: 6 x 640 = 3,840 -> 3,900.
    ron("W", "E", 2, 40),
    # S3-1: draw; E and S riichi; E, S, W tenpai: N pays 1,000 to each;
    # E and S net 0 (stick), W +1,000, N -3,000; pool 2.
    draw(tenpai=["E", "S", "W"], riichi=["E", "S"]),
    # S3-2: S ron off N, 1 han 40 fu: 4 x 320 = 1,280 -> 1,300, + 600 honba,
    # + the pool of 2 sticks: S +3,900, N -1,900.
    ron("S", "N", 1, 40),
    # S4-0 (N deals): draw; E riichi and alone tenpai: E +3,000 - 1,000, the others -1,000;
    # dealer N noten: the deal would pass to West 1, so the hanchan is over, 1 stick left.
    draw(tenpai=["E"], riichi=["E"]),
]
JPML_B_LABELS = [
    "E1-0", "E2-0", "E2-1", "E3-2", "E4-0", "E4-0", "S1-0", "S2-0", "S3-0", "S3-1", "S3-2", "S4-0",
]  # fmt: skip
JPML_B_TOTALS = [
    totals(30_000, 33_900, 26_100, 30_000),
    totals(28_700, 37_800, 24_800, 28_700),
    totals(27_200, 36_300, 25_300, 30_200),
    totals(22_700, 36_300, 25_300, 35_700),
    totals(22_700, 36_300, 25_300, 35_700),
    totals(30_700, 28_300, 25_300, 35_700),
    totals(30_200, 28_000, 26_400, 35_400),
    totals(30_200, 28_000, 14_400, 47_400),
    totals(26_300, 28_000, 18_300, 47_400),
    totals(26_300, 28_000, 19_300, 44_400),
    totals(26_300, 31_900, 19_300, 42_500),
    totals(28_300, 30_900, 18_300, 41_500),
]
JPML_B_POOLS = [0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 1]


def test_jpml_b_hanchan_hand_by_hand():
    lateness = {"player": "W", "category": "lateness", "points": -1_000, "reason": "late"}
    sheet = replay_sheet("jpml-b", {}, JPML_B_ROWS, [{**lateness, "scope": "overall_score"}])
    assert [r.label for r in sheet.rows] == JPML_B_LABELS
    assert [r.totals for r in sheet.rows] == JPML_B_TOTALS
    assert [r.pool_after for r in sheet.rows] == JPML_B_POOLS
    assert [r.honba for r in sheet.rows] == [0, 0, 1, 2, 0, 0, 0, 0, 0, 1, 2, 0]
    assert [r.dealer for r in sheet.rows] == list("ESSWNNESWWWN")
    assert sheet.rows[0].value_text == "3 han 30 fu"
    assert sheet.rows[5].value_text == "4 han 30 fu mangan"  # kiriage
    assert sheet.rows[7].value_text == "haneman"
    tiles_row = sheet.rows[3]
    assert tiles_row.level == "tiles" and tiles_row.value_text == "3 han 30 fu"
    assert tiles_row.score["points"] == 3_900 and tiles_row.deltas["N"] == 5_500
    assert sheet.rows[4].outcome == "chombo" and set(sheet.rows[4].deltas.values()) == {0}
    assert sheet.final_points == totals(28_300, 30_900, 18_300, 41_500)
    assert sheet.pool == 1
    # 28,300 + 30,900 + 18,300 + 41,500 = 119,000; + 1 stick = 120,000 = 4 x 30,000
    assert sheet.balance == {"expected": 120_000, "actual": 120_000, "ok": True}
    assert sheet.complete is True and sheet.next_label is None and sheet.next_dealer is None
    # N 1st, S 2nd, E 3rd, W 4th. Session = (final - 30,000) / 1,000 + uma:
    # N 11.5 + 15 = 26.5; S 0.9 + 5 = 5.9; E -1.7 - 5 - 20 (chombo) = -26.7;
    # W -11.7 - 15 = -26.7. Sum -21 = -1 (stick lost) - 20 (chombo).
    session = sheet.session
    assert {s: session[s]["placement"] for s in SEATS} == totals(3, 2, 4, 1)
    assert {s: session[s]["score"] for s in SEATS} == totals(
        Fraction("-26.7"), Fraction("5.9"), Fraction("-26.7"), Fraction("26.5")
    )
    assert {s: session[s]["uma"] for s in SEATS} == totals(-5, 5, -15, 15)
    assert session["E"]["penalty"] == -20 and session["W"]["overall_penalty"] == -1
    assert sum(session[s]["score"] for s in SEATS) == -21
    # The ledger: the judge's entry, then the chombo derived from row 4.
    assert [(p["category"], p["points"], p["scope"]) for p in sheet.penalties] == [
        ("lateness", -1_000, "overall_score"),
        ("chombo", -20_000, "session_after_uma"),
    ]
    assert sheet.penalties[1]["after_hand"] == 4 and sheet.penalties[1]["derived"]
    # The judge's reason stays their words; the engine's is a code with its hand's label.
    assert sheet.penalties[0]["reason"] == "late"
    parts = {"kind": "honba", "hand": 4, "wind": "E", "count": 0}
    assert sheet.penalties[1]["reason"] == {
        "code": "chombo_in",
        "params": {"label": "E4-0", "label_parts": parts},
    }
    assert sheet.rows[4].notes == (Message("chombo_replayed", {"seat": "E"}),)
    assert sheet.rows[4].notes[0].text == "chombo by E: no payments, hand replayed"
    assert [r.notes for r in sheet.rows if r.index != 4] == [()] * 11
    assert sheet.warnings == ()
    json.dumps(sheet.to_dict())  # JSON-safe
    assert sheet.to_dict()["rows"][4]["notes"] == [
        {"code": "chombo_replayed", "params": {"seat": "E"}}
    ]


def test_jpml_b_a_row_after_the_hanchan_is_refused():
    with pytest.raises(SheetError) as caught:
        replay_sheet("jpml-b", {}, [*JPML_B_ROWS, draw()])
    assert caught.value.code == "session_over" and caught.value.field == "hands[12]"


def test_jpml_b_partial_sheet_says_what_comes_next():
    sheet = replay_sheet("jpml-b", {}, JPML_B_ROWS[:3])
    assert sheet.complete is False
    assert (sheet.next_label, sheet.next_dealer) == ("E3-2", "W")
    assert sheet.pool == 1 and sheet.balance["ok"]


# --- ema: no kiriage, several rons all win, leftover sticks to 1st ------------------

EMA_ROWS = [
    # E1-0: W deals in to S (2 han 30 fu: 4 x 480 = 1,920 -> 2,000) and N (4 han 30 fu,
    # no kiriage: 4 x 1,920 = 7,680 -> 7,700); both are paid; N's stick comes back.
    {
        "outcome": "ron",
        "discarder": "W",
        "riichi": ["N"],
        "wins": [{"winner": "S", "han": 2, "fu": 30}, {"winner": "N", "han": 4, "fu": 30}],
    },
    # E2-0 (S deals): draw, E riichi and alone tenpai: E +2,000, others -1,000; pool 1.
    draw(tenpai=["E"], riichi=["E"]),
    # E3-1 (W deals): tiles row, dealer W tsumo, riichi-pinfu-tanyao-tsumo = 4 han 20 fu:
    # b = 1,280, 2b = 2,560 -> 2,600 each + 100 honba; pool 1 + own stick:
    # W +7,800 + 300 + 2,000 - 1,000 = +9,100; E, S, N -2,700.
    {
        "outcome": "tsumo",
        "level": "tiles",
        "winner": "W",
        "hand": {**PINFU_HAND, "win": "tsumo"},
        "riichi": ["W"],
    },
    # E3-2: N ron off S, 1 han 30 fu: 4 x 240 = 960 -> 1,000, + 600 honba.
    ron("N", "S", 1, 30),
    # E4-0 (N deals): S tsumo 3 han 40 fu: b = 1,280; N pays 2,560 -> 2,600,
    # E and W 1,280 -> 1,300 each; S +5,200.
    tsumo("S", 3, 40),
    # S1-0 (E deals): draw, S and N riichi and tenpai: E and W pay 1,500 each;
    # S and N +1,500 - 1,000; pool 2.
    draw(tenpai=["S", "N"], riichi=["S", "N"]),
    # S2-1 (S deals): draw, all noten: nothing moves; the deal passes.
    draw(),
    # S3-2 (W deals): chombo by N, replayed.
    {"outcome": "chombo", "player": "N"},
    # S3-2: draw, W riichi and alone tenpai: W +2,000, others -1,000; pool 3.
    draw(tenpai=["W"], riichi=["W"]),
    # S3-3: W (dealer) ron off E with seven pairs 2 han 25 fu: 6 x 400 = 2,400,
    # + 900 honba, + 3 sticks: W +6,300, E -3,300.
    ron("W", "E", 2, 25),
    # S3-4: draw, N riichi; N and W tenpai: E and S pay 1,500: W +1,500, N +500; pool 1.
    draw(tenpai=["N", "W"], riichi=["N"]),
    # S3-5: S ron off W, 3 han 30 fu: 3,900 + 5 x 300 + 1 stick = +6,400; W -5,400.
    ron("S", "W", 3, 30),
    # S4-0 (N deals): draw, all four tenpai (no noten payment); E and S riichi: pool 2.
    draw(tenpai=SEATS, riichi=["E", "S"]),
    # S4-1: draw, all noten; N noten: the deal would pass to West: over, 2 sticks left.
    draw(),
]
EMA_LABELS = [
    "E1-0", "E2-0", "E3-1", "E3-2", "E4-0", "S1-0", "S2-1",
    "S3-2", "S3-2", "S3-3", "S3-4", "S3-5", "S4-0", "S4-1",
]  # fmt: skip
EMA_TOTALS = [
    totals(30_000, 32_000, 20_300, 37_700),
    totals(32_000, 31_000, 19_300, 36_700),
    totals(29_300, 28_300, 28_400, 34_000),
    totals(29_300, 26_700, 28_400, 35_600),
    totals(28_000, 31_900, 27_100, 33_000),
    totals(26_500, 32_400, 25_600, 33_500),
    totals(26_500, 32_400, 25_600, 33_500),
    totals(26_500, 32_400, 25_600, 33_500),
    totals(25_500, 31_400, 27_600, 32_500),
    totals(22_200, 31_400, 33_900, 32_500),
    totals(20_700, 29_900, 35_400, 33_000),
    totals(20_700, 36_300, 30_000, 33_000),
    totals(19_700, 35_300, 30_000, 33_000),
    totals(19_700, 35_300, 30_000, 33_000),
]


def test_ema_hanchan_with_a_double_ron_and_sticks_to_first():
    sheet = replay_sheet("ema", {}, EMA_ROWS)
    assert [r.label for r in sheet.rows] == EMA_LABELS
    assert [r.totals for r in sheet.rows] == EMA_TOTALS
    assert [r.pool_after for r in sheet.rows] == [0, 1, 0, 0, 0, 2, 2, 2, 3, 0, 1, 0, 2, 2]
    first = sheet.rows[0]
    assert first.winners == ("N", "S") and first.discarder == "W"  # nearest to W first
    assert first.value_text == "N: 4 han 30 fu; S: 2 han 30 fu"
    assert first.notes == (Message("all_win", {"seats": ["N", "S"]}),)
    assert first.notes[0].text == "all_win: N, S win"
    assert sheet.rows[2].score["han"] == 4 and sheet.rows[2].score["fu"] == 20
    assert sheet.complete and sheet.pool == 2
    assert sheet.balance == {"expected": 120_000, "actual": 120_000, "ok": True}
    # S 1st 35,300, N 2nd 33,000, W 3rd 30,000, E 4th 19,700.
    # S 5.3 + 15 + 2 sticks = 22.3; N 3 + 5 - 20 (chombo) = -12; W 0 - 5 = -5;
    # E -10.3 - 15 = -25.3. Sum -20: only the chombo leaves the table.
    scores = {s: sheet.session[s]["score"] for s in SEATS}
    assert scores == totals(Fraction("-25.3"), Fraction("22.3"), -5, -12)
    assert sheet.session["S"]["sticks"] == 2
    assert sum(scores.values()) == -20


# --- tenhou: 25,000 start; bust, West round and agari-yame --------------------------

SMALL_RONS = [  # each 1 han 30 fu, a non-dealer ron: 4 x 240 = 960 -> 1,000
    ron("S", "W", 1, 30),  # E1 -> E 25,000 S 26,000 W 24,000 N 25,000
    ron("W", "E", 1, 30),  # E2 -> 24,000 26,000 25,000 25,000
    ron("E", "S", 1, 30),  # E3 -> 25,000 25,000 25,000 25,000
    ron("E", "S", 1, 30),  # E4 -> 26,000 24,000 25,000 25,000
    ron("S", "W", 1, 30),  # S1 -> 26,000 25,000 24,000 25,000
    ron("E", "W", 1, 30),  # S2 -> 27,000 25,000 23,000 25,000
    ron("S", "E", 1, 30),  # S3 -> 26,000 26,000 23,000 25,000
]


def test_tenhou_bust_ends_the_game():
    # E1-0: dealer E rons N for a yakuman: 6 x 8,000 = 48,000; N 25,000 -> -23,000.
    sheet = replay_sheet("tenhou", {}, [ron("E", "N", 0, yakuman=1)])
    assert sheet.complete and sheet.rows[0].value_text == "yakuman"
    parts = {"kind": "honba", "hand": 1, "wind": "E", "count": 0}
    bust = {"label": "E1-0", "label_parts": parts, "seats": ["N"]}
    assert sheet.warnings == (Message("ended_bust", bust),)
    assert sheet.warnings[0].text == "the session ended early, after E1-0: N below 0 (bust)"
    assert sheet.rows[0].notes == (Message("bust", {"seats": ["N"]}),)
    # Raw (final - 30,000) / 1,000: S -5, W -5, N -53 (rounded); 1st E = -20 - (-63) = 43.
    # Uma +20/+10/-10/-20 (S before W on the tie: seat order), oka +20 to 1st.
    scores = {s: sheet.session[s]["score"] for s in SEATS}
    assert scores == totals(83, 5, -15, -73)
    with pytest.raises(SheetError) as caught:
        replay_sheet("tenhou", {}, [ron("E", "N", 0, yakuman=1), draw()])
    assert caught.value.code == "session_over"


def test_tenhou_leading_dealer_stops_in_south_4():
    # S4-0: N (dealer) rons W, 2 han 30 fu: 6 x 480 = 2,880 -> 2,900: N 27,900, top but
    # under 30,000: play on (S4-1). N tsumo 3 han 30 fu: 2 x 960 = 1,920 -> 2,000 + 100
    # honba from each: N 34,200, leading dealer at 30,000 or more: agari-yame.
    rows = [*SMALL_RONS, ron("N", "W", 2, 30)]
    sheet = replay_sheet("tenhou", {}, rows)
    assert not sheet.complete and sheet.next_label == "S4-1"
    sheet = replay_sheet("tenhou", {}, [*rows, tsumo("N", 3, 30)])
    assert sheet.complete and sheet.final_points == totals(23_900, 23_900, 18_000, 34_200)
    assert sheet.rows[-1].notes == (Message("agari_yame"),) and sheet.warnings == ()


def test_tenhou_leading_dealer_ready_at_a_draw_plays_on():
    # rules/riichi.md §4 "Agari-yame: automatic for a leading last dealer": a win (agari),
    # not a draw. Tenhou's log bug1.xml (../shared/corpus/logs) plays S4-2 after N, the
    # dealer, was ready and first at S4-1's draw. Here, 1 han 30 fu rons are 1,000:
    rows = [
        ron("N", "S", 3, 30),  # E1: 3,900 -> E 25,000 S 21,100 W 25,000 N 28,900
        ron("N", "W", 1, 30),  # E2 -> 25,000 21,100 24,000 29,900
        ron("N", "E", 1, 30),  # E3 -> 24,000 21,100 24,000 30,900
        ron("S", "E", 1, 30),  # E4 -> 23,000 22,100 24,000 30,900
        ron("W", "E", 1, 30),  # S1 -> 22,000 22,100 25,000 30,900
        ron("E", "S", 1, 30),  # S2 -> 23,000 21,100 25,000 30,900
        ron("S", "E", 1, 30),  # S3 -> 22,000 22,100 25,000 30,900
        draw(tenpai=["N"]),  # S4-0: N alone ready, +3,000 -> 21,000 21,100 24,000 33,900
    ]
    sheet = replay_sheet("tenhou", {}, rows)
    assert sheet.rows[-1].totals == totals(21_000, 21_100, 24_000, 33_900)
    assert sheet.rows[-1].notes == () and not sheet.complete and sheet.next_label == "S4-1"


def test_tenhou_goes_west_when_nobody_has_30000():
    # S4-0: E rons W (1,000): E 27,000, nobody at 30,000, the deal passes: West 1.
    rows = [*SMALL_RONS, ron("E", "W", 1, 30)]
    sheet = replay_sheet("tenhou", {}, rows)
    assert not sheet.complete and sheet.next_label == "W1-0"
    # W1-0: dealer E rons W, 3 han 30 fu: 6 x 960 = 5,760 -> 5,800: E 32,800, top: over.
    sheet = replay_sheet("tenhou", {}, [*rows, ron("E", "W", 3, 30)])
    assert sheet.complete and sheet.rows[-1].label == "W1-0"
    assert sheet.final_points["E"] == 32_800


def test_tenhou_abortive_draw_keeps_the_deal_and_adds_a_counter():
    sheet = replay_sheet("tenhou", {}, [{"outcome": "abortive", "riichi": ["S"]}])
    assert sheet.next_label == "E1-1" and sheet.pool == 1


def test_wrc_chombo_in_the_last_hand_ends_the_session():
    rows = [ron(w, d, 1, 30) for w, d in ["SE", "WS", "NW", "EN", "SE", "WS", "NW"]]
    sheet = replay_sheet("wrc", {}, [*rows, {"outcome": "chombo", "player": "E"}])
    assert sheet.complete and sheet.rows[-1].label == "S4-0"
    assert sheet.rows[-1].notes == (
        Message("chombo_replayed", {"seat": "E"}),
        Message("chombo_last_hand"),
    )
    assert sheet.rows[-1].notes[1].text == (
        "a chombo in the last hand is not replayed (WRC 2015 §8)"
    )
    parts = {"kind": "honba", "hand": 4, "wind": "S", "count": 0}
    assert sheet.penalties[-1]["reason"] == {
        "code": "chombo_in",
        "params": {"label": "S4-0", "label_parts": parts},
    }
    # wrc: the chombo is off the overall score, not the table (rules/riichi.md §7).
    assert sheet.session["E"]["overall_penalty"] == -20 and sheet.session["E"]["penalty"] == 0


def test_pao_value_level_tsumo_is_paid_by_the_liable_player():
    # E1-0: S tsumo yakuman with W liable: W pays it as a ron, 4 x 8,000 = 32,000.
    row = {"outcome": "tsumo", "winner": "S", "yakuman": 1, "liable": "W"}
    sheet = replay_sheet("jpml-b", {}, [row])
    assert sheet.rows[0].deltas == totals(0, 32_000, -32_000, 0)


def test_final_scores_only():
    final = totals(45_000, 32_000, 25_000, 17_000)  # + 1 stick = 120,000
    sheet = replay_sheet("jpml-b", {}, [], final_scores=final, leftover_sticks=1)
    assert sheet.rows == () and sheet.complete and sheet.pool == 1
    # 15 + 15 = 30; 2 + 5 = 7; -5 - 5 = -10; -13 - 15 = -28; sum -1 (the stick).
    assert {s: sheet.session[s]["score"] for s in SEATS} == totals(30, 7, -10, -28)


# Big three dragons: pungs of 5z 6z 7z melded, 123m, pair 9p: one yakuman.
DAISANGEN = {
    "concealed": "123m9p",
    "win_tile": "9p",
    "melds": [{"type": "pon", "tiles": t} for t in ("555z", "666z", "777z")],
}


def test_pao_tiles_level_ron_splits_with_the_discarder():
    # rules/riichi.md §2: on a ron the discarder and the liable player pay half each:
    # non-dealer yakuman 4 x 8,000 = 32,000 -> W 16,000 and E 16,000.
    row = {"outcome": "ron", "level": "tiles", "winner": "S", "discarder": "W", "liable": "E",
           "hand": DAISANGEN}  # fmt: skip
    sheet = replay_sheet("jpml-b", {}, [row])
    assert sheet.rows[0].deltas == totals(-16_000, 32_000, -16_000, 0)
    assert sheet.rows[0].value_text == "yakuman"


def test_head_bump_pays_only_the_nearest_claimant():
    # jpml-b: W deals in to S and N; N is next after W in turn order, so only N wins.
    row = {
        "outcome": "ron",
        "discarder": "W",
        "wins": [{"winner": "S", "han": 2, "fu": 30}, {"winner": "N", "han": 1, "fu": 30}],
    }
    sheet = replay_sheet("jpml-b", {}, [row])
    assert sheet.rows[0].winners == ("N",) and sheet.rows[0].deltas == totals(0, 0, -1_000, 1_000)
    assert sheet.rows[0].notes == (Message("head_bump", {"seat": "N", "seats": ["S"]}),)
    assert sheet.rows[0].notes[0].text == "head bump: N wins; claims by S lapse"


def test_a_player_below_0_is_warned_about_once_where_play_goes_on():
    # jpml-b, E1-0: dealer E rons N for a yakuman, 48,000: N 30,000 -> -18,000; play goes on.
    # E1-1: E rons N again, 1 han 30 fu: 1,500 + 300 = 1,800: N -19,800, no second warning.
    sheet = replay_sheet("jpml-b", {}, [ron("E", "N", 0, yakuman=1), ron("E", "N", 1, 30)])
    assert not sheet.complete and sheet.rows[1].totals["N"] == -19_800
    parts = {"kind": "honba", "hand": 1, "wind": "E", "count": 0}
    below = {"seat": "N", "points": -18_000, "index": 0, "label": "E1-0", "label_parts": parts}
    assert sheet.warnings == (Message("below_zero", below),)
    assert sheet.warnings[0].text == (
        "N is below 0 (-18,000) after hands[0] (E1-0); play continues"
    )


def test_tenhou_triple_ron_is_an_abortive_draw():
    wins = [{"winner": s, "han": 1, "fu": 30} for s in "ESN"]
    sheet = replay_sheet("tenhou", {}, [{"outcome": "ron", "discarder": "W", "wins": wins}])
    assert sheet.rows[0].winners == () and set(sheet.rows[0].deltas.values()) == {0}
    assert sheet.next_label == "E1-1"  # the dealer keeps the deal, a counter is added
    assert sheet.rows[0].notes == (Message("three_rons"),)
