"""Every impossible flag or pair of flags is refused with ``bad_flag``, in every family.

For each family, IMPOSSIBLE lists a flag, or a pair of flags, that cannot apply
to an otherwise valid hand, with the words the message must hold: the flag or
both flags of the pair, and the tile at fault where there is one. POSSIBLE
lists the same flags where they do apply: the hand is valid and the flag's
pattern is scored, so the checks are not over-eager.

Each case names its rule in a comment: a seed line (seeds/000 MCR, 001 Zung
Jung, 002 HKOS, 003 JPML riichi), a section of rules/*.md, the flag
vocabulary of hand-format.md, or the corpus (corpus/FORMAT.md).
"""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import score
from tests.zung_jung_hands import hand, melds

RIICHI_PRESETS = ("jpml-a", "jpml-b", "wrc", "ema", "tenhou")
LIBRARY = "riichi-lib-default"
# The library's preset takes renhou only with its own options (riichi/hand.py).
LIBRARY_OPTIONS = {"renhou_as_yakuman": False}
ALL_RIICHI = (*RIICHI_PRESETS, LIBRARY)
# Seed 003 L293-296: renhou is a yaku (mangan) under JPML A and B; rules/riichi.md §4.
RENHOU = ("jpml-a", "jpml-b", LIBRARY)
NO_RENHOU = ("wrc", "ema", "tenhou")


def case(name: str, rulesets: str | tuple[str, ...], base: dict, flags: list[str], *expected,
         **changes: Any):  # fmt: skip
    """One parameter per ruleset: (ruleset, hand, expected words or item keys)."""
    rulesets = (rulesets,) if isinstance(rulesets, str) else rulesets
    data = {**base, **changes, "flags": flags}
    return [pytest.param(r, _with_options(r, data), expected, id=f"{r}-{name}") for r in rulesets]


def _with_options(ruleset: str, data: dict) -> dict:
    return {**data, "options": LIBRARY_OPTIONS} if ruleset == LIBRARY else data


# --- MCR (seed 000) ----------------------------------------------------------------
# 123456789m 234p 55s, concealed, won on a discard 9m: Pure Straight, 20 fan; no other 9m.
MCR_RON = hand("12345678m234p55s", "9m")
# 123456789m, a melded kong of 7p and 55s, self-drawn: Pure Straight.
MCR_KONG = hand("12345678m55s", "9m", "tsumo", meld="kan7777p")
# Thirteen Orphans waiting on 7z and holding one (the issue's example).
MCR_ORPHANS = hand("19m19p19s1234567z", "7z")

