"""Seed 003 (``003_8e4c733065fe2957.txt``, JPML competition rules): the sentences about
payments, draws, the deal and the final score (L83-L116), on riichi sheets and sessions.

Lines of the first block ("A:", L83-L100) are the ``jpml-a`` preset, the
default; the second block (L101-L116) is ``jpml-b``. A sheet starts at E1-0
with East dealing and everyone on 30,000. Every number is worked out by hand
from the seed and rules/riichi.md §2-§6: non-dealer ron 4b (yakuman 32,000);
honba +300 on a ron; noten payments 3,000 in all; pao: tsumo paid wholly by
the liable player, ron split half and half with the discarder, who pays the
honba; session = (final - 30,000) / 1,000 + uma.
"""

from __future__ import annotations

import pytest

from scoring.core.money import SettlementError
from scoring.core.seats import SEATS
from scoring.families.riichi.draws import settle_exhaustive_draw
from scoring.families.riichi.family import FAMILY
from scoring.families.riichi.points import SETTLEMENT_PRESETS
from scoring.families.riichi.session import RIICHI_SESSION_PRESETS, riichi_session_result
from scoring.sheets import SheetError, replay_sheet
from scoring.sheets.messages import Message
from tests.scoring.hands import kan as _kan
from tests.scoring.hands import pon as _pon
from tests.scoring.seeds.statements import case, states

BOTH = ("jpml-a", "jpml-b")


def totals(e: int = 0, s: int = 0, w: int = 0, n: int = 0) -> dict[str, int]:
    return {"E": e, "S": s, "W": w, "N": n}


def draw(tenpai=(), riichi=()) -> dict:
    return {"outcome": "draw", "tenpai": list(tenpai), "riichi": list(riichi)}


def tiles_row(outcome: str, winner: str, hand: dict, **more) -> dict:
    return {"outcome": outcome, "level": "tiles", "winner": winner, "hand": hand, **more}


