"""The riichi adapter's fast library objects equal the library's own, and stay unshared
where the library writes (scoring/rulesets/riichi_library.py)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld

from scoring.engine import score
from scoring.families.riichi.library import (
    WRITTEN_YAKU,
    fresh_yaku,
    hand_config,
    library_meld,
    shared_yaku,
)

CORPUS = Path(__file__).resolve().parents[4].parent / "shared" / "corpus"
SWITCHES = (
    "is_tsumo", "is_riichi", "is_daburu_riichi", "is_ippatsu", "is_rinshan", "is_chankan",
    "is_haitei", "is_houtei", "is_tenhou", "is_chiihou", "is_renhou", "is_open_riichi",
)  # fmt: skip


def _yaku_state(yaku: YakuConfig) -> dict:
    return {name: (type(y), vars(y)) for name, y in vars(yaku).items()}


def _state(config: HandConfig) -> dict:
    state = dict(vars(config))
    state["yaku"] = _yaku_state(state["yaku"])
    return state


def test_a_fresh_yaku_config_is_a_yaku_config():
    fresh, real = fresh_yaku(), YakuConfig()
    assert _yaku_state(fresh) == _yaku_state(real)
    assert list(vars(fresh)) == list(vars(real))
    again = fresh_yaku()
    for name in WRITTEN_YAKU:
        assert getattr(fresh, name) is not getattr(again, name)


def test_hand_config_is_the_library_constructor():
    options = OptionalRules(has_open_tanyao=True, has_double_yakuman=False)
    for bits in itertools.islice(
        itertools.product((False, True), repeat=len(SWITCHES)), 0, None, 37
    ):
        flags = dict(zip(SWITCHES, bits, strict=True))
        for player, round_ in ((27, 27), (28, 27), (30, 29)):
            fast = hand_config(options, player, round_, flags)
            real = HandConfig(options=options, player_wind=player, round_wind=round_, **flags)
            assert _state(fast) == _state(real)


def test_library_meld_is_the_library_constructor():
    for kind, opened in ((Meld.CHI, True), (Meld.KAN, False), (Meld.SHOUMINKAN, True)):
        fast = library_meld(kind, [4, 8, 12], opened)
        real = Meld(meld_type=kind, tiles=[4, 8, 12], opened=opened)
        assert vars(fast) == vars(real)
        assert fast.tiles_34 == real.tiles_34


def test_the_library_never_writes_to_the_shared_yaku():
    shared = shared_yaku()
    before = {name: dict(vars(y)) for name, y in shared.items()}
    lines = (CORPUS / "riichi.jsonl").read_text(encoding="utf-8").splitlines()
    for line in lines[::5]:
        case = json.loads(line)
        for ruleset in ("tenhou", "jpml-a", "riichi-lib-default"):
            score({**case, "ruleset": ruleset})
    assert {name: dict(vars(y)) for name, y in shared.items()} == before
