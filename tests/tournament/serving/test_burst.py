"""A burst of judges' saves on SQLite loses none, behind both servers of the README (issue 16).

A smaller run of ``make bench``'s surge (``bench/surge.py``, where the full
50 × 4 then 20 × 3 is measured): a fresh SQLite file, a real server as
``make run`` and ``make venue`` start it, judges logged in over HTTP, all
released at once. Every answer must be "saved" or "conflict kept"; before
issue 16 a burst answered 500 ("database is locked") or reset connections.
"""

from __future__ import annotations

import pytest

from bench.surge import surge


@pytest.mark.parametrize("venue", [False, True], ids=["make-run", "make-venue"])
def test_a_burst_of_saves_loses_none(venue):
    phases = surge(venue=venue, tables=12, saves=3, crowd=6, again=2)
    spread, packed = phases["spread_12x3"], phases["one_table_6x2"]
    assert spread["failed"] == 0 and packed["failed"] == 0, phases
    # Each judge at their own table: every save is saved (nobody else writes there).
    assert spread["saved"] == 36
    # Six judges on one table from one page version: one save per wave wins,
    # the others are kept as conflicts, and nothing is lost.
    assert packed["saved"] + packed["conflict_kept"] == 12
    assert packed["saved"] >= 2
