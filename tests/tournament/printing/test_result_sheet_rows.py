"""The filled result sheet prints penalties with their judge and rule, and draws as draws (#34).

The issue's case: on the filled result sheet a penalty's Judge column was
empty and its rule was not printed; draws and "not played (time)" hands
printed as blank rows. The checks read the HTML the PDF is made from
(``render.render_html``, caught on its way to WeasyPrint), and one PDF is
kept as PNG in test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from tests.tournament.printing.conftest import _judges, page_texts, save_pages
from tournament.printing import documents, render
from tournament.results.sheet import services
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet

RULE = "WRC 2015 §9.2"


def v(outcome, **fields):
    return {"outcome": outcome, "level": "value", **fields}


@pytest.fixture
def html_of(monkeypatch):
    """``html_of(make_pdf)`` -> (pdf bytes, the HTML WeasyPrint was given)."""
    seen = []
    real = render.render_html

    def caught(*args, **kwargs):
        seen.append(real(*args, **kwargs))
        return seen[-1]

    monkeypatch.setattr(render, "render_html", caught)

    def run(make):
        pdf = make()
        return pdf, " ".join(seen[-1].split())

    return run


@pytest.fixture
def mcr_round(seated_round):
    """An MCR table: a win, a draw, a hand not played (time), and a judge's conduct penalty."""
    round_ = seated_round("mcr", tables=1)
    table = round_.tables.get()
    judge, director = _judges(round_.event)
    get_user_model().objects.filter(pk=judge.pk).update(first_name="Jun", last_name="Kato")
    judge.refresh_from_db()
    sheet = None
    for hand in (v("discard", winner="E", discarder="S", fan=8), v("draw"), v("not_played")):
        sheet = services.add_hand(table, hand, by=judge, base_version=sheet.version if sheet else 0)
    sheet = services.record_ruling(
        table,
        by=judge,
        base_version=sheet.version,
        kind="conduct",
        player="W",
        decision="Talked during play",
        rule_reference=RULE,
        after_hand=2,
        penalties=[{"player": "W", "points": -10, "scope": "table_score"}],
    )
    sheet = submit_sheet(table, by=judge, version=sheet.version)
    confirm_sheet(table, by=director, version=sheet.version)
    return round_


def hand_rows(html: str) -> list[str]:
    body = re.search(r'<tbody class="hands">(.*?)</tbody>', html).group(1)
    return re.findall(r"<tr>(.*?)</tr>", body)


def penalty_rows(html: str) -> list[str]:
    body = re.search(r'<table class="penalties">.*?<tbody>(.*?)</tbody>', html).group(1)
    return re.findall(r"<tr>(.*?)</tr>", body)


def test_penalty_rows_name_the_judge_and_the_rule(mcr_round, html_of):
    _pdf, html = html_of(lambda: documents.filled_sheets(mcr_round, language="en"))
    (row,) = penalty_rows(html)
    assert "Jun Kato" in row and RULE in row and "Talked during play" in row
    assert "Conduct" in row  # the ruling's kind, in the glossary's words
    assert "<td></td></tr>" not in f"<tr>{row}</tr>"  # the Judge column is filled


def test_draws_and_hands_not_played_print_as_such(mcr_round, html_of):
    pdf, html = html_of(lambda: documents.filled_sheets(mcr_round, language="en"))
    win, draw, not_played = hand_rows(html)
    assert "Draw" in draw and "Not played (time)" in not_played
    save_pages(pdf, "filled-mcr-draw-penalty", pages=1)
    text = " ".join(page_texts(pdf)[0].split())
    assert "Draw" in text and "Not played" in text and "Jun Kato" in text and "§9.2" in text


def test_in_japanese_too(mcr_round, html_of):
    _pdf, html = html_of(lambda: documents.filled_sheets(mcr_round, language="ja"))
    _win, draw, not_played = hand_rows(html)
    assert "流局" in draw and "未実施" in not_played
    (row,) = penalty_rows(html)
    assert "Jun Kato" in row and RULE in row