MCR_IMPOSSIBLE = [
    # Seed 000 L97 杠上開花: a self-draw on the replacement drawn after a kong.
    *case("kong-replacement-on-a-discard", "mcr", MCR_KONG, ["kong_replacement"],
          "kong_replacement", "self-draw", win="ron"),
    *case("kong-replacement-without-a-kong", "mcr", MCR_RON, ["kong_replacement"],
          "kong_replacement", "kong", win="tsumo"),
    # Seed 000 L98 搶杠和: a win on the tile another player adds to a kong, scored as a discard win.
    *case("robbing-self-drawn", "mcr", MCR_RON, ["robbing_kong"], "robbing_kong", win="tsumo"),
    # Seed 000 L98: the added kong holds the other three copies of the robbed tile.
    *case("robbing-a-tile-held", "mcr", MCR_ORPHANS, ["robbing_kong"], "robbing_kong", "7z"),
    *case("robbing-a-tile-in-a-meld", "mcr", MCR_RON, ["robbing_kong"], "robbing_kong", "9m",
          concealed="12345678m55s", melds=melds("chi789m")),
    # Seed 000 L98: Robbing the Kong does not combine with Last Tile Draw or Last Tile Claim.
    *case("robbing-with-last-tile", "mcr", MCR_RON, ["robbing_kong", "last_tile"],
          "robbing_kong", "last_tile", "L98"),
    # Seed 000 L97-98: a replacement is self-drawn, a robbed tile is another player's.
    *case("robbing-with-kong-replacement", "mcr", MCR_KONG,
          ["robbing_kong", "kong_replacement"], "robbing_kong", "kong_replacement"),
    # hand-format.md: heavenly is a flag of hkos and zung-jung only.
    *case("heavenly-is-not-mcr", "mcr", MCR_RON, ["heavenly"], "heavenly"),
]  # fmt: skip
MCR_POSSIBLE = [
    *case("robbing", "mcr", MCR_RON, ["robbing_kong"], "robbing_the_kong"),
    # Seed 000 L98 and the library: a robbed tile is a fourth; Last Tile is not added to it.
    *case("robbing-last-of-kind", "mcr", MCR_RON, ["robbing_kong", "last_of_kind"],
          "robbing_the_kong"),
    *case("kong-replacement", "mcr", MCR_KONG, ["kong_replacement"], "out_with_replacement_tile"),
    # corpus mcr-helper-unittest:L326: both fans on one self-drawn replacement.
    *case("kong-replacement-last-tile", "mcr", MCR_KONG, ["kong_replacement", "last_tile"],
          "out_with_replacement_tile", "last_tile_draw"),
    *case("last-tile-claim", "mcr", MCR_RON, ["last_tile"], "last_tile_claim"),
    *case("last-tile-draw", "mcr", MCR_RON, ["last_tile"], "last_tile_draw", win="tsumo"),
    *case("last-of-kind", "mcr", MCR_RON, ["last_of_kind"], "last_tile"),
]  # fmt: skip

# --- HKOS (seed 002) ---------------------------------------------------------------
# 123m 678m (chows) 111z (pung) 34m + 5m, 99m; one bonus tile (3, not South's):
# Mixed One Suit 3 + Prevailing Wind 1. No other 5m.
HK_RON = {**hand("34m99m", "5m", meld="chi123m chi678m pon111z"), "flowers": [3]}
HK_KONG = {**hand("34m99m", "5m", "tsumo", meld="chi123m chi678m kan1111z"), "flowers": [3]}
HK_CLOSED = {**hand("12334678m99m111z", "5m"), "flowers": [3]}
HK_EAST = {**HK_CLOSED, "seat_wind": "E", "win": "tsumo"}

