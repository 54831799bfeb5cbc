"""Finding players however their name is typed: accents, case, Latin for kanji."""

import pytest
from django.utils import timezone

from tournament.events import services
from tournament.events.models import Player, Registration
from tournament.events.name_search import filter_registrations, fold, matches
from tournament.rounds import services as seating


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("Agnès", "agnes"),
        ("KOVÁCS", "kovacs"),
        ("Łukasz", "lukasz"),
        ("Søren Đorđević", "soren dordevic"),
        ("Straße", "strasse"),
        ("Ærø", "aero"),
        ("Ｙａｍａｄａ", "yamada"),
        ("  山田　太郎 ", "山田 太郎"),
    ],
)
def test_fold(typed, folded):
    assert fold(typed) == folded


@pytest.mark.parametrize(
    "query", ["agnes", "AGNÈS", "kovacs", "lukasz", "yamada", "taro yamada", "山田", "yamada 太郎"]
)
def test_matches(query):
    people = [
        Registration(name="Agnès Durand", player=Player()),
        Registration(name="Kovács Péter", player=Player()),
        Registration(name="Łukasz Nowak", player=Player()),
        Registration(
            name="山田 太郎", player=Player(latin_first_name="Taro", latin_last_name="Yamada")
        ),
    ]
    assert sum(matches(query, person) for person in people) == 1


def test_no_match_and_empty_query():
    person = Registration(name="Agnès Durand", player=Player())
    assert not matches("agnez", person)
    assert matches("  ", person)


@pytest.fixture
def public_event(make_event):
    event = make_event(slug="open", is_public=True)
    names = ["Agnès Durand", "Kovács Péter", "Łukasz Nowak", "山田 太郎"]
    registrations = [services.add_player(event, name=name) for name in names]
    Player.objects.filter(registrations__name="山田 太郎").update(latin_last_name="Yamada")
    return event, registrations


def test_filter_registrations(public_event):
    event, registrations = public_event
    found = filter_registrations(event.registrations.select_related("player"), "yamada")
    assert [r.name for r in found] == ["山田 太郎"]


@pytest.mark.parametrize(("query", "name"), [("agnes", "Agnès"), ("lukasz", "Łukasz")])
def test_event_page_search(client, public_event, query, name):
    html = client.get("/e/open/", {"q": query}).content.decode()
    assert f'<span class="player-name">{name}' in html
    assert '<span class="player-name">Kovács' not in html
    assert "No player matches that name" in html.split('id="players-no-match"')[1][:120]
    assert 'id="players-no-match" class="empty" hidden' in html


def test_event_page_says_when_nobody_matches(client, public_event):
    html = client.get("/e/open/", {"q": "zzz"}).content.decode()
    assert 'id="players-no-match" class="empty">' in html
    assert '<span class="player-name">' not in html


def test_where_do_i_sit_search(client, public_event):
    event, _registrations = public_event
    event = services.start_event(event)  # seating needs a started event (issue #34)
    seating.seat_round(event, 1, time_budget=0.2)
    round_ = event.rounds.get(number=1)
    round_.status = round_.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save()
    html = client.get("/e/open/round/1/", {"q": "yamada"}).content.decode()
    where = html.split('<ul class="where">')[1].split("</ul>")[0]
    assert "山田 太郎" in where and "Agnès" not in where
    assert 'id="where-no-match" class="empty" hidden' in html
    html = client.get("/e/open/round/1/", {"q": "kovacz"}).content.decode()
    assert 'id="where-no-match" class="empty">' in html


def test_rows_carry_their_search_keys(client, public_event):
    html = client.get("/e/open/").content.decode()
    assert 'data-search="山田 太郎 | yamada"' in html
    assert 'data-search="lukasz nowak"' in html
