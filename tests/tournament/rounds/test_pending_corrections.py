"""Publishing results and finishing a round wait for every pending correction (issue #34).

A *pending correction* is a table whose latest sheet version corrects an
earlier one (a director's change of a confirmed sheet, or a sheet sent back by
a seating correction) and is not confirmed yet: publishing or finishing then
would put the old numbers out again. The service refuses and names the
tables; the round page lists them with links.
"""

import pytest
from django.utils import timezone

from tests.tournament.pages import html_of
from tournament.events import services
from tournament.events.errors import EventError
from tournament.events.models import StaffRole
from tournament.results.sheet import services as results
from tournament.rounds import round_admin
from tournament.rounds.swaps import Expected, expected_of, swap_seats
from tournament.seating.models import Round, Seat, Table
from tournament.standings.services import publish_results

SCORES = dict(zip("ESWN", (40000, 30000, 27000, 23000), strict=True))
FIXED = dict(zip("ESWN", (41000, 29000, 27000, 23000), strict=True))


@pytest.fixture
def played(make_event, django_user_model):
    """A published round 1 of two tables, each with a confirmed sheet; (round, director, judge)."""
    event = make_event(slug="cup", name="Cup")
    players = [services.add_player(event, name=f"P{i}") for i in range(8)]
    services.start_event(event)
    director = django_user_model.objects.create_user("dir")
    judge = django_user_model.objects.create_user("judge")
    StaffRole.objects.create(event=event, user=director, role="director")
    StaffRole.objects.create(event=event, user=judge, role="judge")
    round_ = Round.objects.create(
        event=event, number=1, status="published", published_at=timezone.now()
    )
    for t in (1, 2):
        table = Table.objects.create(round=round_, number=t)
        for wind, reg in zip("ESWN", players[(t - 1) * 4 : t * 4], strict=True):
            Seat.objects.create(round=round_, table=table, wind=wind, registration=reg)
        sheet = results.save_final_scores(table, SCORES, by=judge, base_version=0)
        results.submit_sheet(table, by=judge, version=sheet.version)
        results.confirm_sheet(table, by=director, version=sheet.version)
    return round_, director, judge


def _correct(round_, director, number=2):
    """The director changes table ``number``'s confirmed sheet: a correction, not confirmed."""
    table = round_.tables.get(number=number)
    version = table.sheets.get(status="confirmed").version
    results.save_final_scores(
        table, FIXED, by=director, base_version=version, reason="east misread"
    )
    return table


@pytest.mark.parametrize("verb", [publish_results, round_admin.finish_round])
def test_a_result_correction_waiting_for_confirmation_stops_the_round(played, verb):
    round_, director, _judge = played
    _correct(round_, director)
    with pytest.raises(EventError, match="correction.*Table 2"):
        verb(round_, by=director)
    round_.refresh_from_db()
    assert round_.results_published_at is None
    assert round_.status == "published"


@pytest.mark.parametrize("verb", [publish_results, round_admin.finish_round])
def test_a_seating_correction_waiting_for_confirmation_stops_the_round(played, verb):
    round_, director, _judge = played
    a = Seat.objects.get(table__number=1, wind="E")
    b = Seat.objects.get(table__number=2, wind="E")
    tables = [a.table, b.table]
    expect = Expected.parse(expected_of(tables, [a, b]).token())
    swap_seats(a, b, by=director, reason="wrong table", expect=expect)
    with pytest.raises(EventError, match="correction.*Table 1, Table 2"):
        verb(round_, by=director)


def test_once_the_correction_is_confirmed_the_round_publishes(played):
    round_, director, judge = played
    table = _correct(round_, director)
    head = table.sheets.order_by("-version").first()
    results.submit_sheet(table, by=director, version=head.version)
    results.confirm_sheet(table, by=judge, version=head.version)
    publish_results(round_, by=director)
    round_admin.finish_round(round_, by=director)
    round_.refresh_from_db()
    assert round_.status == "finished" and round_.results_published_at is not None


def test_the_event_does_not_finish_over_a_pending_correction(played):
    round_, director, _judge = played
    _correct(round_, director)
    with pytest.raises(EventError, match="correction.*Table 2"):
        round_admin.finish_event(round_.event, by=director)


def test_the_round_page_names_and_links_the_tables(played, client):
    round_, director, _judge = played
    _correct(round_, director)
    client.force_login(director)
    html = html_of(client.get("/manage/cup/round/1/"))
    assert 'id="pending-corrections"' in html
    assert 'href="/j/cup/1/2/"' in html.split('id="pending-corrections"')[1]
    response = client.post("/manage/cup/round/1/publish-results/", follow=True)
    html = html_of(response)
    assert "a correction awaits confirmation at Table 2" in html
    round_.refresh_from_db()
    assert round_.results_published_at is None
