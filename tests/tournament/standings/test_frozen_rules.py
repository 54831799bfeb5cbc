"""A started event keeps the rules it froze: a preset changed in code later rescores nothing.

The WRC preset (rules/riichi.md §4-§6: start 30,000, return 30,000, uma
15/5/-5/-15) is changed in code after the event started, to start 25,000 and
uma 30/10/-10/-30. The started event's sheet replay, its standings (recomputed
from scratch, including a table confirmed after the change), its printed
filled sheet and its frozen backup stay the same; a draft event shows the
change, so the change did bite.
"""

from __future__ import annotations

import io
from dataclasses import replace
from fractions import Fraction

import pytest
from pypdf import PdfReader

from scoring.families.riichi.session import RIICHI_SESSION_PRESETS
from tournament.events import rules as event_rules
from tournament.events.rules import rules_of
from tournament.printing.documents import filled_sheets
from tournament.results.sheet.state import head_of, replay, state_of
from tournament.standings.models import StandingSnapshot
from tournament.standings.services import standings

# Final points of table 1 and table 2 (each sums to 4 x 30,000).
TABLE_1 = [45_000, 32_000, 25_000, 18_000]
TABLE_2 = [30_000, 30_000, 30_000, 30_000]


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def change_the_wrc_preset(monkeypatch):
    changed = replace(
        RIICHI_SESSION_PRESETS["wrc"], start=25_000, return_points=25_000, uma=(30, 10, -10, -30)
    )
    monkeypatch.setitem(RIICHI_SESSION_PRESETS, "wrc", changed)


def session_of(event, table):
    return replay(event, state_of(head_of(table))).to_dict()["session"]


@pytest.mark.django_db
def test_a_preset_changed_after_the_start_changes_nothing_of_a_started_event(
    tournament, make_event, monkeypatch
):
    t = tournament("wrc", tables=2, rounds=1)
    t.play(1, 1, TABLE_1)
    event, table = t.event, t.tables[(1, 1)]
    event.refresh_from_db()
    before_session = session_of(event, table)
    before_rows = standings(event, "staff").rows
    before_sheet = pages(filled_sheets(table.round))[0]  # table 1's page
    frozen = dict(event.ruleset_config)
    # WRC uma 15/5/-5/-15 on a 30,000 return (riichi.md §5-§6): 45,000 -> +15 +15 = 30.
    assert before_session["E"]["score"] == "30"

    change_the_wrc_preset(monkeypatch)
    event_rules._thaw.cache_clear()  # nothing kept from before the change

    event.refresh_from_db()
    assert event.ruleset_config == frozen
    assert session_of(event, table) == before_session
    t.play(1, 2, TABLE_2)  # confirmed after the change: still the frozen rules
    StandingSnapshot.objects.all().delete()
    rows = standings(event, "staff").rows
    by_player = {row["player"]: row for row in rows}
    for row in before_rows:
        if row["sessions"]:
            assert by_player[row["player"]]["points"] == row["points"]
    # Table 2: four players on 30,000 split the uma equally (riichi.md §6): 0 each.
    table_2 = {s.name for s in t.seats(1, 2).values()}
    assert all(Fraction(by_player[name]["points"]) == 0 for name in table_2)
    assert pages(filled_sheets(table.round))[0] == before_sheet
    assert rules_of(event).session.uma == (15, 5, -5, -15)

    draft = make_event(ruleset="wrc", slug="later-cup")
    assert rules_of(draft).session.uma == (30, 10, -10, -30)  # the change did bite
