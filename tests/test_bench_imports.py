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


def test_the_standings_bench_names_real_download_urls(db):
    """The public-page bench asks for each download by URL name (a rename once broke it)."""
    from django.urls import reverse

    from bench.standings import DOWNLOADS

    for url_name in DOWNLOADS.values():
        assert reverse(f"public_standings:{url_name}", args=["cup"]).startswith("/e/cup/")


def test_every_real_path_seating_row_is_described():
    from bench.__main__ import describe

    row = {
        "name": "seating_real_path_x",
        "kind": "seating_real_path",
        "repeats": 0,
        "repeats_allowed": None,
        "club_meetings": 8,
        "club_meetings_allowed": 8,
        "whole_club_tables": 0,
        "wind_unbalanced": 0,
        "seconds": 1.0,
    }
    assert describe(row) == (
        "seating_real_path_x: 0 repeats, 8 club meetings, 0 whole-club tables, 0 players "
        "with unbalanced winds (clubs at most 8), 1.0 s"
    )
