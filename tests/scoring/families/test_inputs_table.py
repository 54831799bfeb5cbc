"""Issue #35, acceptance 1: the README's table of inputs is the families' declarations.

The README (section "Entering results at the table") holds, for each
preset, the inputs the hand form asks for and those it refuses, between two
markers. They are made from the families' declarations
(:mod:`scoring.families.inputs_table`); this test makes them again and
compares, and pins the JPML-A line of the issue: one dora indicator, no ura,
no ippatsu, no red fives.
"""

from __future__ import annotations

import re
from pathlib import Path

from scoring.families.inputs_table import rows, tables
from scoring.families.riichi.family import FAMILY as RIICHI

README = Path(__file__).resolve().parents[3] / "README.md"
START = "<!-- inputs table: python -m scoring.families.inputs_table -->\n"
BLOCK = re.compile(re.escape(START) + r"(.*?)<!-- end of inputs table -->", re.S)


def test_the_readme_holds_the_tables_the_declarations_make():
    found = BLOCK.search(README.read_text(encoding="utf-8"))
    assert found, "README.md: the inputs table's markers are missing"
    assert found.group(1) == tables(), "run: python -m scoring.families.inputs_table"


def test_jpml_a_has_one_dora_indicator_no_ura_no_ippatsu_no_red_fives():
    column = RIICHI.rulesets.index("jpml-a")
    cells = {name: cells[column] for name, cells in rows(RIICHI)}
    assert cells["dora indicators"] == "asked: 1 (no kan dora)"
    assert cells["ura-dora indicators"] == "refused"
    assert cells["red fives (`0m` `0p` `0s`)"] == "refused"
    assert cells["flag `ippatsu`"] == "refused"
    tenhou = {name: cells[RIICHI.rulesets.index("tenhou")] for name, cells in rows(RIICHI)}
    assert tenhou["dora indicators"] == "asked: up to 5"
    assert tenhou["red fives (`0m` `0p` `0s`)"] == "asked"
