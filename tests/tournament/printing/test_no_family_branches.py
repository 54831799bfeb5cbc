"""The printouts ask the ruleset family; they never branch on its name.

DESIGN.md, "A family is one folder": the family declares its sheet (columns,
rows, footer lines, notes, the cells of a row) and the printing code only
puts its codes into words and lays them out. Scans the Python files of
``tournament/printing/`` and the templates of ``templates/printing/`` (but
not ``templates/printing/families/``, the per-family partials chosen by the
family's name as a path) with ``tests/scan_family_names.py``.
"""

from __future__ import annotations

from pathlib import Path

from tests.scan_family_names import branches_in

ROOT = Path(__file__).resolve().parents[3]
PER_FAMILY = ROOT / "templates" / "printing" / "families"


def printing_files() -> list[Path]:
    python = sorted((ROOT / "tournament" / "printing").rglob("*.py"))
    templates = sorted(
        p for p in (ROOT / "templates" / "printing").rglob("*.html") if PER_FAMILY not in p.parents
    )
    return python + templates


def test_the_printouts_do_not_branch_on_a_family_name():
    files = printing_files()
    assert any(p.name == "sheets.py" for p in files)
    assert any(p.name == "_sheet.html" for p in files)
    assert branches_in(files) == []
