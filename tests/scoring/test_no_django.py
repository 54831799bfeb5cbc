"""scoring/ is pure Python: importing Django there would tie the engine to a web app."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_module_in_scoring_imports_django():
    files = sorted(SCORING.rglob("*.py"))
    assert files, "scoring/ has no Python files"
    offenders = {
        str(f.relative_to(SCORING)): sorted(
            m for m in _imported_modules(f) if m.split(".")[0] == "django"
        )
        for f in files
    }
    assert {f: m for f, m in offenders.items() if m} == {}


def test_scoring_runs_without_django_loaded():
    """Import every scoring module and score a hand in a fresh interpreter: Django stays out."""
    code = (
        "import sys, pkgutil, importlib, scoring\n"
        "for m in pkgutil.walk_packages(scoring.__path__, 'scoring.'):\n"
        "    importlib.import_module(m.name)\n"
        "from scoring.engine import score\n"
        "r = score({'concealed': '234567m456p2388s', 'win_tile': '4s', 'win': 'ron',"
        " 'seat_wind': 'S', 'round_wind': 'E', 'flags': ['riichi']}, 'tenhou')\n"
        "assert r.valid, r.error\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=SCORING.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "[]"
