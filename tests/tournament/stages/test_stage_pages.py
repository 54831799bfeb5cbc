"""The director's stage pages through the test client: set the stages, make and undo a cut.

As a person does it: the forms are posted with what the page shows, every
write redirects (POST-redirect-GET), refusals come back as messages, a judge
is turned away, and the Japanese page reads in Japanese.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tests.tournament.stages.stage_builder import build, level, play, spread
from tournament.events.models import Registration
from tournament.seating.models import Round
from tournament.stages.models import Stage, StageEntrant
from tournament.stages.services import cut_preview
from tournament.standings.stage_rows import stages_of

pytestmark = pytest.mark.django_db

QUALIFYING = {"kind": "qualifying", "rounds": 1}


def final(size, **more):
    return {"kind": "final", "rounds": 2, "size": size, **more}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def said(response) -> str:
    """The message the last request left (the test client does not follow the redirect)."""
    return [str(m) for m in get_messages(response.wsgi_request)][-1]


def formset(rows: list[dict]) -> dict:
    data = {
        "stage-TOTAL_FORMS": str(len(rows)),
        "stage-INITIAL_FORMS": "0",
        "stage-MIN_NUM_FORMS": "0",
        "stage-MAX_NUM_FORMS": "8",
    }
    for i, row in enumerate(rows):
        defaults = {"method": "balanced", "pattern": "snake", "carry": "none", "size": ""}
        for key, value in {**defaults, **row}.items():
            data[f"stage-{i}-{key}"] = "" if value is None else str(value)
    return data


@pytest.fixture
def fresh():
    """An event with its players and no stages yet."""
    event, director, judge = build("pages", 20, [])
    return event, logged_in(director), logged_in(judge)


def test_the_director_sets_the_stages_from_the_page(fresh):
    event, director, _judge = fresh
    page = director.get("/manage/pages/stages/")
    assert page.status_code == 200 and 'id="stages-form"' in page.content.decode()
    rows = [
        QUALIFYING,
        {"kind": "semifinal", "rounds": 2, "size": 8, "carry": "half"},
        {"kind": "final", "rounds": 1, "size": 4, "method": "rank", "pattern": "block"},
        {"kind": "", "rounds": ""},  # the spare row, left empty
    ]
    response = director.post("/manage/pages/stages/", formset(rows))
    assert response.status_code == 302 and response["Location"] == "/manage/pages/stages/"
    assert said(response) == "The stages are set."
    event.refresh_from_db()
    assert event.rounds_planned == 4
    html = director.get("/manage/pages/stages/").content.decode()
    assert "rounds 2–3" in html and "Halved" in html and "cut not made" in html
    # Remove the final: its row ticked "Remove".
    rows = [QUALIFYING, {"kind": "semifinal", "rounds": 2, "size": 8}, {**rows[2], "DELETE": "on"}]
    director.post("/manage/pages/stages/", formset(rows))
    assert [s.kind for s in stages_of(event)] == ["qualifying", "semifinal"]


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([QUALIFYING, final(6)], "needs a number of entrants that fills tables of four"),
        ([QUALIFYING, final(24)], "only 20 players"),
        ([QUALIFYING, {"kind": "final", "rounds": ""}], "Rounds: How many rounds"),
        ([QUALIFYING, {"kind": "", "rounds": 2}], "Stage: Choose the kind of stage."),
        ([QUALIFYING, {"kind": "final", "rounds": "two"}], "Rounds: Enter a whole number."),
    ],
)
def test_a_stage_that_cannot_be_is_refused_with_what_to_fix(fresh, rows, words):
    event, director, _judge = fresh
    response = director.post("/manage/pages/stages/", formset(rows))
    assert response.status_code == 400
    html = response.content.decode()
    assert words in html.replace("&#x27;", "'")
    assert 'value="' in html  # what was typed is still there
    assert not Stage.objects.filter(event=event).exists()


def test_a_judge_is_turned_away(fresh):
    _event, _director, judge = fresh
    assert judge.get("/manage/pages/stages/").status_code == 403
    assert judge.post("/manage/pages/stages/", formset([QUALIFYING])).status_code == 403
    assert judge.get("/manage/pages/stages/2/cut/").status_code == 403
    assert judge.post("/manage/pages/stages/2/cut/make/").status_code == 403
    assert not Stage.objects.exists()


@pytest.fixture
def tied():
    """20 players, one qualifying round played alike at each table: 5 tied for 3 places at 8."""
    event, director, judge = build("tied", 20, [QUALIFYING, final(8, method="rank")])
    return event, director, judge, logged_in(director)


def test_the_cut_page_shows_the_tie_and_the_director_resolves_it(tied):
    event, director, judge, client = tied
    early = client.get("/manage/tied/stages/2/cut/").content.decode()
    assert "Publish the results of round 1 before the cut to the Final." in early
    play(event, 1, director, judge, level)
    html = client.get("/manage/tied/stages/2/cut/").content.decode()
    assert "5 players tied for 3 place(s): choose who goes through by the event's rule." in html
    assert html.count('name="chosen"') == 5 and html.count("tied: your choice") == 5
    assert "Table points" in html and "1st places" in html  # the tiebreak columns
    # Made without choosing: refused, nothing saved.
    response = client.post("/manage/tied/stages/2/cut/make/", {"reason": ""})
    assert response.status_code == 302
    tie = (
        "5 players are tied at the cut for 3 place(s): choose who goes through by the event's rule."
    )
    assert said(response) == tie
    cut, _rows = cut_preview(stages_of(event)[1])
    response = client.post("/manage/tied/stages/2/cut/make/", {"chosen": cut.tie[:2]})
    assert said(response) == "Choose exactly 3 of the 5 tied players, not 2."
    assert not StageEntrant.objects.exists()
    response = client.post(
        "/manage/tied/stages/2/cut/make/",
        {"chosen": cut.tie[:3], "tie_method": "lot", "reason": "drawn by lot"},
    )
    assert response["Location"] == "/manage/tied/stages/2/cut/"
    assert said(response) == "The cut to the Final is made: 8 players go through."
    assert (
        client.post(
            "/manage/tied/stages/2/cut/make/", {"chosen": cut.tie[:3], "tie_method": "lot"}
        ).status_code
        == 302
    )
    assert StageEntrant.objects.count() == 8  # a second post made nothing twice
    html = client.get("/manage/tied/stages/2/cut/").content.decode()
    assert html.count("Chosen at a tie") == 3 and html.count(">By rank<") == 5
    assert 'id="undo-cut-form"' in html


def test_seating_a_stage_round_from_the_pages(tied):
    event, director, judge, client = tied
    play(event, 1, director, judge, level)
    html = client.get("/manage/tied/").content.decode()
    assert "Final, round 1 of 2" in html and 'href="/manage/tied/stages/2/cut/"' in html
    assert '<option value="rank" selected>By rank</option>' in html  # the stage's method
    response = client.post("/manage/tied/rounds/seat/", {"number": 2, "method": "rank"})
    assert said(response) == "Make the cut to the Final before seating its rounds."
    cut, _rows = cut_preview(stages_of(event)[1])
    client.post("/manage/tied/stages/2/cut/make/", {"chosen": cut.tie[:3], "tie_method": "lot"})
    response = client.post("/manage/tied/rounds/seat/", {"number": 2, "method": "rank"})
    assert response["Location"] == "/manage/tied/round/2/"
    assert Round.objects.get(event=event, number=2).method == Round.Method.RANK
    html = client.get("/manage/tied/round/2/").content.decode()
    assert "Final, round 1 of 2" in html
    plan = client.post("/manage/tied/rounds/plan/")
    assert said(plan) == "Seating by rank goes one round at a time: seat the next round."
    # The cut cannot be undone while a round of the stage is seated.
    response = client.post("/manage/tied/stages/2/cut/undo/", {"reason": "a result fixed"})
    assert said(response) == "Rounds of the Final are seated: delete them before undoing the cut."


def test_wild_card_preview_then_cut_then_undo(tied):
    event, director, judge, client = tied
    play(event, 1, director, judge, spread)
    _cut, rows = cut_preview(stages_of(event)[1])
    last = rows[-1]["registration"]
    html = client.get(f"/manage/tied/stages/2/cut/?wild_cards={last}").content.decode()
    assert f'<input type="hidden" name="wild_cards" value="{last}">' in html
    assert "1 wild card" in html and "wild card</span>" in html
    cut, _rows = cut_preview(stages_of(event)[1], wild_cards=[last])
    response = client.post(
        "/manage/tied/stages/2/cut/make/",
        {
            "wild_cards": [last],
            "chosen": cut.tie[: cut.tie_places],
            "tie_method": "lot",
            "reason": "host",
        },
    )
    assert said(response).startswith("The cut to the Final is made")
    assert StageEntrant.objects.get(registration_id=last).reason == StageEntrant.Reason.WILD_CARD
    response = client.post("/manage/tied/stages/2/cut/undo/", {"reason": ""})
    assert said(response) == "Reason: This field is required."
    response = client.post("/manage/tied/stages/2/cut/undo/", {"reason": "wrong wild card"})
    assert said(response) == "The cut to the Final is undone."
    assert not StageEntrant.objects.exists()


def test_the_decided_by_note_and_a_withdrawn_player_on_the_cut_page():
    event, director, judge = build("note", 20, [QUALIFYING, final(4)])
    play(event, 1, director, judge, spread)
    _cut, rows = cut_preview(stages_of(event)[1])
    gone = Registration.objects.get(pk=rows[-1]["registration"])
    gone.status = Registration.Status.DROPPED
    gone.save()
    html = logged_in(director).get("/manage/note/stages/2/cut/").content.decode()
    assert "tied on points, decided by Total points." in html
    assert html.count("tied on points, decided by Total points") == 3  # the note, both rows
    assert "1 withdrawn player skipped" in html
    row = re.search(rf"<tr[^>]*>(?:(?!</tr>).)*{gone.name}", html, re.S).group(0)
    assert "is-withdrawn" in row


def test_the_pages_in_japanese(tied):
    event, director, judge, client = tied
    play(event, 1, director, judge, level)
    html = client.get("/manage/tied/stages/2/cut/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "決勝へのカット" in html
    assert "5名が3枠で同順位です。大会の規定に従って進出者を選んでください。" in html
    assert "進出する3名を選んでください" in html and "カットを確定" in html
    html = client.get("/manage/tied/stages/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "予選" in html and "持ち越し" in html and "ステージを保存" in html
    html = client.get("/manage/tied/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "決勝 第1回戦（全2回戦）" in html


def test_after_the_cut_the_page_shows_the_level_line_and_a_later_correction():
    """Winners of tables 2-5 go through on 4 table points each; table 1's winner (41) is
    level on points with them and out on the score. A director then corrects table 1 so
    its winner scored 100: the page says who the cut would now take and leave out."""
    from tournament.results.sheet import services as results
    from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
    from tournament.stages.services import make_cut

    event, director, judge = build("after", 20, [QUALIFYING, final(4)])
    first = play(event, 1, director, judge, spread)
    make_cut(stages_of(event)[1], by=director)
    table = first.tables.get(number=1)
    winner = table.seats.get(wind="E").registration.name
    last_in = first.tables.get(number=2).seats.get(wind="E").registration.name
    client = logged_in(director)
    html = client.get("/manage/after/stages/2/cut/").content.decode()
    assert (
        f"At the cut, {last_in} and {winner} were level on Table points; Total points decided."
        in html
    )
    assert 'id="cut-drift"' not in html
    fixed = {"E": 100, "S": 20, "W": -20, "N": -100}
    sheet = results.save_final_scores(
        table, fixed, by=director, base_version=1, reason="E's score misread"
    )
    submit_sheet(table, by=director, version=sheet.version)
    confirm_sheet(table, by=judge, version=sheet.version)
    html = client.get("/manage/after/stages/2/cut/").content.decode()
    drift = re.search(r'id="cut-drift".*?</div>', html, re.S).group(0)
    assert f"the cut would take: {winner}." in drift and f"leave out: {last_in}." in drift
    assert set(stages_of(event)[1].entrants.values_list("registration__name", flat=True)) >= {
        last_in
    }
