"""Cuts that explain themselves (issue #34, acceptance 4).

An engineered full tie at the line of a cut to 8 (``line_tie``: two seconds
equal on everything MCR ranks by, for one place), decided by lot and, in a
second case, by the director's choice with a reason; and a line decided by the
declared tiebreak. The director makes each cut on the cut page, as a person
does; the public stage page must then name the right pair (the last player
through and the first out) and say how the line was decided, with the reason.
"""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps as django_apps
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import translation

from tests.tournament.stages.line_tie import full_tie, played, second_of, tiebreak, tied_pair
from tournament.events.models import Registration
from tournament.glossary.cuts import CUT_NOTES, LINE, REASON
from tournament.printing.stage_lists import stage_standings_context
from tournament.stages.models import Stage, StageEntrant
from tournament.stages.services import make_cut as cut_service
from tournament.standings.stage_rows import stages_of

pytestmark = pytest.mark.django_db


def director_client(director) -> Client:
    client = Client()
    client.force_login(director)
    return client


def said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def public_stage(slug: str, language: str = "en") -> str:
    html = Client().get(f"/e/{slug}/standings/?stage=1", HTTP_ACCEPT_LANGUAGE=language)
    assert html.status_code == 200
    return html.content.decode()


def body_rows(html: str) -> list[str]:
    return re.findall(r"<tr data-search=.*?</tr>", html, flags=re.S)


def row_of(html: str, name: str) -> tuple[int, str]:
    for position, row in enumerate(body_rows(html)):
        if f">{name}</a>" in row:
            return position, row
    raise AssertionError(f"{name} is not in the table")


def name(pk) -> str:
    return Registration.objects.get(pk=pk).name


def make_cut(client, slug, **data):
    return client.post(f"/manage/{slug}/stages/2/cut/make/", data)


def test_a_full_tie_decided_by_lot_names_the_right_pair():
    """The director draws lots and the player listed second of the two goes through."""
    event, director, _judge, round_ = played("bylot", full_tie)
    first, second = tied_pair(event)
    assert {first, second} == {second_of(round_, 3).pk, second_of(round_, 4).pk}
    client = director_client(director)
    response = make_cut(client, "bylot", chosen=[second], tie_method="lot")
    assert said(response)[-1] == "The cut to the Final is made: 8 players go through."
    stage = Stage.objects.get(event=event, number=2)
    assert stage.cut_method == Stage.CutMethod.LOT
    assert (stage.cut_last_in_id, stage.cut_first_out_id) == (second, first)
    html = public_stage("bylot")
    last_in, first_out = name(second), name(first)
    assert (
        f"Line of the cut: {last_in} is the last player through, {first_out} the first out." in html
    )
    assert (
        f"At the cut, {last_in} and {first_out} were tied on everything the rules rank by; "
        "it was decided by lot." in html
    )
    assert "were level on" not in html  # no tiebreak named: none decided
    # The table agrees: the one through is listed first of the two, with the line under them.
    at_in, row_in = row_of(html, last_in)
    at_out, row_out = row_of(html, first_out)
    assert at_in + 1 == at_out and "is-cut-line" in row_in and "is-through" not in row_out
    assert "8<abbr" in row_in and "8<abbr" in row_out  # still a shared 8th place: a real tie
    # The printed stage standings say the same, in the same order.
    printed = stage_standings_context(event, "public", 1)
    players = [row["player"] for row in printed["rows"]]
    assert players.index(last_in) + 1 == players.index(first_out)
    assert "decided by lot" in printed["cut"]["note"]["how"]


def test_a_full_tie_decided_by_the_directors_choice_shows_the_reason():
    event, director, _judge, _round = played("bychoice", full_tie)
    first, second = tied_pair(event)
    client = director_client(director)
    # A choice without a reason is refused, the field named; nothing is saved.
    response = make_cut(client, "bychoice", chosen=[first], tie_method="choice", tie_reason="")
    assert "Why these players: Say why you chose them; it is shown with the cut." in said(response)
    # What was ticked and chosen is kept for the next try: nothing entered is lost.
    again = client.get(response["Location"]).content.decode()
    assert re.search(rf'value="{first}"[^>]*checked', again)
    assert re.search(r'value="choice"[^>]*checked', again)
    # Choosing without saying how the tie was decided is refused too.
    response = make_cut(client, "bychoice", chosen=[first])
    assert "How the tie was decided: Say whether lots were drawn or you chose." in said(response)
    assert not StageEntrant.objects.exists()
    response = make_cut(
        client, "bychoice", chosen=[first], tie_method="choice", tie_reason="host club rule 4.2"
    )
    assert said(response)[-1] == "The cut to the Final is made: 8 players go through."
    stage = Stage.objects.get(event=event, number=2)
    assert (stage.cut_method, stage.cut_reason) == (Stage.CutMethod.CHOICE, "host club rule 4.2")
    assert stage.history.first().cut_reason == "host club rule 4.2"  # versioned
    last_in, first_out = name(first), name(second)
    html = public_stage("bychoice")
    assert (
        f"Line of the cut: {last_in} is the last player through, {first_out} the first out." in html
    )
    assert (
        f"At the cut, {last_in} and {first_out} were tied on everything the rules rank by; "
        "the director chose who goes through." in html
    )
    assert "Reason given by the director: “host club rule 4.2”" in html
    ja = public_stage("bychoice", "ja")
    assert f"カットライン：最後の進出者は{last_in}、最初の敗退者は{first_out}です。" in ja
    assert "大会運営者が進出者を選びました。" in ja and "運営者の理由：「host club rule 4.2」" in ja
    zh = public_stage("bychoice", "zh-hans")
    assert f"晋级线：最后晋级的是{last_in}，第一个未晋级的是{first_out}。" in zh
    assert "由赛事总监选定晋级者。" in zh
    # The director's own page says the same after the cut.
    made = client.get("/manage/bychoice/stages/2/cut/").content.decode()
    assert "the director chose who goes through." in made and "host club rule 4.2" in made


