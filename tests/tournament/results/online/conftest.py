"""A Tenhou event's tables and the shared corpus's game logs, for the online table tests."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.scoring.conftest import CORPUS_DIR
from tournament.results.models import ScoreSheet

LOGS = CORPUS_DIR / "logs"


def log_bytes(name: str) -> bytes:
    return (LOGS / name).read_bytes()


def log_url(table) -> str:
    return reverse(
        "results:game_log", args=[table.round.event.slug, table.round.number, table.number]
    )


def players_by_name(table) -> dict[str, int]:
    return {
        s.registration.name: s.registration_id for s in table.seats.select_related("registration")
    }


def carried(page) -> dict:
    """The preview's hidden fields, as the browser would post them back."""
    html = page.content.decode()
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html))
    fields.pop("csrfmiddlewaretoken", None)
    return fields


@pytest.fixture
def tenhou_tables(make_table, staff):
    tables = make_table("tenhou", tables=2, slug="online", entry_level="tiles")
    return tables, staff(tables[0].round.event)


def sheets_of(table):
    return ScoreSheet.objects.filter(table=table)