HKOS_IMPOSSIBLE = [
    # Seed 002 L9: kong and flower replacements are drawn from the wall.
    *case("kong-replacement-on-a-discard", "hkos", HK_KONG, ["kong_replacement"],
          "kong_replacement", "self-draw", win="ron"),
    *case("kong-replacement-without-a-kong", "hkos", HK_RON, ["kong_replacement"],
          "kong_replacement", "kong", win="tsumo"),
    *case("flower-replacement-on-a-discard", "hkos", HK_RON, ["flower_replacement"],
          "flower_replacement", "self-draw"),
    *case("flower-replacement-without-a-flower", "hkos", HK_RON, ["flower_replacement"],
          "flower_replacement", "bonus tile", win="tsumo", flowers=[]),
    # Seed 002 L19: a kong is robbed by a win on its added tile.
    *case("robbing-self-drawn", "hkos", HK_RON, ["robbing_kong"], "robbing_kong", win="tsumo"),
    # Seed 002 L19: the robbed kong holds the other three copies.
    *case("robbing-a-tile-held", "hkos", HK_RON, ["robbing_kong"], "robbing_kong", "9m",
          win_tile="9m", concealed="345m9m"),
    *case("robbing-a-tile-in-a-meld", "hkos", HK_RON, ["robbing_kong"], "robbing_kong", "1m",
          win_tile="1m", concealed="345m1m"),
    # hand-format.md (last_tile: by draw or on the last discard) and seed 002 L9.
    *case("robbing-with-last-tile", "hkos", HK_RON, ["robbing_kong", "last_tile"],
          "robbing_kong", "last_tile"),
    *case("robbing-with-kong-replacement", "hkos", HK_KONG, ["robbing_kong", "kong_replacement"],
          "robbing_kong", "kong_replacement"),
    *case("robbing-with-flower-replacement", "hkos", HK_RON,
          ["robbing_kong", "flower_replacement"], "robbing_kong", "flower_replacement"),
    # Seed 002 L35: the heavenly hand is East's first win (self-drawn) before any kong.
    *case("heavenly-not-east", "hkos", HK_EAST, ["heavenly"], "heavenly", seat_wind="S"),
    *case("heavenly-on-a-discard", "hkos", HK_EAST, ["heavenly"], "heavenly", win="ron"),
    *case("heavenly-after-a-kong", "hkos", HK_KONG, ["heavenly"], "heavenly", "kong",
          seat_wind="E"),
    *case("heavenly-with-earthly", "hkos", HK_EAST, ["heavenly", "earthly"], "heavenly",
          "earthly"),
    *case("heavenly-with-last-tile", "hkos", HK_EAST, ["heavenly", "last_tile"], "heavenly",
          "last_tile"),
    *case("heavenly-with-robbing", "hkos", HK_EAST, ["heavenly", "robbing_kong"], "heavenly",
          "robbing_kong"),
    *case("heavenly-with-kong-replacement", "hkos", HK_EAST, ["heavenly", "kong_replacement"],
          "heavenly", "kong_replacement"),
    # Seed 002 L35: the earthly hand is a win on East's first discard before any kong.
    *case("earthly-for-east", "hkos", HK_CLOSED, ["earthly"], "earthly", seat_wind="E"),
    *case("earthly-self-drawn", "hkos", HK_CLOSED, ["earthly"], "earthly", win="tsumo"),
    *case("earthly-after-a-call", "hkos", HK_RON, ["earthly"], "earthly", "call"),
    *case("earthly-with-last-tile", "hkos", HK_CLOSED, ["earthly", "last_tile"], "earthly",
          "last_tile"),
    *case("earthly-with-robbing", "hkos", HK_CLOSED, ["earthly", "robbing_kong"], "earthly",
          "robbing_kong"),
    # hand-format.md: last_of_kind is MCR's only.
    *case("last-of-kind-is-not-hkos", "hkos", HK_RON, ["last_of_kind"], "last_of_kind"),
]  # fmt: skip
HKOS_POSSIBLE = [
    *case("robbing", "hkos", HK_RON, ["robbing_kong"], "robbing_kong"),
    *case("kong-replacement", "hkos", HK_KONG, ["kong_replacement"], "replacement_win"),
    # Seed 002 L9: no dead wall, so a replacement can be the wall's last tile.
    *case("kong-replacement-last-tile", "hkos", HK_KONG, ["kong_replacement", "last_tile"],
          "replacement_win", "last_tile"),
    *case("flower-replacement", "hkos", HK_RON, ["flower_replacement"], "replacement_win",
          win="tsumo"),
    *case("last-tile-on-a-discard", "hkos", HK_RON, ["last_tile"], "last_tile"),
    *case("last-tile-drawn", "hkos", HK_RON, ["last_tile"], "last_tile", win="tsumo"),
    *case("heavenly", "hkos", HK_EAST, ["heavenly"], "heavenly"),
    *case("earthly", "hkos", HK_CLOSED, ["earthly"], "earthly"),
]  # fmt: skip

# --- Zung Jung (seed 001, rules/zung-jung.md) ---------------------------------------
# 234m (chow) 567p 345s 678s 99p: All Sequences 5; no other 6s.
ZJ_RON = hand("567p345s78s99p", "6s", meld="chi234m")
# 2222m (kong) 456p 789s 567s 11m, self-drawn: One Kong 5.
ZJ_KONG = hand("456p789s567s1m", "1m", "tsumo", meld="kan2222m")
# 123m 789m 456p 999s 55s, all concealed, won on 9m: Concealed Hand 5; no other 9m.
ZJ_CLOSED = hand("123m78m456p999s55s", "9m")
ZJ_EAST = {**ZJ_CLOSED, "seat_wind": "E", "win": "tsumo"}