def test_a_line_decided_by_the_declared_tiebreak():
    event, director, _judge, round_ = played("bytiebreak", tiebreak)
    client = director_client(director)
    html = client.get("/manage/bytiebreak/stages/2/cut/").content.decode()
    assert 'name="tie_method"' not in html  # no tie to settle: nothing to choose
    response = make_cut(client, "bytiebreak")
    assert said(response)[-1] == "The cut to the Final is made: 8 players go through."
    stage = Stage.objects.get(event=event, number=2)
    assert (stage.cut_method, stage.cut_tiebreak) == (Stage.CutMethod.TIEBREAK, "points_total")
    last_in, first_out = second_of(round_, 3).name, second_of(round_, 4).name
    html = public_stage("bytiebreak")
    assert (
        f"Line of the cut: {last_in} is the last player through, {first_out} the first out." in html
    )
    assert (
        f"At the cut, {last_in} and {first_out} were level on Table points; Total points decided."
        in html
    )
    assert "tied on everything" not in html


def test_the_cut_page_asks_how_a_tie_was_decided(client):
    event, director, _judge, _round = played("asks", full_tie)
    html = director_client(director).get("/manage/asks/stages/2/cut/").content.decode()
    assert html.count('name="tie_method"') == 2 and 'name="tie_reason"' in html
    assert "By lot" in html and "My choice" in html
    ja = director_client(director).get("/manage/asks/stages/2/cut/", HTTP_ACCEPT_LANGUAGE="ja")
    assert "抽選" in ja.content.decode()


def test_cuts_made_before_the_method_was_kept_carry_over():
    """stages/0002: a cut that named players at a tie becomes the director's choice, with
    the words typed when it was made; another keeps a blank method and the page reads the
    line from the standings (the declared tiebreak named, as before)."""
    migration = importlib.import_module("tournament.stages.migrations.0002_cut_line_explained")
    event, director, _judge, _round = played("legacy", full_tie)
    first, second = tied_pair(event)
    cut_service(
        stages_of(event)[1], chosen=[second], tie_method="lot", by=director, words="drawn by lot"
    )
    other, director2, _judge2, round2 = played("legacy2", tiebreak)
    cut_service(stages_of(other)[1], by=director2)
    blank = {"cut_method": "", "cut_tiebreak": "", "cut_reason": ""}
    blank |= {"cut_last_in": None, "cut_first_out": None}
    Stage.objects.filter(number=2).update(**blank)  # as the rows were before 0002
    migration.carry_over(django_apps, None)
    made = Stage.objects.get(event=event, number=2)
    assert (made.cut_method, made.cut_reason) == (Stage.CutMethod.CHOICE, "drawn by lot")
    html = public_stage("legacy")
    last_in, first_out = name(second), name(first)
    assert f"Line of the cut: {last_in} is the last player through, {first_out}" in html
    assert "the director chose who goes through." in html and "“drawn by lot”" in html
    assert Stage.objects.get(event=other, number=2).cut_method == ""
    html = public_stage("legacy2")
    above, below = second_of(round2, 3).name, second_of(round2, 4).name
    assert f"At the cut, {above} and {below} were level on Table points; Total points decided." in (
        html
    )


def test_every_way_of_deciding_a_line_has_its_words_in_every_language():
    assert set(CUT_NOTES) == set(Stage.CutMethod.values) - {Stage.CutMethod.RANK}
    for sentence in [LINE, REASON, *CUT_NOTES.values(), *Stage.CutMethod.labels]:
        with translation.override("en"):
            english = str(sentence)
        for language in ("ja", "zh-hans"):
            with translation.override(language):
                assert str(sentence) != english, (language, english)
