"""Every testable statement of the four seeds has a test (rules/README.md)."""

from __future__ import annotations

import importlib
from pathlib import Path

from tests.scoring.seeds.statements import CITED, all_statements

HERE = Path(__file__).parent


def _import_seed_tests() -> list[str]:
    names = sorted(p.stem for p in HERE.glob("test_seed_*.py"))
    for name in names:
        importlib.import_module(f"tests.scoring.seeds.{name}")
    return names


def test_the_list_has_the_264_statements():
    statements = all_statements()
    assert len(statements) == 264
    assert {s.seed for s in statements} == {"000", "001", "002", "003"}


def test_every_statement_is_tested():
    modules = _import_seed_tests()
    assert len(modules) >= 4, modules
    missing = [s.label for s in all_statements() if s not in CITED]
    assert not missing, f"{len(missing)} seed statements have no test:\n" + "\n".join(missing)


def test_every_citation_is_a_test():
    _import_seed_tests()
    for statement, tests in CITED.items():
        for name in tests:
            assert name.rsplit(".", 1)[-1].startswith("test_"), (statement.label, name)
