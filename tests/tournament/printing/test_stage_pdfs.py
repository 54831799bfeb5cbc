"""The printed standings of a staged team event (issue #21): per stage, overall, teams.

Built through the services (``staged_team_event``); each PDF's text is read
back and compared with the services' own rows, in order, in English and
Japanese. An event without stages still prints its old document.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.tournament.printing.conftest import page_texts, save_pages
from tests.tournament.standings.staged_team_event import build
from tournament.events.errors import EventError
from tournament.printing import documents, jobs
from tournament.printing.models import Kind, PrintJob
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows, stages_of
from tournament.standings.teams import team_standings

pytestmark = pytest.mark.django_db


def _in_order(text: str, names: list[str]) -> bool:
    """Every name appears in ``text``, each after the one before."""
    at = -1
    for name in names:
        at = text.find(name, at + 1)
        if at < 0:
            return False
    return True


@pytest.fixture
def event():
    return build("pdfstaged")


def test_the_current_stage_prints_by_default_with_carried_points(event):
    final = stages_of(event)[1]
    pdf = documents.standings_pdf(event)
    save_pages(pdf, "stage-final-en", pages=1)
    text = " ".join(page_texts(pdf))
    assert "Standings · Final" in text and "Carried" in text and "Team" in text
    rows = stage_rows(final, "public")
    assert len(rows) == 8
    assert _in_order(text, [r["player"] for r in rows])
    # Players who went out at the cut are not in the final's list.
    out = {r["player"] for r in standings(event).rows} - {r["player"] for r in rows}
    assert out and not any(name in text for name in out)


def test_the_qualifying_stage_marks_who_went_through(event):
    first = stages_of(event)[0]
    text = " ".join(page_texts(documents.standings_pdf(event, stage=1)))
    rows = stage_rows(first, "public")
    assert _in_order(text, [r["player"] for r in rows])
    assert "through to the Final" in text and "Carried" not in text
    assert text.count("✓") == 8 + 1  # the eight entrants and the note


def test_overall_names_the_stage_each_player_reached(event):
    text = " ".join(page_texts(documents.standings_pdf(event, stage="overall")))
    rows = standings(event).rows
    assert _in_order(text, [r["player"] for r in rows])
    assert "Standings · Overall" in text
    assert text.count("Qualifying") >= 8 and text.count("Final") >= 8


def test_japanese_wording(event):
    pdf = documents.standings_pdf(event, language="ja")
    save_pages(pdf, "stage-final-ja", pages=1)
    text = " ".join(page_texts(pdf))
    assert "順位表" in text and "持ち越し" in text and "チーム" in text
    teams = " ".join(page_texts(documents.team_standings_pdf(event, language="ja")))
    assert "チーム順位" in teams and "全メンバー合計" in teams and "各回戦の上位2名" in teams


def test_team_standings_print_both_rankings_in_order(event):
    pdf = documents.team_standings_pdf(event)
    save_pages(pdf, "team-standings-en", pages=2)
    texts = page_texts(pdf)
    tables = team_standings(event)
    assert [t.kind for t in tables] == ["all", "best"]
    assert len(texts) == 2  # one ranking a page
    for text, table in zip(texts, tables, strict=True):
        assert _in_order(text, [r["team"] for r in table.rows])
        for row in table.rows:
            assert all(m["player"] in text for m in row["members"])
    assert "All members" in texts[0] and "Best 2 per round" in texts[1]


def test_an_event_without_stages_prints_as_before(seated_round, play_round):
    round_ = seated_round()
    event = round_.event
    play_round(round_, publish=True)
    text = " ".join(page_texts(documents.standings_pdf(event)))
    assert re.search(r"Standings after round 1", text)
    assert "Carried" not in text and "Stage" not in text and "Team" not in text
    team = " ".join(page_texts(documents.team_standings_pdf(event)))
    assert "This event publishes no team standings." in team


def test_print_jobs_for_a_stage_overall_and_the_teams(event, django_capture_on_commit_callbacks):
    director = get_user_model().objects.get(username="pdfstaged-director")
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(event, Kind.STANDINGS, by=director)
    job.refresh_from_db()
    assert job.params["stage"] == 2 and job.status == PrintJob.Status.DONE
    assert job.download_name() == "pdfstaged-standings-stage-2.pdf"
    overall = jobs.request_job(event, Kind.STANDINGS, by=director, params={"stage": "overall"})
    assert str(overall) == "Standings, overall"
    with pytest.raises(EventError, match="no stage 5"):
        jobs.request_job(event, Kind.STANDINGS, by=director, params={"stage": "5"})
    client = Client()
    client.force_login(director)
    page = client.get(reverse("manage:event", args=[event.slug])).content.decode()
    assert 'id="print-stage-form"' in page and 'id="print-team-standings"' in page
    start = reverse("printing:start", args=[event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(start, {"kind": "team_standings", "scope": "public"})
    team_job = PrintJob.objects.filter(kind=Kind.TEAM_STANDINGS).get()
    assert answer.url == reverse("printing:job", args=[event.slug, team_job.uuid])
    assert team_job.status == PrintJob.Status.DONE
    pdf = client.get(reverse("printing:download", args=[event.slug, team_job.uuid]))
    assert pdf.status_code == 200 and b"".join(pdf.streaming_content).startswith(b"%PDF")
    client.post(start, {"kind": "standings", "scope": "public", "stage": "1"})
    assert PrintJob.objects.filter(kind=Kind.STANDINGS, params__stage=1).exists()
