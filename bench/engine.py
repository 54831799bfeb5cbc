"""Engine throughput per ruleset, and the adapters' cost over their libraries.

- ``engine_<ruleset>``: :func:`scoring.engine.score` over a fixed set of hands
  for every registered ruleset, best of three, in hands per second. Riichi
  presets (tenhou, jpml-a, jpml-b, wrc, ema, and riichi-lib-default) score
  the riichi corpus with the hand's ruleset set to the preset; MCR scores
  the MCR corpus; Zung Jung and HKOS score the MCR corpus hands (plain
  Chinese hands) plus the shared test hands of ``tests/sample_hands.py`` and
  ``tests/zung_jung_hands.py``, keeping those the ruleset accepts as valid.
- For riichi and MCR, the same hands through the library alone: the
  arguments the adapter would pass (built with the adapter's own helpers
  beforehand, not timed, anew for each of the three runs), then only
  ``HandCalculator.estimate_hand_value`` / ``MahjongFanCalculator``.
  ``ratio`` = adapter seconds / library seconds; the goal is
  :data:`RATIO_GOAL`. Only hands that reach the library call are
  counted on either side (the others stop in the adapter's own checks).
  Over the goal, a cProfile of the adapter run, split into stages, is in
  ``profile`` (for the first riichi preset and for MCR).
"""

from __future__ import annotations

import contextlib
import cProfile
import io
import json
import pstats
import sys
from pathlib import Path

from mahjong.hand_calculating.hand import HandCalculator
from MahjongGB import MahjongFanCalculator

from bench.timing import REPEATS
from bench.timing import best_time as _best_of
from scoring.core.errors import HandError
from scoring.core.hand import hand_from_dict
from scoring.core.shapes import arrangements
from scoring.core.tiles import WIND_LETTERS
from scoring.engine import score
from scoring.families.mcr import hand as mcr_adapter
from scoring.families.riichi import hand as riichi_adapter
from scoring.families.riichi.presets import PRESETS as RIICHI_HAND_PRESETS
from scoring.families.rulesets import get_ruleset, registered_names

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
RIICHI_PRESETS = ("tenhou", "jpml-a", "jpml-b", "wrc", "ema")
RATIO_GOAL = 1.5


def _corpus(name: str) -> list[dict]:
    text = (CORPUS / name).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _test_hands() -> list[dict]:
    """The dict hands of tests/sample_hands.py and a few built with tests/zung_jung_hands.py."""
    sys.path.insert(0, str(ROOT))
    try:
        from tests import sample_hands
        from tests.zung_jung_hands import hand
    finally:
        sys.path.remove(str(ROOT))
    hands = [v for v in vars(sample_hands).values() if isinstance(v, dict) and "concealed" in v]
    hands += [
        hand("34m567p888s99z", "2m"),  # concealed excludes the winning tile
        hand("123m456m789m1p", "1p"),
        hand("23m99s", "4m", meld="chi567p pon777z pon888s"),
        hand("1122334455667m", "7m", win="tsumo"),
        hand("45s55p", "6s", meld="pon111z pon222z pon333z"),
    ]
    return hands


def _with_ruleset(cases: list[dict], ruleset: str) -> list[dict]:
    return [{**case, "ruleset": ruleset} for case in cases]


def _throughput(name: str, ruleset: str, cases: list[dict], source: str) -> dict:
    seconds = _best_of(lambda: [score(case) for case in cases])
    valid = sum(score(case).valid for case in cases)
    return {
        "name": f"engine_{ruleset}",
        "kind": "engine",
        "ruleset": ruleset,
        "source": source,
        "hands": len(cases),
        "valid": valid,
        "seconds": round(seconds, 4),
        "hands_per_second": round(len(cases) / seconds, 1),
        "ms_per_hand": round(1000 * seconds / len(cases), 4),
    }


# --- the libraries alone -------------------------------------------------------------------


def _riichi_args(case: dict):
    """(positional, keyword) arguments of the adapter's library call, or None if it never calls."""
    try:
        rules = get_ruleset(case["ruleset"])
        hand = hand_from_dict(dict(case))
        config = rules.config(hand.options)
        riichi_adapter._check_situation(hand, config)
        if not arrangements(hand):
            return None
    except HandError:
        return None
    tiles, win_tile, melds = riichi_adapter._to_library_tiles(hand, config)
    ura = hand.ura_indicators
    kwargs = {
        "melds": melds,
        "dora_indicators": riichi_adapter._indicators(hand.dora_indicators, config),
        "ura_dora_indicators": riichi_adapter._indicators(ura, config) if config.ura_dora else None,
        "config": riichi_adapter._library_config(hand, config),
    }
    return (tiles, win_tile), kwargs


def _mcr_args(case: dict):
    try:
        rules = get_ruleset("mcr")
        hand = hand_from_dict(dict(case))
        mcr_adapter._check_situation(hand, rules.config(hand.options))
    except HandError:
        return None
    flags = hand.flags
    code, pack = mcr_adapter._code, mcr_adapter._pack
    return (), {
        "pack": tuple(pack(m) for m in hand.melds),
        "hand": tuple(code(t) for t in hand.concealed),
        "winTile": code(hand.win_tile),
        "flowerCount": 0,
        "isSelfDrawn": hand.is_tsumo,
        "is4thTile": "last_of_kind" in flags,
        "isAboutKong": bool(flags & {"kong_replacement", "robbing_kong"}),
        "isWallLast": "last_tile" in flags,
        "seatWind": WIND_LETTERS.index(hand.seat_wind),
        "prevalentWind": WIND_LETTERS.index(hand.round_wind),
        "verbose": True,
    }


