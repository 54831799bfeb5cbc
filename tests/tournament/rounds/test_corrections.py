"""Seating corrections after results: a swap or a no-show filled in a published round.

The issue's case: on a confirmed, published MCR round, swapping two players
gave one player's 142 to the other with no warning and no new confirmation,
and the public standings kept the old totals. Now the swap shows whose
results change hands, applies only on Confirm, sends the sheets back for
confirmation, and every view of the standings agrees at once.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.tournament.standings.conftest import tournament  # noqa: F401 (a fixture)
from tournament.events.errors import EventError
from tournament.events.models import Registration
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import version_reason
from tournament.results.sheet import services as results
from tournament.results.sheet.state import head_of
from tournament.rounds import correction_views
from tournament.rounds.replacements import candidates, replace_player
from tournament.rounds.swaps import expected_of, swap_seats
from tournament.seating.models import Round, Seat
from tournament.standings.services import publish_results, standings

Status = ScoreSheet.Status

# MCR session scores, E, S, W, N: table 1's East scores 142.
ROUND_1 = [[142, -30, -50, -62], [40, 10, -20, -30]]


@pytest.fixture
def mcr(tournament):  # noqa: F811 (the fixture imported above)
    built = tournament("mcr", tables=2, rounds=1)
    built.play_round(1, ROUND_1)
    publish_results(Round.objects.get(event=built.event, number=1))
    return built


def seat(built, table, wind) -> Seat:
    return Seat.objects.select_related("registration__player", "table").get(
        table=built.tables[(1, table)], wind=wind
    )


def staff_rows(built) -> dict:
    return {
        row["player"]: (row["score"], row["sessions"])
        for row in standings(built.event, "staff").rows
    }


def csv_rows(client, built) -> dict:
    response = client.get(reverse("public_standings:csv", args=[built.event.slug]))
    assert response.status_code == 200
    rows = csv.DictReader(io.StringIO(response.content.decode("utf-8-sig")))
    return {row["Player"]: row for row in rows}


def command_rows(built, *options) -> dict:
    out = io.StringIO()
    call_command("standings", built.event.slug, "--format", "json", *options, stdout=out)
    return {row["player"]: row for row in json.loads(out.getvalue())}


def assert_views_agree(client, built) -> None:
    """standings.csv (public), ``manage.py standings`` and ``standings()`` say the same."""
    public = command_rows(built, "--published")
    shown = csv_rows(client, built)
    assert {name: (row["Rank"], row["Sessions"]) for name, row in shown.items()} == {
        name: (str(row["rank"]), str(row["sessions"])) for name, row in public.items()
    }
    staff = {row["player"]: row["rank"] for row in standings(built.event, "staff").rows}
    assert staff == {name: row["rank"] for name, row in command_rows(built).items()}


def swap_post(client, built, a: Seat, b: Seat, **extra):
    url = reverse("seating:move", args=[built.event.slug, 1])
    data = {"seat_a": a.pk, "seat_b": b.pk, "reason": "sat at the wrong tables", **extra}
    return client.post(url, data)


def test_a_swap_after_results_is_a_correction_in_two_steps(client, mcr):
    east, north = seat(mcr, 1, "E"), seat(mcr, 2, "N")
    alice, bob = east.registration.name, north.registration.name
    assert command_rows(mcr)[alice]["score"] == 142
    client.force_login(mcr.users["director"])

    preview = swap_post(client, mcr, east, north)
    assert preview.status_code == 200
    page = preview.content.decode()
    assert "142" in page and alice in page and bob in page
    assert "goes back for confirmation" in page
    if correction_views.swap_quality is not None:
        assert "Players meeting again" in page and preview.context["quality"]
    # Nothing changed yet: the preview only shows.
    assert seat(mcr, 1, "E").registration.name == alice
    assert head_of(mcr.tables[(1, 1)]).status == Status.CONFIRMED

    done = swap_post(client, mcr, east, north, expect=preview.context["expect"])
    assert done.status_code == 302
    assert seat(mcr, 1, "E").registration.name == bob
    assert seat(mcr, 2, "N").registration.name == alice
    for number in (1, 2):
        table = mcr.tables[(1, number)]
        head = head_of(table)
        assert head.status == Status.SUBMITTED and head.is_correction
        assert head.reason_code == ScoreSheet.ReasonCode.SEATING_CORRECTED
        assert alice in version_reason(head) and "confirm again" in version_reason(head)
        assert not table.sheets.filter(status=Status.CONFIRMED).exists()
        assert head.result == head.parent.result and head.parent.status == Status.SUPERSEDED
    swapped = [r for r in Seat.history.filter(history_user=mcr.users["director"])]
    assert {r.history_change_reason for r in swapped} == {
        'seat.swapped {"words":"sat at the wrong tables"}'
    }

    # Meanwhile nobody holds those results: both tables are out of every view at once.
    assert staff_rows(mcr)[alice] == ("0", 0) and staff_rows(mcr)[bob] == ("0", 0)
    assert csv_rows(client, mcr)[alice]["Sessions"] == "0"
    assert_views_agree(client, mcr)
    assert command_rows(mcr)[alice]["sessions"] == 0
    assert command_rows(mcr, "--published")[bob]["sessions"] == 0
    round_page = client.get(reverse("seating:round", args=[mcr.event.slug, 1])).content.decode()
    assert "went back for confirmation" in round_page
    sheets_page = client.get(reverse("results:round", args=[mcr.event.slug, 1])).content.decode()
    assert "0 confirmed" in sheets_page
    assert sheets_page.count("awaits-reconfirmation") == 2 and "confirm again" in sheets_page

    # A double tap on Confirm, or a stale preview: refused, nothing moves.
    again = swap_post(client, mcr, east, north, expect=preview.context["expect"])
    assert again.status_code == 302
    assert seat(mcr, 1, "E").registration.name == bob
    assert head_of(mcr.tables[(1, 1)]).version == 2

    # The judge (not the director who moved them) confirms: the 142 is Bob's now.
    for number in (1, 2):
        table = mcr.tables[(1, number)]
        results.confirm_sheet(table, by=mcr.users["judge"], version=head_of(table).version)
    assert command_rows(mcr)[bob]["score"] == 142
    assert command_rows(mcr, "--published")[alice]["score"] == -30
    assert staff_rows(mcr)[bob] == ("142", 1)
    public = csv_rows(client, mcr)
    assert public[bob]["Rank"] == "1" and "142" in public[bob].values()
    assert_views_agree(client, mcr)


def test_the_director_cannot_confirm_their_own_correction(mcr):
    east, north = seat(mcr, 1, "E"), seat(mcr, 2, "N")
    director = mcr.users["director"]
    expect = expected_of([east.table, north.table], [east, north])
    swap_seats(east, north, by=director, reason="wrong tables", expect=expect)
    table = mcr.tables[(1, 1)]
    with pytest.raises(results.NotAllowed):
        results.confirm_sheet(table, by=director, version=head_of(table).version)


def test_without_a_preview_or_with_a_stale_one_a_correction_is_refused(mcr):
    east, north = seat(mcr, 1, "E"), seat(mcr, 2, "N")
    with pytest.raises(EventError, match="already has results"):
        swap_seats(east, north, by=mcr.users["director"], reason="x")
    expect = expected_of([east.table, north.table], [east, north])
    mcr.play(1, 1, [100, -30, -20, -50], reason="hand 3 was misread")
    with pytest.raises(EventError, match="changed since the preview"):
        swap_seats(east, north, by=mcr.users["director"], reason="x", expect=expect)
    assert seat(mcr, 1, "E").pk == east.pk
    # The old one-step page refuses too instead of moving results silently.
    assert head_of(mcr.tables[(1, 1)]).status == Status.CONFIRMED


def test_a_swap_without_results_is_one_step(client, tournament):  # noqa: F811
    built = tournament("mcr", tables=2, rounds=1)
    east, north = seat(built, 1, "E"), seat(built, 2, "N")
    alice = east.registration.name
    client.force_login(built.users["director"])
    response = swap_post(client, built, east, north)
    assert response.status_code == 302
    assert seat(built, 2, "N").registration.name == alice
    assert not ScoreSheet.objects.filter(table__round__event=built.event).exists()


def test_a_get_shows_a_preview_and_changes_nothing(client, tournament):  # noqa: F811
    built = tournament("mcr", tables=2, rounds=1)
    east, north = seat(built, 1, "E"), seat(built, 2, "N")
    client.force_login(built.users["director"])
    url = reverse("seating:move", args=[built.event.slug, 1])
    response = client.get(url, {"seat_a": east.pk, "seat_b": north.pk, "reason": "check"})
    assert response.status_code == 200
    assert "No results are entered at these tables yet." in response.content.decode()
    assert seat(built, 1, "E").pk == east.pk
    client.force_login(built.users["judge"])
    assert client.get(url, {"seat_a": east.pk, "seat_b": north.pk}).status_code == 403


def test_a_finished_round_refuses_a_swap(client, mcr):
    Round.objects.filter(event=mcr.event).update(status=Round.Status.FINISHED)
    east, north = seat(mcr, 1, "E"), seat(mcr, 2, "N")
    client.force_login(mcr.users["director"])
    response = swap_post(client, mcr, east, north, expect="t1=1")
    assert response.status_code == 302
    assert seat(mcr, 1, "E").pk == east.pk
    expect = expected_of([east.table, north.table], [east, north])
    with pytest.raises(EventError, match="has finished"):
        swap_seats(east, north, by=mcr.users["director"], reason="x", expect=expect)


# --- a no-show filled ---------------------------------------------------------------------------


@pytest.fixture
def with_reserve(tournament, make_player):  # noqa: F811
    built = tournament("mcr", tables=2, rounds=1)
    reserve = Registration.objects.create(
        event=built.event, player=make_player(), name="Rita Reserve", status="reserve"
    )
    Registration.objects.create(
        event=built.event, player=make_player(), name="Walter Withdrawn", status="dropped"
    )
    return built, reserve


def test_a_no_show_is_replaced_by_a_reserve(client, with_reserve):
    built, reserve = with_reserve
    no_show = seat(built, 2, "W")
    gone = no_show.registration.name
    client.force_login(built.users["director"])
    page = client.get(reverse("seating:round", args=[built.event.slug, 1])).content.decode()
    assert "Rita Reserve" in page and "Walter Withdrawn" not in page
    assert list(candidates(no_show.round)) == [reserve]

    url = reverse("seating:replace", args=[built.event.slug, 1])
    data = {
        "replace-seat": no_show.pk,
        "replace-registration": reserve.pk,
        "replace-reason": "no-show, reserve seated",
    }
    assert client.post(url, data).status_code == 302
    filled = seat(built, 2, "W")
    assert (filled.pk, filled.registration) == (no_show.pk, reserve)
    assert filled.history.first().history_change_reason == (
        'seat.replaced {"words":"no-show, reserve seated"}'
    )
    assert not candidates(filled.round).filter(pk=reserve.pk).exists()
    assert gone not in [s.registration.name for s in Seat.objects.filter(round=filled.round)]
    # Twice: the reserve is seated now, so the same post is refused.
    assert client.post(url, data).status_code == 302
    assert seat(built, 2, "W").registration == reserve


def test_a_replacement_at_a_table_with_results_is_a_correction(client, with_reserve):
    built, reserve = with_reserve
    built.play(1, 2, ROUND_1[1])
    no_show = seat(built, 2, "W")
    client.force_login(built.users["director"])
    url = reverse("seating:replace", args=[built.event.slug, 1])
    data = {
        "replace-seat": no_show.pk,
        "replace-registration": reserve.pk,
        "replace-reason": "the reserve played, the sheet named the no-show",
    }
    preview = client.post(url, data)
    assert preview.status_code == 200 and "Rita Reserve" in preview.content.decode()
    assert seat(built, 2, "W").registration != reserve
    done = client.post(url, {**data, "replace-expect": preview.context["expect"]})
    assert done.status_code == 302
    assert seat(built, 2, "W").registration == reserve
    head = head_of(built.tables[(1, 2)])
    assert head.status == Status.SUBMITTED
    assert head.reason_code == ScoreSheet.ReasonCode.SEATING_CORRECTED


def test_replace_player_refusals(with_reserve):
    built, reserve = with_reserve
    director = built.users["director"]
    target = seat(built, 1, "E")
    seated = seat(built, 1, "S").registration
    with pytest.raises(EventError, match="Say why"):
        replace_player(target, reserve, by=director, reason=" ")
    with pytest.raises(EventError, match="already has a seat"):
        replace_player(target, seated, by=director, reason="x")
    dropped = Registration.objects.get(event=built.event, status="dropped")
    with pytest.raises(EventError, match="left the event"):
        replace_player(target, dropped, by=director, reason="x")