ZJ_IMPOSSIBLE = [
    # §2 9.2 Win on Kong: a self-draw on a kong supplement.
    *case("kong-replacement-on-a-discard", "zung-jung", ZJ_KONG, ["kong_replacement"],
          "kong_replacement", "self-draw", win="ron"),
    *case("kong-replacement-without-a-kong", "zung-jung", ZJ_RON, ["kong_replacement"],
          "kong_replacement", "kong", win="tsumo"),
    # §2 9.3, §1: only an added kong is robbed; it holds the other three copies.
    *case("robbing-self-drawn", "zung-jung", ZJ_RON, ["robbing_kong"], "robbing_kong",
          win="tsumo"),
    *case("robbing-a-tile-held", "zung-jung", ZJ_RON, ["robbing_kong"], "robbing_kong", "9p",
          win_tile="9p", concealed="567p345s678s9p"),
    # Seed 001 L70 (§6): the seabed drawer may not kong; a robbed tile is no discard.
    *case("robbing-with-last-tile", "zung-jung", ZJ_RON, ["robbing_kong", "last_tile"],
          "robbing_kong", "last_tile"),
    # §2 9.4 (seed 001 L61): Blessing of Heaven is East's self-drawn initial 14.
    *case("heavenly-not-east", "zung-jung", ZJ_EAST, ["heavenly"], "heavenly", seat_wind="S"),
    *case("heavenly-on-a-discard", "zung-jung", ZJ_EAST, ["heavenly"], "heavenly", win="ron"),
    *case("heavenly-after-a-kong", "zung-jung", ZJ_KONG, ["heavenly"], "heavenly", "kong",
          seat_wind="E"),
    *case("heavenly-with-last-tile", "zung-jung", ZJ_EAST, ["heavenly", "last_tile"],
          "heavenly", "last_tile"),
    # §2 9.4: Blessing of Earth is another seat's win on East's first discard.
    *case("earthly-for-east", "zung-jung", ZJ_CLOSED, ["earthly"], "earthly", seat_wind="E"),
    *case("earthly-self-drawn", "zung-jung", ZJ_CLOSED, ["earthly"], "earthly", win="tsumo"),
    *case("earthly-after-a-call", "zung-jung", ZJ_RON, ["earthly"], "earthly", "meld"),
    *case("earthly-with-robbing", "zung-jung", ZJ_CLOSED, ["earthly", "robbing_kong"],
          "earthly", "robbing_kong"),
    # hand-format.md: flower_replacement is HKOS's only (Zung Jung has no flowers, §1).
    *case("flower-replacement-is-not-zj", "zung-jung", ZJ_KONG, ["flower_replacement"],
          "flower_replacement"),
]  # fmt: skip
ZJ_POSSIBLE = [
    *case("robbing", "zung-jung", ZJ_RON, ["robbing_kong"], "robbing_kong"),
    *case("kong-replacement", "zung-jung", ZJ_KONG, ["kong_replacement"], "win_on_kong"),
    # §2 9.2: a supplement that is also the seabed tile scores both.
    *case("kong-replacement-last-tile", "zung-jung", ZJ_KONG, ["kong_replacement", "last_tile"],
          "win_on_kong", "final_draw"),
    *case("final-discard", "zung-jung", ZJ_RON, ["last_tile"], "final_discard"),
    *case("final-draw", "zung-jung", ZJ_RON, ["last_tile"], "final_draw", win="tsumo"),
    *case("heavenly", "zung-jung", ZJ_EAST, ["heavenly"], "blessing_of_heaven"),
    *case("earthly", "zung-jung", ZJ_CLOSED, ["earthly"], "blessing_of_earth"),
]  # fmt: skip