# --- L83 ノーテンは場に3000點 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        # one tenpai: +3,000, the three noten -1,000 each
        case("003", 83, "ノーテンは場に3000點", {"S"}, totals(-1000, 3000, -1000, -1000),
             by="test_seed_003_L83_noten_pays_3000_to_the_field"),
        # two: +1,500 each, the two noten -1,500 each
        case("003", 83, "ノーテンは場に3000點", {"E", "W"}, totals(1500, -1500, 1500, -1500),
             by="test_seed_003_L83_noten_pays_3000_to_the_field"),
        # three: +1,000 each, the one noten -3,000
        case("003", 83, "ノーテンは場に3000點", {"E", "S", "N"}, totals(1000, 1000, -3000, 1000),
             by="test_seed_003_L83_noten_pays_3000_to_the_field"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L83_noten_pays_3000_to_the_field(preset, tenpai, deltas):
    s = settle_exhaustive_draw(tenpai=tenpai, dealer="E", rules=SETTLEMENT_PRESETS[preset])
    assert s.deltas == deltas
    # on the sheet too: the draw at E1-0 moves the same points
    sheet = replay_sheet(preset, {}, [draw(tenpai=sorted(tenpai))])
    assert sheet.rows[0].deltas == deltas


# --- L83 アガリは上家優先 (head bump) ---------------------------------------------------------


@states("003", 83, "アガリは上家優先")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L83_of_two_rons_the_nearest_in_turn_wins(preset):
    # W discards; S (2 han 30 fu) and N (1 han 30 fu) call ron. Turn order after W is
    # N, E, S: N comes first and alone wins, 4 x 240 = 960 -> 1,000; S's claim lapses.
    row = {
        "outcome": "ron",
        "discarder": "W",
        "wins": [{"winner": "S", "han": 2, "fu": 30}, {"winner": "N", "han": 1, "fu": 30}],
    }
    sheet = replay_sheet(preset, {}, [row])
    assert sheet.rows[0].winners == ("N",)
    assert sheet.rows[0].deltas == totals(0, 0, -1000, 1000)
    assert sheet.rows[0].notes == (Message("head_bump", {"seat": "N", "seats": ["S"]}),)


# --- L84 リーチ ----------------------------------------------------------------------------


@states("003", 84, "ノーテンリーチは流局後チョンボ")
def test_seed_003_L84_a_noten_riichi_at_the_draw_is_a_chombo():
    # S declared riichi but is not tenpai at the draw: not a draw row, a chombo.
    with pytest.raises(SheetError) as caught:
        replay_sheet("jpml-a", {}, [draw(tenpai=["E"], riichi=["S"])])
    assert caught.value.code == "noten_riichi"
    rules = SETTLEMENT_PRESETS["jpml-a"]
    with pytest.raises(SettlementError, match="chombo"):
        settle_exhaustive_draw(tenpai={"E"}, dealer="E", riichi={"S"}, rules=rules)
    # Recorded as a chombo: nothing moves at the table, the hand is replayed (E1-0 again),
    # and S loses 20 points after uma (rules/riichi.md §7: -20 ⚠).
    sheet = replay_sheet("jpml-a", {}, [{"outcome": "chombo", "player": "S"}])
    assert sheet.rows[0].deltas == totals()
    assert sheet.next_label == "E1-0"
    assert [(p["player"], p["category"], p["points"], p["scope"]) for p in sheet.penalties] == [
        ("S", "chombo", -20_000, "session_after_uma")
    ]
    # Final points all 30,000, everyone tied: uma 0 (2-float row split 4 ways), S -20.
    assert {s: sheet.session[s]["score"] for s in SEATS} == totals(0, -20, 0, 0)


# Seven all-noten draws (E1 to S3: each passes the deal and adds a counter), then S4-7
# with N dealing: E declares riichi and is alone tenpai: E +3,000 - 1,000 (stick),
# S, W, N -1,000. N is noten, the deal would pass to West: the hanchan is over with one
# stick on the table.
LAST_STICK = [draw()] * 7 + [draw(tenpai=["E"], riichi=["E"])]


@states("003", 84, "オーラス終了時のリーチ棒は供託")
@states("003", 100, "同點の者がいた場合、順位點を分ける (A and B)")
def test_seed_003_L84_a_stick_left_after_the_last_hand_goes_to_nobody():
    sheet = replay_sheet("jpml-a", {}, LAST_STICK)
    assert [r.label for r in sheet.rows][-1] == "S4-7"
    assert sheet.complete and sheet.pool == 1
    assert sheet.final_points == totals(32_000, 29_000, 29_000, 29_000)
    # One floater (E): uma row +12/-1/-3/-8; S, W, N tie for 2nd-4th and share
    # (-1 - 3 - 8) / 3 = -4 each (L100). E: 2 + 12 = 14, no stick; S, W, N: -1 - 4 = -5.
    session = {s: sheet.session[s] for s in SEATS}
    assert {s: session[s]["uma"] for s in SEATS} == totals(12, -4, -4, -4)
    assert {s: session[s]["sticks"] for s in SEATS} == totals()
    assert {s: session[s]["score"] for s in SEATS} == totals(14, -5, -5, -5)
    assert sum(session[s]["score"] for s in SEATS) == -1  # the stick is lost (供託)


# --- L86 / L107 ノーテン親流れ --------------------------------------------------------------


@states("003", 86, "ノーテン親流れ")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L86_a_noten_dealer_passes_the_deal(preset):
    # E1-0 draw, dealer E noten (S alone tenpai): the deal passes to S, one counter: E2-1.
    sheet = replay_sheet(preset, {}, [draw(tenpai=["S"])])
    assert (sheet.next_label, sheet.next_dealer) == ("E2-1", "S")
    # A tenpai dealer keeps it: E1-1.
    sheet = replay_sheet(preset, {}, [draw(tenpai=["E"])])
    assert (sheet.next_label, sheet.next_dealer) == ("E1-1", "E")


# --- L88 / L107 途中流局なし ----------------------------------------------------------------


@states("003", 88, "途中流局なし")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L88_no_abortive_draws(preset):
    with pytest.raises(SheetError) as caught:
        replay_sheet(preset, {}, [{"outcome": "abortive"}])
    assert caught.value.code == "not_allowed"
    # and the entry form offers none
    assert FAMILY.entry(FAMILY.resolve(preset, {})).outcomes == ("ron", "tsumo", "draw")


# --- L89 大明槓の嶺上開花 ------------------------------------------------------------------

# Called kan of 2222p; 345m 678m 88s + 35s, 4s from the dead wall: rinshan 1 + tanyao 1,
# fu 20 + 8 + 2 (kanchan) + 2 (tsumo fu) = 32 -> 40; b = 640: 1,300 / 700.
OPEN_KAN_RINSHAN = {
    "concealed": "345m678m35s88s",
    "win_tile": "4s",
    "melds": [_kan("2222p")],
    "flags": ["rinshan"],
}


@states("003", 89, "大明槓の嶺上開花は責任払いなし（3人で払う、ツモ符がつく）")
@pytest.mark.parametrize("preset", BOTH)
def test_seed_003_L89_rinshan_after_an_open_kan_is_paid_by_all_three(preset):
    # S wins at E1-0: dealer E pays 1,300, W and N 700 each: S +2,700 (40 fu with the
    # tsumo fu). Nobody pays for having fed the kan.
    sheet = replay_sheet(preset, {}, [tiles_row("tsumo", "S", OPEN_KAN_RINSHAN)])
    row = sheet.rows[0]
    assert (row.score["han"], row.score["fu"], row.score["points"]) == (2, 40, 2700)
    assert row.deltas == totals(-1300, 2700, -700, -700)
    # Naming the kan's feeder liable is refused: liability is only for L90's yakuman.
    with pytest.raises(SheetError) as caught:
        replay_sheet(preset, {}, [tiles_row("tsumo", "S", OPEN_KAN_RINSHAN, liable="W")])
    assert caught.value.code == "not_allowed"


# --- L90 役満のパオ -------------------------------------------------------------------------

PAO = "役満のパオ (大三元・大四喜・四槓子): ツモ全額、出アガリ折半、積み場は放銃者"
BY_PAO = "test_seed_003_L90_pao"
# daisangen: dragon pungs called, 123m, 9p tanki
DAISANGEN = {
    "concealed": "123m9p",
    "win_tile": "9p",
    "melds": [_pon("555z"), _pon("666z"), _pon("777z")],
}
# daisuushii: wind pungs 111z 222z 333z called, 444z concealed, 5m tanki
DAISUUSHII = {
    "concealed": "444z5m",
    "win_tile": "5m",
    "melds": [_pon("111z"), _pon("222z"), _pon("333z")],
}
# suukantsu: called kans 1111m 2222p 3333s 4444s, 9p tanki
SUUKANTSU = {
    "concealed": "9p",
    "win_tile": "9p",
    "melds": [_kan("1111m"), _kan("2222p"), _kan("3333s"), _kan("4444s")],
}
# E1-0 draw, E alone tenpai (E +3,000, the others -1,000): E keeps the deal at E1-1.
ONE_HONBA = [draw(tenpai=["E"])]


@pytest.mark.parametrize(
    ("rows", "deltas"),
    [
        # E1-1, S rons W's discard with daisangen, E liable: 32,000 split, W and E 16,000
        # each; the discarder W also pays the 300 honba.
        case("003", 90, PAO, [*ONE_HONBA, tiles_row("ron", "S", DAISANGEN, discarder="W",
             liable="E")], totals(-16000, 32300, -16300, 0), by=BY_PAO),
        # E1-0, S tsumo daisuushii, N liable: N pays the whole 32,000.
        case("003", 90, PAO, [tiles_row("tsumo", "S", DAISUUSHII, liable="N")],
             totals(0, 32000, 0, -32000), by=BY_PAO),
        # E1-0, S rons W with suukantsu, E liable (fed the fourth kan): 16,000 each.
        case("003", 90, PAO, [tiles_row("ron", "S", SUUKANTSU, discarder="W", liable="E")],
             totals(-16000, 32000, -16000, 0), by=BY_PAO),
    ],
)  # fmt: skip
def test_seed_003_L90_pao(rows, deltas):
    sheet = replay_sheet("jpml-a", {}, rows)
    assert sheet.rows[-1].value_text == "yakuman"
    assert sheet.rows[-1].deltas == deltas


@states("003", 90, PAO)
def test_seed_003_L90_pao_only_for_the_three_yakuman():
    # tsuuiisou (pon 111z; 222z 333z; 55z/66z won on 5z) is a yakuman but not one of the
    # three: no liability.
    hand = {"concealed": "222z333z55z66z", "win_tile": "5z", "melds": [_pon("111z")]}
    with pytest.raises(SheetError) as caught:
        replay_sheet("jpml-a", {}, [tiles_row("ron", "S", hand, discarder="W", liable="E")])
    assert caught.value.code == "not_allowed"


@states("003", 90, "但しダブル役満の時は積[み場]…(garbled)")
def test_seed_003_L90_double_yakuman_with_pao_honba_from_everyone_on_tsumo():
    # Readable: "ダブル役満の時は積[み場]は ツ[モア]ガリは全員から". rules/riichi.md §2: the
    # liability covers only the yakuman that made it (⚠), honba follow the rest of the hand.
    # E1-1, S tsumo daisangen + tsuuiisou (dragon pungs called, 111z, 2z tanki), W liable:
    # b = 16,000. W pays daisangen as a ron, 4 x 8,000 = 32,000; tsuuiisou is a tsumo:
    # dealer E 16,000, W and N 8,000; each of the three pays 100 honba.
    # S: 32,000 + 32,000 + 300 = 64,300; E -16,100; W -40,100; N -8,100.
    hand = {"concealed": "1112z", "win_tile": "2z", "melds": DAISANGEN["melds"]}
    sheet = replay_sheet("jpml-a", {}, [*ONE_HONBA, tiles_row("tsumo", "S", hand, liable="W")])
    row = sheet.rows[-1]
    assert row.value_text == "double yakuman"
    assert row.deltas == totals(-16100, 64300, -40100, -8100)
    # By ron (E1-0, no honba, so the cut "ロンアガリは…" clause about honba does not arise):
    # W deals in, E liable. E pays half of daisangen, 16,000; W the other half and all
    # of tsuuiisou, 16,000 + 32,000 = 48,000; S +64,000.
    ron = tiles_row("ron", "S", hand, discarder="W", liable="E")
    sheet = replay_sheet("jpml-a", {}, [ron])
    assert sheet.rows[0].deltas == totals(-16000, 64000, -48000, 0)


# --- L98-L116 順位點 ------------------------------------------------------------------------

PLAYERS = ("a", "b", "c", "d")  # seat order from the first dealer
BY_UMA = "test_seed_003_session_scores"
FLOAT = "A 順位點 1/2/3人浮き rows"
TIES = "同點の者がいた場合、順位點を分ける (A and B)"
FLAT = "B: 30,000點持ち30,000點返し; +15/[+5]/−5/−15"


@pytest.mark.parametrize(
    ("preset", "finals", "uma", "scores"),
    [
        # 1 floater (at or above 30,000): +12/-1/-3/-8; 21+12, -1-1, -8-3, -12-8
        case("003", 98, FLOAT, "jpml-a", (51_000, 29_000, 22_000, 18_000), (12, -1, -3, -8),
             (33, -2, -11, -20), by=BY_UMA),
        # 2 floaters: +8/+4/-4/-8; 10+8, 5+4, -5-4, -10-8
        case("003", 98, FLOAT, "jpml-a", (40_000, 35_000, 25_000, 20_000), (8, 4, -4, -8),
             (18, 9, -9, -18), by=BY_UMA),
        # 3 floaters: +8/+3/+1/-12; 10+8, 1+3, 0+1, -11-12
        case("003", 98, FLOAT, "jpml-a", (40_000, 31_000, 30_000, 19_000), (8, 3, 1, -12),
             (18, 4, 1, -23), by=BY_UMA),
        # A, 2 floaters tied 1st: (8 + 4) / 2 = 6 each; 5+6, 5+6, -4-4, -6-8
        case("003", 100, TIES, "jpml-a", (35_000, 35_000, 26_000, 24_000), (6, 6, -4, -8),
             (11, 11, -8, -14), by=BY_UMA),
        # A, 1 floater, 2nd-4th tied: (-1 - 3 - 8) / 3 = -4 each; 15+12, -5-4 x 3
        case("003", 100, TIES, "jpml-a", (45_000, 25_000, 25_000, 25_000), (12, -4, -4, -4),
             (27, -9, -9, -9), by=BY_UMA),
        # B, tied 1st: (15 + 5) / 2 = 10 each; 10+10, 10+10, -5-5, -15-15
        case("003", 100, TIES, "jpml-b", (40_000, 40_000, 25_000, 15_000), (10, 10, -5, -15),
             (20, 20, -10, -30), by=BY_UMA),
        # B, 2nd = 3rd: (5 - 5) / 2 = 0 each; 20+15, 0, 0, -20-15
        case("003", 100, TIES, "jpml-b", (50_000, 30_000, 30_000, 10_000), (15, 0, 0, -15),
             (35, 0, 0, -35), by=BY_UMA),
        # B: +15/+5/-5/-15 over the 30,000 return; 15+15, 5+5, -5-5, -15-15
        case("003", 114, FLAT, "jpml-b", (45_000, 35_000, 25_000, 15_000), (15, 5, -5, -15),
             (30, 10, -10, -30), by=BY_UMA),
        # B, the same uma whatever the floaters (one here): 4+15, -1+5, -1-5, -2-15
        case("003", 114, FLAT, "jpml-b", (34_000, 29_000, 29_000, 28_000), (15, 0, 0, -15),
             (19, -1, -1, -17), by=BY_UMA),
    ],
)  # fmt: skip
def test_seed_003_session_scores(preset, finals, uma, scores):
    rules = RIICHI_SESSION_PRESETS[preset]
    result = riichi_session_result(PLAYERS, dict(zip(PLAYERS, finals, strict=True)), rules)
    assert tuple(result.players[p].uma for p in PLAYERS) == uma
    assert tuple(result.players[p].session_score for p in PLAYERS) == scores
    assert sum(result.players[p].session_score for p in PLAYERS) == 0


@states("003", 114, FLAT)
def test_seed_003_L114_jpml_b_starts_at_30000():
    # Everyone starts with 30,000: an E1-0 draw with nobody tenpai leaves 30,000 each;
    # the sheet balances on 4 x 30,000 = 120,000, the session sum being 0 (return 30,000,
    # all tied: uma (15 + 5 - 5 - 15) / 4 = 0 each).
    sheet = replay_sheet("jpml-b", {}, [draw()])
    assert sheet.start == 30_000
    assert sheet.rows[0].totals == totals(30_000, 30_000, 30_000, 30_000)
    assert sheet.balance == {"expected": 120_000, "actual": 120_000, "ok": True}
    assert {s: sheet.session[s]["score"] for s in SEATS} == totals(0, 0, 0, 0)
