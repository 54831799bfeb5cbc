"""The families register themselves; the registries never import a family back (issue #33).

Why: ``rulesets.py`` used to import each family's ``hand`` module to fill
itself, while each ``hand`` module imported ``rulesets`` to register: a circle
of files. Now each family lists its hand rulesets (``hand_rulesets``), the
families' registry registers them with the family, and only
``scoring/families/installed.py`` names the built-in families.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scoring.core.errors import HandError
from scoring.families import all_families, register_family, unregister_family
from scoring.families.rulesets import Ruleset, get_ruleset, registered_names
from tests.toy_family import ToyFamily

FAMILIES = Path(__file__).resolve().parents[3] / "scoring" / "families"
REGISTRIES = ("registry.py", "rulesets.py", "protocol.py", "base.py", "__init__.py")
FAMILY_PACKAGES = {path.parent.name for path in FAMILIES.glob("*/family.py")}


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("module", REGISTRIES)
def test_no_registry_module_imports_a_family(module):
    names = imported(FAMILIES / module)
    families = {n for n in names for f in FAMILY_PACKAGES if n.startswith(f"scoring.families.{f}")}
    assert families == set()
    assert "importlib" not in names  # nor by its name


def test_the_built_in_families_are_named_in_one_module():
    naming = {
        path.name
        for path in FAMILIES.glob("*.py")
        if any(n.startswith("scoring.families.mcr") for n in imported(path))
    }
    assert naming == {"installed.py"}


def test_every_hand_ruleset_is_one_a_family_lists():
    listed = {ruleset.name: ruleset for f in all_families() for ruleset in f.hand_rulesets}
    assert sorted(listed) == registered_names()
    assert all(get_ruleset(name) is ruleset for name, ruleset in listed.items())
    assert "riichi-lib-default" in listed  # the corpus's library defaults: riichi's own list


def _score(hand, config, lang="en"):
    raise HandError("no_yaku", "a toy scores nothing")


TOY_HANDS = Ruleset("toy-hands", preset={}, resolve=lambda preset, overrides: preset, scorer=_score)


class ToyWithHands(ToyFamily):
    name = "toy-with-hands"
    rulesets = ("toy-with-hands",)
    hand_rulesets = (TOY_HANDS,)


def test_a_family_brings_its_hand_rulesets_and_takes_them_away():
    with pytest.raises(HandError, match="is not a ruleset"):
        get_ruleset("toy-hands")
    register_family(ToyWithHands())
    try:
        assert get_ruleset("toy-hands") is TOY_HANDS
        assert "toy-hands" in registered_names()
    finally:
        unregister_family("toy-with-hands")
    with pytest.raises(HandError, match="is not a ruleset"):
        get_ruleset("toy-hands")
