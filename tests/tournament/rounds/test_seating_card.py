"""The dashboard's seating card and the round page's quality card after *Plan all rounds*
(issue #34, polish): the round named is the one being played or next to publish, the seat
form never offers a round past the plan, wind balance is said for the whole plan, and every
count agrees with its noun."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tests.tournament.pages import html_of
from tournament.events import services as event_services
from tournament.events.models import Event, StaffRole
from tournament.rounds import services
from tournament.seating.models import Round, Seat, Table
from tournament.seating.planner.quality import measure

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_planner(settings):
    settings.SEATING_TIME_BUDGET = 0.5


@pytest.fixture
def cup(planned_cup):
    event = planned_cup(6)
    if event.status == Event.Status.DRAFT:  # seating needs a started event (issue #34)
        event = event_services.start_event(event)
    return event


def _text(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}"[^>]*>(.*?)</', html, re.S)
    assert match, element_id
    return " ".join(match.group(1).split())


def round_of(html: str) -> str:
    match = re.search(r'class="round-of">(.*?)</dd>', html, re.S)
    assert match
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split())


def test_after_plan_all_rounds_the_dashboard_names_the_round_being_played(client, cup):
    services.plan_remaining_rounds(cup)
    html = html_of(client.get("/manage/cup/"))
    assert "Round 6 of 6" not in round_of(html)
    assert "Next to publish: round 1" in round_of(html)
    services.publish_round(Round.objects.get(event=cup, number=1))
    html = html_of(client.get("/manage/cup/"))
    assert round_of(html).startswith("Round 1 of 6")
    assert "Next to publish: round 2" in round_of(html)


def test_the_seat_form_never_offers_a_round_past_the_plan(client, cup):
    services.plan_remaining_rounds(cup)
    html = html_of(client.get("/manage/cup/"))
    assert "round 7" not in html
    assert not re.search(r'name="number"[^>]*value="7"', html)
    assert 'id="seat-round"' not in html
    assert "All 6 rounds are seated" in html


def test_the_seat_form_offers_the_next_unseated_round(client, cup):
    services.seat_round(cup, 1)
    html = html_of(client.get("/manage/cup/"))
    assert "Next: round 2 of 6" in html
    assert 'id="seat-round"' in html


# Four players, six rounds: player 1 sits East in rounds 1 and 2 (unbalanced through
# round 2) and each wind once or twice over the six (balanced over the whole plan).
SIX_ROUNDS = [(1, 2, 3, 4), (1, 3, 4, 2), (2, 1, 4, 3), (3, 4, 1, 2), (4, 3, 2, 1), (2, 4, 3, 1)]


@pytest.fixture
def four_seated(make_event, client, django_user_model):
    event = make_event(slug="four", name="Four")
    players = [event_services.add_player(event, name=f"Player {n}").pk for n in range(1, 5)]
    Event.objects.filter(pk=event.pk).update(rounds_planned=6)
    event_services.start_event(event)
    for number, table in enumerate(SIX_ROUNDS, start=1):
        round_ = Round.objects.create(
            event=event, number=number, status="seated", method="balanced"
        )
        stored = Table.objects.create(round=round_, number=1)
        for wind, p in zip("ESWN", table, strict=True):
            Seat.objects.create(
                round=round_, table=stored, wind=wind, registration_id=players[p - 1]
            )
    user = django_user_model.objects.create_user("dora")
    StaffRole.objects.create(event=event, user=user, role="director")
    client.force_login(user)
    return event


def test_mid_plan_wind_balance_is_said_for_the_whole_plan(client, four_seated):
    html = html_of(client.get("/manage/four/round/2/"))
    winds = _text(html, "quality-winds")
    assert "1 player unbalanced" not in winds  # through round 2; the whole plan is balanced
    assert "every player balanced over the whole plan" in winds
    assert "0 players with unbalanced winds" in _text(html, "quality-whole-plan")


def test_the_last_round_says_wind_balance_as_it_is(client, four_seated):
    html = html_of(client.get("/manage/four/round/6/"))
    assert _text(html, "quality-winds") == "every player balanced"


def test_the_whole_plan_counts_agree_with_their_nouns():
    one = measure([[(1, 2, 3, 4)], [(1, 2, 5, 6)]], {1: "A", 3: "A"})
    assert (one.repeats, one.club_meetings) == (1, 1)
    with translation.override("en"):
        html = render_to_string(
            "staff/round/quality.html",
            {"quality": one, "quality_names": {}, "whole_plan": {"last": 2, "quality": one}},
        )
    sentence = _text(html, "quality-whole-plan")
    assert "1 repeat," in sentence and "1 club meeting," in sentence
    assert "1 repeats" not in sentence and "1 club meetings" not in sentence


def test_seated_round_by_round_the_round_page_judges_the_kept_plan(client, cup):
    services.seat_round(cup, 1)
    html = html_of(client.get("/manage/cup/round/1/"))
    assert "rounds 1 to 6:" in _text(html, "quality-whole-plan")  # the kept plan's rounds 2 to 6
    assert "over the whole plan" in _text(html, "quality-winds")
