"""The seeds' testable statements, and the tie between a test and one of them.

``../shared/rules/seed-statements.tsv`` lists the 264 sentences of the four seeds
(the user's rule documents) that a hand or a session can test. Every one of them
must have a test that names its seed and line, run with the default options: the
seeds are the default rules. A test cites its statement with ``states`` (a
decorator) or ``case`` (a ``pytest.param`` row); both refuse, at import, a
statement that is not word for word in the list, so a cited line cannot drift
from the list, and ``test_every_statement_is_tested`` checks that none is missing.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

SEEDS_DIR = Path(__file__).resolve().parents[4] / "shared" / "seeds"
STATEMENTS_FILE = Path(__file__).resolve().parents[4] / "shared" / "rules" / "seed-statements.tsv"


class Statement(NamedTuple):
    seed: str  # "000" … "003", the prefix of the seed's file name
    line: str  # as the list gives it: "24", or a range such as "21-148"
    text: str

    @property
    def label(self) -> str:
        return f"seed {self.seed} L{self.line}: {self.text}"


@cache
def all_statements() -> tuple[Statement, ...]:
    with STATEMENTS_FILE.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return tuple(Statement(r["seed"], r["line"], r["statement"]) for r in rows)


def seed_file(seed: str) -> Path:
    """The seed's document, for tests that quote it."""
    (path,) = SEEDS_DIR.glob(f"{seed}_*.txt")
    return path


CITED: dict[Statement, list[str]] = {}


def statement(seed: str, line: str | int, text: str, *, by: str) -> Statement:
    """The listed statement, recorded as tested by ``by``; unknown ones refused."""
    found = Statement(seed, str(line), text)
    if found not in all_statements():
        raise LookupError(f"not in seed-statements.tsv: {found.label!r}")
    CITED.setdefault(found, []).append(by)
    return found


def states(seed: str, line: str | int, text: str):
    """Decorate a test that shows one statement (may be stacked)."""

    def mark(test):
        found = statement(seed, line, text, by=f"{test.__module__}.{test.__name__}")
        return pytest.mark.seed_statement(found.seed, found.line, found.text)(test)

    return mark


def case(seed: str, line: str | int, text: str, *values, by: str):
    """A ``pytest.param`` row for a table of statements; its id names seed and line."""
    found = statement(seed, line, text, by=by)
    return pytest.param(
        *values,
        id=f"{found.seed}-L{found.line}-{found.text}",
        marks=pytest.mark.seed_statement(found.seed, found.line, found.text),
    )
