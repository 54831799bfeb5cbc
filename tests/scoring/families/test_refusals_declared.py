"""Every refusal the engine makes is one its family declares (issue #35, ``Family.refusals()``).

The Django side words a refusal by its code, and a test renders every code
the families declare in every language (tests/tournament/glossary/
test_refusal_words.py); a code made but not declared would slip past it and
reach a page without words. So the source is read: each refusal code written
where a refusal is made (a :class:`HandError`'s third argument or ``refusal=``,
a flag rule's, a sheet's ``refusal(...)``, the library's table) must be
declared by the family whose package makes it, and one made by the shared
code (``scoring/core``, ``scoring/sheets``, ``scoring/families/*.py``) by
every family.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scoring.core.refusals import NONE_OF
from scoring.families import all_families
from scoring.families.riichi.library import LIBRARY_ERRORS

ROOT = Path(__file__).resolve().parents[3] / "scoring"
# Callables whose argument at this position (from 0) is a refusal's code.
CODE_AT = {"HandError": 2, "ErrorInfo": 2, "FlagRule": 2, "refusal": 0, "_unsaid": 2}
PACKAGES = {
    "riichi": "riichi",
    "mcr": "mcr",
    "zung-jung": "zung_jung",
    "hkos": "hkos",
}


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _text(node: ast.AST | None) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _text(node.body) + _text(node.orelse)
    return []


def codes_made(path: Path) -> set[str]:
    """The refusal codes a module writes where it makes a refusal."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            at = CODE_AT.get(_name(node.func))
            if at is not None and len(node.args) > at:
                found.update(_text(node.args[at]))
            for keyword in node.keywords:
                if keyword.arg == "refusal":
                    found.update(_text(keyword.value))
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == "refusal" for t in node.targets):
                found.update(_text(node.value))
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple):
            items = node.value.elts  # a breach: (English, its refusal, its params)
            if len(items) == 3 and isinstance(items[2], ast.Dict):
                found.update(_text(items[1]))
    return found


def _shared() -> set[str]:
    paths = [*(ROOT / "core").glob("*.py"), *(ROOT / "sheets").glob("*.py")]
    paths += list((ROOT / "families").glob("*.py"))
    codes = set().union(*(codes_made(p) for p in paths))
    return codes | set(NONE_OF.values())


def test_the_source_is_read_where_refusals_are_made():
    """The reader finds what it should: a sample from each way of making one."""
    assert {"flag_robbed_tile_held", "tile_count", "no_red_fives"} <= _shared()
    zung_jung = set().union(*(codes_made(p) for p in (ROOT / "families/zung_jung").glob("*.py")))
    assert {"penalty_tile_in_group", "flag_dealer_self_draw", "false_win_no_points"} <= zung_jung


@pytest.mark.parametrize(
    "family", [f for f in all_families() if f.name in PACKAGES], ids=lambda f: f.name
)
def test_every_refusal_made_is_declared(family):
    package = ROOT / "families" / PACKAGES[family.name]
    made = set().union(*(codes_made(p) for p in package.glob("*.py"))) | _shared()
    if family.name == "riichi":
        made |= {refusal for _words, refusal, _params in LIBRARY_ERRORS.values()}
    assert made - set(family.refusals()) == set()
