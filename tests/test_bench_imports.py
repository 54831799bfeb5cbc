"""``make bench`` runs outside the test suite, so its modules are at least imported here.

Why: a rename in ``scoring/`` once broke the benchmarks' imports unnoticed
until ``make bench`` ran. The engine bench also picks every riichi hand
preset of the registry, the library-defaults one included.
"""

from __future__ import annotations

import importlib

import pytest


@pytest.mark.parametrize(
    "module", ["bench.__main__", "bench.engine", "bench.seating", "bench.surge"]
)
def test_the_bench_modules_import(module):
    assert importlib.import_module(module)


def test_the_engine_bench_knows_every_riichi_hand_preset():
    from bench import engine
    from scoring.families.rulesets import registered_names

    riichi = {n for n in registered_names() if n in engine.RIICHI_HAND_PRESETS}
    assert {"tenhou", "jpml-a", "jpml-b", "wrc", "ema", "riichi-lib-default"} <= riichi
