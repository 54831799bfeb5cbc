"""A family the printing code has never heard of prints its sheets from what it declares.

The toy family is registered here only: one ruleset ("toy"), a minimal replay
(the winner of a hand gets three times its points, the others pay them) and
a layout of a few columns, one of them a code with no words of its own. Its
blank and filled scoresheets come out of the same code as the real families',
with the generic header (it has no template folder of its own).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import pytest

from scoring.families import register_family, unregister_family
from scoring.families.base import BaseFamily
from scoring.families.protocol import Column, EntryData, PrintLayout, ValueField
from scoring.sheets.common import SEATS, RowResult, running
from scoring.sheets.ranking import point_total_result
from scoring.sheets.values import winner_value
from tests.tournament.printing.conftest import page_texts, save_pages
from tournament.printing import documents
from tournament.printing.sheets import event_layout

TOY_LAYOUT = PrintLayout(
    lead=(Column("label", 14), Column("winner", 14), Column("value", 24), Column("toy_mark", 12)),
    per_player=(Column("delta", 16, numeric=True), Column("total", 16, numeric=True)),
    footer=("total", "score", "rank"),
    notes=("seats_and_self",),
    rows=10,
)


@dataclass(frozen=True)
class ToyRules:
    ruleset: str = "toy"

    def freeze(self) -> dict:
        return asdict(self)


class ToyFamily(BaseFamily):
    name = "toy"
    rulesets = ("toy",)
    names_table = "mcr_fans"
    rules_type = ToyRules

    def options(self, ruleset):
        return frozenset()

    def resolve(self, ruleset, overrides):
        return ToyRules()

    def replay(self, rules, entries, penalties, *, final_scores, leftover_sticks, lang):
        totals, rows = dict.fromkeys(SEATS, 0), []
        for i, entry in enumerate(entries):
            winner, points = entry.get("winner"), int(entry.get("points") or 0)
            deltas = {s: (3 * points if s == winner else -points) if winner else 0 for s in SEATS}
            totals = running(totals, deltas)
            rows.append(
                RowResult(
                    index=i,
                    label=f"T{i + 1}",
                    dealer="E",
                    honba=0,
                    outcome=entry["outcome"],
                    level="value",
                    winners=(winner,) if winner else (),
                    discarder=None,
                    value=(winner_value(winner, ("points", points)),) if winner else (),
                    score=None,
                    deltas=deltas,
                    totals=totals,
                )
            )
        n = len(rows)
        return point_total_result(
            "toy", totals, rows, (), None, complete=False, warnings=(),
            upcoming=lambda: (f"T{n + 1}", "E"),
        )  # fmt: skip

    def precedence(self, rules):
        return ("points_total",)

    def entry(self, rules):
        return EntryData(
            outcomes=("self_draw", "draw"),
            wins=frozenset({"self_draw"}),
            from_discard=frozenset(),
            flags=(),
            value_fields=(ValueField("points", minimum=1),),
            total_field="points",
        )

    def default_penalty_scope(self, rules):
        return "table_score"

    def layout(self, rules):
        return TOY_LAYOUT


@pytest.fixture
def toy():
    family = register_family(ToyFamily())
    yield family
    unregister_family(family.name)


def test_a_toy_family_prints_a_blank_scoresheet(toy, seated_round):
    round_ = seated_round("toy", tables=2)
    layout = event_layout(round_.event)
    assert [c.code for c in layout.lead] == ["label", "winner", "value", "toy_mark"]
    assert [str(c.label) for c in layout.lead] == ["Hand", "Winner", "Value", "toy_mark"]
    assert layout.rows == 10 and layout.family == "toy"

    pdf = documents.blank_scoresheets(round_)
    save_pages(pdf, "blank-toy", pages=1)
    texts = page_texts(pdf)
    assert len(texts) == 2  # one page per table
    first = texts[0]
    assert "Round 1 · Table 1" in first.replace("\n", " ")
    for heading in ("Hand", "Winner", "Value", "toy_mark", "Total", "Session score", "Rank"):
        assert heading in first
    assert "Seat in round" not in first  # the generic header: no seats by round
    assert "Winner and discarder: write the starting wind" in first  # a note by code


def test_a_toy_family_prints_a_filled_scoresheet(toy, seated_round, play_round):
    round_ = seated_round("toy", tables=1)
    play_round(round_, [{"outcome": "self_draw", "winner": "S", "points": 5}, {"outcome": "draw"}])
    pdf = documents.filled_sheets(round_)
    save_pages(pdf, "filled-toy", pages=1)
    text = page_texts(pdf)[0]
    assert "5 points" in text  # the value, from its parts
    assert "+15" in text and "\u22125" in text  # S +15, the others −5
    assert "T1" in text and "T2" in text
