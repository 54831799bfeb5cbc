"""A round's history on the director's pages (issue #34): one list, newest first.

The round's publications, a swap, a fill with a substitute, a withdrawal with
the director's typed reason, the clock's changes, a sheet's submission,
confirmation and correction, and a judge's ruling: each with who, when and why,
in English and in Japanese. The page's queries do not grow with the round.
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from tests.tournament.pages import html_of
from tournament.events import services as event_services
from tournament.events.models import StaffRole
from tournament.formatting import moment
from tournament.glossary.history import HISTORY_REASONS
from tournament.hall.clock import services as clock
from tournament.results.models import ScoreSheet
from tournament.results.sheet import services as results
from tournament.rounds import round_admin
from tournament.rounds import services as round_services
from tournament.rounds.history import round_history
from tournament.rounds.history_sources import history_sources
from tournament.rounds.replacements import replace_player
from tournament.rounds.swaps import swap_seats
from tournament.seating.models import Round, Seat

SCORES = dict(zip("ESWN", (40000, 30000, 27000, 23000), strict=True))
FIXED = dict(zip("ESWN", (41000, 29000, 27000, 23000), strict=True))


@pytest.fixture
def cup(make_event, django_user_model):
    """The event "cup": 8 players, its director Dora and its judge Jun, started."""
    event = make_event(slug="cup", name="Cup", ruleset="jpml-b", entry_level="value")
    for n in range(8):
        event_services.add_player(event, name=f"Player {n}")
    director = django_user_model.objects.create_user(
        "dora", password="pw", first_name="Dora", last_name="Director"
    )
    judge = django_user_model.objects.create_user(
        "jun", password="pw", first_name="Jun", last_name="Judge"
    )
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    event_services.start_event(event)
    return event, director, judge


def _seat(round_, table: int, wind: str) -> Seat:
    return Seat.objects.select_related("registration").get(
        round=round_, table__number=table, wind=wind
    )


def _play(table, *, entered_by, confirmed_by, scores=SCORES):
    head = table.sheets.order_by("-version").first()
    sheet = results.save_final_scores(
        table, scores, by=entered_by, base_version=head.version if head else 0
    )
    results.submit_sheet(table, by=entered_by, version=sheet.version)
    results.confirm_sheet(table, by=confirmed_by, version=sheet.version)
    return sheet


@pytest.fixture
def played(cup):
    """Round 1 of "cup" seated, published, swapped, filled, clocked, played and corrected."""
    event, director, judge = cup
    round_ = round_services.seat_round(event, 1, "balanced", by=director, time_budget=0.2)
    round_services.publish_round(round_, by=director)
    clock.start_clock(round_, by=director, minutes=90)
    clock.extend_clock(round_, minutes=5, by=director, reason="late start at table 2")
    swap_seats(_seat(round_, 1, "E"), _seat(round_, 2, "E"), by=director, reason="wrong table")
    leaving = _seat(round_, 2, "N")
    event_services.drop_player(leaving.registration, by=director, reason="fell ill")
    substitute = event_services.add_substitute(event, name="Sub Stitute", by=director)
    replace_player(leaving, substitute, by=director, reason="fills the empty seat")
    table_1, table_2 = round_.tables.order_by("number")
    first = _play(table_1, entered_by=judge, confirmed_by=director)
    results.save_final_scores(
        table_1, FIXED, by=director, base_version=first.version, reason="East's score misread"
    )
    correction = table_1.sheets.order_by("-version").first()
    results.submit_sheet(table_1, by=director, version=correction.version)
    results.confirm_sheet(table_1, by=judge, version=correction.version)
    results.record_ruling(
        table_2,
        by=judge,
        base_version=0,
        kind="conduct",
        player="N",
        decision="Talked about the hand during play",
        rule_reference="WRC 9.1",
    )
    return Round.objects.get(pk=round_.pk), director, judge, leaving.registration


def _page(client, round_, user, language="en") -> str:
    client.force_login(user)
    url = reverse("seating:history", args=[round_.event.slug, round_.number])
    return html_of(client.get(url, HTTP_ACCEPT_LANGUAGE=language))


def _words(entries) -> list[str]:
    return [entry.what for entry in entries]


@pytest.mark.django_db
def test_every_kind_of_change_shows_with_who_when_and_why(client, played):
    round_, director, judge, left = played
    with translation.override("en"):
        entries = round_history(round_)
    by_what = {entry.what: entry for entry in entries}
    published = by_what["seating published"]
    assert published.who == "Dora Director"
    swap = by_what["seats swapped"]
    assert (swap.who, swap.why) == ("Dora Director", "wrong table")
    fill = by_what["player replaced"]
    assert fill.why == "fills the empty seat"
    assert left.name in fill.detail and "Sub Stitute" in fill.detail
    withdrawal = by_what["dropped"]
    assert (withdrawal.who, withdrawal.why, withdrawal.detail) == (
        "Dora Director",
        "fell ill",
        left.name,
    )
    extended = by_what["Extended for every table"]
    assert (extended.who, extended.why) == ("Dora Director", "late start at table 2")
    correction = next(e for e in entries if e.why == "East's score misread")
    assert correction.who == "Dora Director"
    confirmed = [e for e in entries if e.kind == "sheets" and "confirmed" in e.what]
    assert {e.who for e in confirmed} == {"Dora Director", "Jun Judge"}
    ruling = next(e for e in entries if e.kind == "rulings")
    assert ruling.who == "Jun Judge"
    assert "Talked about the hand during play" in ruling.why
    # Newest first, and the page shows each entry's words, who, when and why.
    assert [e.when for e in entries] == sorted((e.when for e in entries), reverse=True)
    html = _page(client, round_, director)
    for entry in (published, swap, fill, withdrawal, extended, correction, ruling):
        assert escape(entry.what) in html
        assert escape(entry.who) in html
        assert escape(entry.why) in html
        assert escape(moment(entry.when)) in html


@pytest.mark.django_db
def test_the_history_reads_in_japanese(client, played):
    round_, director, _judge, _left = played
    html = _page(client, round_, director, "ja")
    codes = ("round.published", "seat.swapped", "seat.replaced", "registration.dropped")
    with translation.override("en"):
        english = [str(HISTORY_REASONS[code]) for code in codes]
        english.append(translation.pgettext("clock log", "Extended for every table"))
    with translation.override("ja"):
        entries = round_history(round_)
        japanese = [str(HISTORY_REASONS[code]) for code in codes]
        japanese.append(translation.pgettext("clock log", "Extended for every table"))
    for en_word, ja_word in zip(english, japanese, strict=True):
        assert en_word != ja_word
        assert escape(ja_word) in html
        assert en_word not in _words(entries)
    assert set(japanese) <= set(_words(entries))
    assert "fell ill" in html  # the director's words, as typed
    assert escape(moment(entries[0].when)) in html


@pytest.mark.django_db
def test_a_change_made_without_a_user_is_the_systems(played):
    round_, director, judge, _left = played
    _play(round_.tables.get(number=2), entered_by=judge, confirmed_by=director)
    round_admin.finish_round(round_, by=None)
    with translation.override("en"):
        latest = next(e for e in round_history(round_) if e.kind == "round")
    assert (latest.what, latest.who) == ("round finished", "system")


@pytest.mark.django_db
def test_the_round_page_links_to_its_history(client, played):
    round_, director, _judge, _left = played
    client.force_login(director)
    html = html_of(client.get(reverse("seating:round", args=["cup", 1])))
    assert reverse("seating:history", args=["cup", 1]) in html


@pytest.mark.django_db
def test_the_history_page_has_one_way_back(client, cup):
    """It showed "← Cup" (the staff frame) and then "← Round 1": two ways back, one above
    the other. The one way back is to the round, with the event named beside it."""
    event, director, _judge = cup
    round_ = round_services.seat_round(event, 1, "balanced", by=director, time_budget=0.2)
    html = _page(client, round_, director)
    crumbs = re.findall(r'<p class="crumbs">(.*?)</p>', html, flags=re.S)
    assert len(crumbs) == 1 and html.count("←") == 1, crumbs
    back = re.findall(r'<a href="([^"]+)">\s*←', crumbs[0])
    assert back == [reverse("seating:round", args=["cup", 1])]
    assert "Round 1" in crumbs[0] and "Cup" in crumbs[0]


@pytest.mark.django_db
def test_the_hall_gives_its_clock_to_the_history():
    names = {source.__module__ for source in history_sources()}
    assert "tournament.hall.clock.history" in names


@pytest.mark.django_db
def test_a_viewer_outside_the_event_cannot_read_it(client, played, django_user_model):
    round_, _director, _judge, _left = played
    stranger = django_user_model.objects.create_user("stranger", password="pw")
    client.force_login(stranger)
    response = client.get(reverse("seating:history", args=["cup", 1]))
    assert response.status_code in (302, 403, 404)


@pytest.mark.django_db
def test_the_number_of_queries_does_not_grow_with_the_round(client, make_event, django_user_model):
    """30 tables played, confirmed, given extra time and a ruling each: as many queries as one."""
    event = make_event(slug="big", name="Big", ruleset="jpml-b", entry_level="value")
    for n in range(120):
        event_services.add_player(event, name=f"Player {n:03d}")
    director = django_user_model.objects.create_user("dora", password="pw")
    judge = django_user_model.objects.create_user("jun", password="pw")
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    event_services.start_event(event)
    round_ = round_services.seat_round(event, 1, "random", by=director, seed=1, time_budget=0.2)
    round_services.publish_round(round_, by=director)
    client.force_login(director)
    url = reverse("seating:history", args=["big", 1])
    clock.start_clock(round_, by=director, minutes=90)
    tables = list(round_.tables.order_by("number"))

    def play(tables, swap_at):
        swap_seats(
            _seat(round_, swap_at, "E"), _seat(round_, swap_at + 1, "S"), by=director, reason="swap"
        )
        for table in tables:
            sheet = _play(table, entered_by=judge, confirmed_by=director)
            clock.give_table_extra(
                round_, table_number=table.number, minutes=2, reason="late", by=director
            )
            results.record_ruling(
                table,
                by=director,
                base_version=sheet.version,
                reason="a ruling after the session",
                kind="conduct",
                player="E",
                decision="Warned",
            )

    play(tables[:1], swap_at=1)
    client.get(url)  # the session and the site's caches are warm from here on
    with CaptureQueriesContext(connection) as few:
        assert html_of(client.get(url)).count('class="history-entry') < 20
    play(tables[1:], swap_at=3)
    assert ScoreSheet.objects.filter(table__round=round_).count() >= 60
    with CaptureQueriesContext(connection) as many:
        html = html_of(client.get(url))
    assert html.count('class="history-entry') > 150
    assert len(many) == len(few), "\n".join(
        q["sql"][:200] for q in few.captured_queries + many.captured_queries
    )
    assert len(many) <= 16


@pytest.mark.django_db
def test_a_withdrawal_after_the_round_is_over_belongs_to_the_later_round(played):
    """Once round 2 is published, a player of round 1 who leaves is round 2's news."""
    round_, director, _judge, _left = played
    event = round_.event
    later = round_services.seat_round(event, 2, "balanced", by=director, time_budget=0.2)
    round_services.publish_round(later, by=director)
    leaving = _seat(round_, 1, "S").registration
    event_services.drop_player(leaving, by=director, reason="a train to catch")
    with translation.override("en"):
        first = [e.why for e in round_history(round_) if e.kind == "players"]
        second = [e.why for e in round_history(later) if e.kind == "players"]
    assert first == ["fell ill"]
    assert second == ["a train to catch"]