# --- riichi (seed 003 for JPML, rules/riichi.md §4) ---------------------------------
# 234m 567m 456p 23s + 4s, 88s, South: riichi, pinfu, tanyao on a discard; no other 4s.
R_RON = hand("234567m456p2388s", "4s")
R_TSUMO = {**R_RON, "win": "tsumo"}
R_DEALER = {**R_TSUMO, "seat_wind": "E"}
# The same with a concealed kan of East for 234m, self-drawn: rinshan can apply.
R_KAN = hand("567m456p2388s", "4s", "tsumo", meld="ankan1111z")
# Red dragons called instead of 234m: an open hand with a yaku in every preset.
R_OPEN = hand("567m456p2388s", "4s", meld="pon777z")
# 234m 567m 456p 234s, waiting on 8s with one 8s in hand.
R_TANKI = hand("234567m456p2348s", "8s")

RIICHI_IMPOSSIBLE = [
    # Seed 003 L164-166: ippatsu is within one turn after riichi.
    *case("ippatsu-without-riichi", ALL_RIICHI, R_RON, ["ippatsu"], "ippatsu"),
    # Seed 003 (立直, ダブル立直 L190 門前役): a closed hand only.
    *case("riichi-open", ALL_RIICHI, R_OPEN, ["riichi"], "riichi"),
    *case("double-riichi-open", ALL_RIICHI, R_OPEN, ["double_riichi"], "double_riichi"),
    # Seed 003 L152-157 (槍槓: a win on another's added kan), L150-151 (嶺上開花: a
    # draw after one's kan), L158-163 (海底 a draw, 河底 a discard).
    *case("chankan-self-drawn", ALL_RIICHI, R_TSUMO, ["chankan"], "chankan"),
    *case("rinshan-on-a-discard", ALL_RIICHI, R_KAN, ["rinshan"], "rinshan", win="ron"),
    *case("haitei-on-a-discard", ALL_RIICHI, R_RON, ["haitei"], "haitei"),
    *case("houtei-self-drawn", ALL_RIICHI, R_TSUMO, ["houtei"], "houtei"),
    # Seed 003 L89, L108: rinshan kaihou and haitei do not combine.
    *case("haitei-with-rinshan", ALL_RIICHI, R_KAN, ["haitei", "rinshan"], "haitei", "rinshan"),
    # Seed 003 L155-163: a robbed kan tile is not the last discard.
    *case("houtei-with-chankan", ALL_RIICHI, R_RON, ["houtei", "chankan"], "houtei",
          "chankan"),
    # Seed 003 L150-151: rinshan is won on the tile drawn after one's own kan.
    *case("rinshan-without-a-kan", ALL_RIICHI, R_TSUMO, ["rinshan"], "rinshan", "kan"),
    # Seed 003 L155-157: the added kan holds the other three copies of the robbed tile.
    *case("chankan-of-a-tile-held", ALL_RIICHI, R_TANKI, ["chankan"], "chankan", "8s"),
    # Seed 003 L164-166: ippatsu does not combine with rinshan kaihou (JPML only:
    # rules/riichi.md §4 has wrc, ema and tenhou combine them).
    *case("ippatsu-with-rinshan", ("jpml-a", "jpml-b"), R_KAN, ["riichi", "ippatsu", "rinshan"],
          "ippatsu", "rinshan", "L164-166"),
    # Seed 003 L278-279 (天和: the dealer, on the deal), L280-281 (地和: a
    # non-dealer, on the first draw, before any call).
    *case("tenhou-not-dealer", ALL_RIICHI, R_TSUMO, ["tenhou"], "tenhou"),
    *case("tenhou-on-a-discard", ALL_RIICHI, R_DEALER, ["tenhou"], "tenhou", win="ron"),
    *case("tenhou-after-a-kan", ALL_RIICHI, R_KAN, ["tenhou"], "tenhou", seat_wind="E"),
    *case("chiihou-for-the-dealer", ALL_RIICHI, R_DEALER, ["chiihou"], "chiihou"),
    *case("chiihou-on-a-discard", ALL_RIICHI, R_RON, ["chiihou"], "chiihou"),
    *case("chiihou-after-a-kan", ALL_RIICHI, R_KAN, ["chiihou"], "chiihou"),
    # Seed 003 L190-193, L278-281: riichi is declared with a discard, and the
    # first-turn wins come before one's first discard.
    *case("tenhou-with-riichi", ALL_RIICHI, R_DEALER, ["tenhou", "riichi"], "tenhou", "riichi"),
    *case("tenhou-with-double-riichi", ALL_RIICHI, R_DEALER, ["tenhou", "double_riichi"],
          "tenhou", "double_riichi"),
    *case("chiihou-with-riichi", ALL_RIICHI, R_TSUMO, ["chiihou", "riichi"], "chiihou",
          "riichi"),
    *case("chiihou-with-double-riichi", ALL_RIICHI, R_TSUMO, ["chiihou", "double_riichi"],
          "chiihou", "double_riichi"),
    # Seed 003 L158-160, L278-281: the first draw is not the wall's last tile.
    *case("tenhou-with-haitei", ALL_RIICHI, R_DEALER, ["tenhou", "haitei"], "tenhou", "haitei"),
    *case("chiihou-with-haitei", ALL_RIICHI, R_TSUMO, ["chiihou", "haitei"], "chiihou",
          "haitei"),
    # rules/riichi.md §4: renhou is no yaku in these presets (JPML's mangan: seed 003 L293-296).
    *case("renhou-not-a-yaku", NO_RENHOU, R_RON, ["renhou"], "renhou"),
    # Seed 003 L293-294 (人和: a non-dealer's ron before the first draw, no call).
    *case("renhou-for-the-dealer", RENHOU, R_RON, ["renhou"], "renhou", seat_wind="E"),
    *case("renhou-self-drawn", RENHOU, R_TSUMO, ["renhou"], "renhou"),
    *case("renhou-after-a-call", RENHOU, R_OPEN, ["renhou"], "renhou"),
    # Seed 003 L161-163, L293-294: the first go-around is not the last discard.
    *case("renhou-with-houtei", RENHOU, R_RON, ["renhou", "houtei"], "renhou", "houtei"),
]  # fmt: skip
RIICHI_POSSIBLE = [
    *case("riichi", ALL_RIICHI, R_RON, ["riichi"], "riichi"),
    # The judge's form sends double_riichi alone (it stands for riichi too), the
    # corpus both (corpus/FORMAT.md).
    *case("double-riichi", ALL_RIICHI, R_RON, ["double_riichi"], "double_riichi"),
    *case("double-riichi-and-riichi", ALL_RIICHI, R_RON, ["riichi", "double_riichi"],
          "double_riichi"),
    # jpml-a plays without ippatsu (seed 003 L83): the flag is accepted, not scored.
    *case("ippatsu", ALL_RIICHI, R_RON, ["riichi", "ippatsu"], "riichi"),
    *case("haitei", ALL_RIICHI, R_TSUMO, ["haitei"], "haitei"),
    *case("houtei", ALL_RIICHI, R_RON, ["houtei"], "houtei"),
    *case("rinshan", ALL_RIICHI, R_KAN, ["rinshan"], "rinshan"),
    *case("riichi-rinshan", ALL_RIICHI, R_KAN, ["riichi", "rinshan"], "riichi", "rinshan"),
    *case("chankan", ALL_RIICHI, R_RON, ["chankan"], "chankan"),
    # corpus tenhou:2018010702gm-00a9-0000-5dd4f9b4#2: ippatsu with chankan.
    *case("chankan-ippatsu", ALL_RIICHI, R_RON, ["riichi", "ippatsu", "chankan"], "chankan"),
    # corpus: haitei with ippatsu, and with double riichi.
    *case("haitei-ippatsu", ALL_RIICHI, R_TSUMO, ["riichi", "ippatsu", "haitei"], "haitei"),
    *case("haitei-double-riichi", ALL_RIICHI, R_TSUMO, ["double_riichi", "haitei"], "haitei"),
    # rules/riichi.md §4: wrc, ema and tenhou combine ippatsu with rinshan kaihou.
    *case("ippatsu-rinshan", ("wrc", "ema", "tenhou", LIBRARY), R_KAN,
          ["riichi", "ippatsu", "rinshan"], "ippatsu", "rinshan"),
    *case("tenhou", ALL_RIICHI, R_DEALER, ["tenhou"], "tenhou"),
    *case("chiihou", ALL_RIICHI, R_TSUMO, ["chiihou"], "chiihou"),
    *case("renhou", RENHOU, R_RON, ["renhou"], "renhou"),  # seed 003 L293-296 for JPML
    # The library's own tests stack renhou with riichi (corpus riichi-lib:…
    # test_kokushi_musou_multiple_yakuman#8); JPML does not (seed 003 L293-294).
    *case("renhou-riichi-library", LIBRARY, R_RON, ["renhou", "riichi"], "renhou"),
]  # fmt: skip