def _call_all(func, prepared) -> None:
    for args, kwargs in prepared:
        # TypeError is MahjongGB's way of saying "not a win"; the adapter pays it too.
        with contextlib.suppress(TypeError):
            func(*args, **kwargs)


# Where the adapter's time goes: these functions' cumulative time (cProfile), per hand.
STAGES = {
    ("engine.py", "score"): "score (all)",
    ("hand.py", "hand_from_dict"): "hand_from_dict (parse + checks)",
    ("hand.py", "_check_copies"): "  of which hand._check_copies",
    ("tiles.py", "parse_tiles"): "  of which tiles.parse_tiles",
    ("__init__.py", "config"): "Ruleset.config (resolve options)",
    ("riichi.py", "_check_situation"): "riichi._check_situation",
    ("shapes.py", "arrangements"): "shapes.arrangements (own winning-shape check)",
    ("riichi.py", "_to_library_tiles"): "riichi._to_library_tiles",
    ("riichi.py", "_library_config"): "riichi._library_config",
    ("hand.py", "estimate_hand_value"): "LIBRARY HandCalculator.estimate_hand_value",
    ("riichi.py", "_result"): "riichi._result (items, names, points)",
    ("mcr.py", "_check_situation"): "mcr._check_situation",
    ("mcr.py", "_library_fans"): "mcr._library_fans (args + call + key map)",
    ("~", "<built-in method MahjongGB.MahjongFanCalculator>"): "LIBRARY MahjongFanCalculator",
    ("mcr.py", "_item"): "mcr._item (names, kong values)",
}


def _profile(cases: list[dict]) -> list[str]:
    """The adapter run split into stages (cumulative time under cProfile, which inflates
    Python code more than the C++ of MahjongGB): one line per stage, share of ``score``."""
    profiler = cProfile.Profile()
    profiler.enable()
    for case in cases:
        score(case)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    cum: dict[str, float] = {}
    for (path, _line, func), (_cc, _calls, _tottime, cumtime, _callers) in stats.stats.items():
        label = STAGES.get((Path(path).name if path != "~" else "~", func))
        if label and not (label.startswith("LIBRARY") and "mahjong" not in path and path != "~"):
            cum[label] = cum.get(label, 0.0) + cumtime
    total = cum.get("score (all)") or 1.0
    return [
        f"{label}: {1e6 * seconds / len(cases):.1f} us/hand, {100 * seconds / total:.0f}%"
        for label, seconds in sorted(cum.items(), key=lambda item: -item[1])
    ]


def _library_time(func, make_args, kept: list[dict], first: list) -> float:
    """Best of :data:`bench.timing.REPEATS` library runs, each on arguments built anew
    beforehand (not timed). Each run sees objects it has never seen, as the adapter's
    calls do: a second run over the same Meld objects would find their ``tiles_34``
    already computed (a cached property of the library's)."""
    best = float("inf")
    for run in range(REPEATS):
        prepared = first if run == 0 else [make_args(case) for case in kept]
        best = min(best, _best_of(lambda p=prepared: _call_all(func, p), repeats=1))
    return best


def _versus_library(
    ruleset: str, cases: list[dict], library: str, func, make_args, profile: bool
) -> dict:
    prepared, kept = [], []
    for case in cases:
        args = make_args(case)
        if args is not None:
            prepared.append(args)
            kept.append(case)
    adapter = _best_of(lambda: [score(case) for case in kept])
    lib = _library_time(func, make_args, kept, prepared)
    ratio = adapter / lib
    result = {
        "name": f"engine_{ruleset}_vs_{library}",
        "kind": "engine_ratio",
        "ruleset": ruleset,
        "library": library,
        "hands": len(kept),
        "adapter_seconds": round(adapter, 4),
        "library_seconds": round(lib, 4),
        "ratio": round(ratio, 2),
        "goal": RATIO_GOAL,
        "ok": ratio <= RATIO_GOAL,
    }
    if profile and not result["ok"]:
        result["profile"] = _profile(kept)
    return result


def engine_benchmarks() -> list[dict]:
    names = registered_names()
    riichi = _corpus("riichi.jsonl")
    mcr = _corpus("mcr.jsonl")
    chinese = mcr + _test_hands()
    results = []
    # The named presets first, then any other riichi ruleset registered (riichi-lib-default).
    riichi_names = [*RIICHI_PRESETS]
    riichi_names += [n for n in names if n in RIICHI_HAND_PRESETS and n not in riichi_names]
    for ruleset in riichi_names:
        cases = _with_ruleset(riichi, ruleset)
        results.append(_throughput(ruleset, ruleset, cases, "riichi.jsonl"))
        results.append(
            _versus_library(
                ruleset,
                cases,
                "mahjong",
                HandCalculator.estimate_hand_value,
                _riichi_args,
                profile=ruleset == riichi_names[0],  # one profile: the presets share the path
            )
        )
    cases = _with_ruleset(mcr, "mcr")
    results.append(_throughput("mcr", "mcr", cases, "mcr.jsonl"))
    results.append(
        _versus_library("mcr", cases, "pymahjonggb", MahjongFanCalculator, _mcr_args, True)
    )
    for ruleset in ("zung-jung", "hkos"):
        every = _with_ruleset(chinese, ruleset)
        cases = [case for case in every if score(case).valid]
        source = "mcr.jsonl and tests/sample_hands.py, tests/zung_jung_hands.py: valid wins only"
        results.append(_throughput(ruleset, ruleset, cases, source))
    missing = set(names) - {r["ruleset"] for r in results}
    if missing:
        raise RuntimeError(f"rulesets without an engine benchmark: {sorted(missing)}")
    return results