IMPOSSIBLE = [*MCR_IMPOSSIBLE, *HKOS_IMPOSSIBLE, *ZJ_IMPOSSIBLE, *RIICHI_IMPOSSIBLE]
POSSIBLE = [*MCR_POSSIBLE, *HKOS_POSSIBLE, *ZJ_POSSIBLE, *RIICHI_POSSIBLE]


@pytest.mark.parametrize(("ruleset", "data", "words"), IMPOSSIBLE)
def test_an_impossible_flag_or_pair_is_refused_by_name(ruleset, data, words):
    result = score(data, ruleset)
    assert result.error is not None and result.error.code == "bad_flag", result.error
    assert result.error.message.startswith("flags: ")
    for word in words:
        assert word in result.error.message, (word, result.error.message)


@pytest.mark.parametrize(("ruleset", "data", "keys"), POSSIBLE)
def test_the_same_flags_where_they_apply_are_scored(ruleset, data, keys):
    result = score(data, ruleset)
    assert result.valid, result.error
    scored = {item.key for item in result.items}
    assert set(keys) <= scored, (keys, scored)


@pytest.mark.parametrize(("ruleset", "data", "words"), IMPOSSIBLE)
def test_each_refused_hand_is_valid_without_its_flags(ruleset, data, words):
    """The refusal is the flags' alone: the same tiles and seat with no flag are a win."""
    result = score({**data, "flags": []}, ruleset)
    assert result.error is None or result.error.code == "below_minimum", result.error


def test_the_issue_examples():
    """Issue 15: the hands that were scored though they cannot happen."""
    # HKOS: robbing a kong of a tile held was 3 faan, valid.
    held = {**HK_RON, "win_tile": "9m", "concealed": "345m9m", "flags": ["robbing_kong"]}
    assert score(held, "hkos").error.code == "bad_flag"
    # Riichi: chankan of a tile held was 1 han.
    assert score({**R_TANKI, "flags": ["chankan"]}, "tenhou").error.code == "bad_flag"
    # MCR: Thirteen Orphans robbing 7z while holding 7z was 88, valid.
    orphans = score({**MCR_ORPHANS, "flags": ["robbing_kong"]}, "mcr")
    assert orphans.error.code == "bad_flag" and "7z" in orphans.error.message
    # MCR: Robbing the Kong with Last Tile was 17 (Last Tile Claim added to 9).
    assert score({**MCR_RON, "flags": ["robbing_kong", "last_tile"]}, "mcr").error.code == (
        "bad_flag"
    )
    # JPML-B: ippatsu with rinshan was 8,000 instead of 5,200.
    pair = score({**R_KAN, "flags": ["riichi", "ippatsu", "rinshan"]}, "jpml-b")
    assert pair.error.code == "bad_flag"
    assert score({**R_KAN, "flags": ["riichi", "rinshan"]}, "jpml-b").valid


def test_the_jpml_pair_is_an_event_option():
    """rules/riichi.md §4: an event may combine ippatsu with rinshan kaihou after all."""
    data = {**R_KAN, "flags": ["riichi", "ippatsu", "rinshan"]}
    result = score({**data, "options": {"ippatsu_with_rinshan": True}}, "jpml-b")
    assert result.valid and "ippatsu" in {i.key for i in result.items}
    assert score({**data, "options": {"ippatsu_with_rinshan": False}}, "tenhou").error.code == (
        "bad_flag"
    )
