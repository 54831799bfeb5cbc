"""A document printed before a change of seats is flagged "seating changed since" (issue #34).

The issue's case: a round pack printed before a seat swap stayed "Ready" on
the print jobs page, with nothing saying the paper names the wrong players.
Now the print jobs page and the round page flag it, with a *Print again*
button that makes a new job; a job whose seating did not change (another
round, a swap undone, a document not made of the seating) is never flagged.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tournament.api.tokens import make_token
from tournament.events.models import Registration
from tournament.printing.models import PrintJob
from tournament.rounds.replacements import replace_player
from tournament.rounds.swaps import swap_seats
from tournament.seating.models import Round, Seat, Table

FLAG = "seating changed since"


@pytest.fixture(autouse=True)
def _print_settings(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def print_doc(client, cup, kind, capture, **fields):
    client.force_login(cup.users["director"])
    with capture(execute=True):
        response = client.post("/manage/cup/print/start/", {"kind": kind, **fields})
    assert response.status_code == 302
    return PrintJob.objects.latest("pk")


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def jobs_page(client) -> str:
    return page(client, reverse("printing:jobs", args=["cup"]))


def round_page(client, number=1) -> str:
    return page(client, reverse("seating:round", args=["cup", number]))


def seat(cup, table, wind, round_=None) -> Seat:
    return Seat.objects.get(table__round=round_ or cup.round, table__number=table, wind=wind)


def test_a_swap_flags_the_round_pack_and_print_again_makes_a_new_job(
    client, cup, documents, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = print_doc(client, cup, "round_pack", capture, round="1")
    assert job.status == PrintJob.Status.DONE
    assert FLAG not in jobs_page(client) and FLAG not in round_page(client)

    swap_seats(seat(cup, 1, "E"), seat(cup, 2, "N"), by=cup.users["director"], reason="wrong table")

    # The staff API says it too, in the list and for the one job.
    token = make_token(cup.users["director"], "tests")[1]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    listed = api.get("/api/v1/manage/events/cup/print-jobs/").json()["jobs"]
    assert [j["seating_changed"] for j in listed if j["id"] == job.pk] == [True]
    one = api.get(f"/api/v1/manage/events/cup/print-jobs/{job.pk}/").json()
    assert one["seating_changed"] is True

    listed = jobs_page(client)
    assert FLAG in listed and f'data-seating-changed="{job.uuid}"' in listed
    assert "Print again" in listed
    on_round = round_page(client)
    assert FLAG in on_round and f'data-seating-changed="{job.uuid}"' in on_round
    detail = page(client, reverse("printing:job", args=["cup", job.uuid]))
    assert FLAG in detail

    again = print_doc(client, cup, "round_pack", capture, round="1")
    assert again.pk != job.pk and again.status == PrintJob.Status.DONE
    listed = jobs_page(client)
    assert f'data-seating-changed="{job.uuid}"' in listed  # the old paper stays wrong
    assert f'data-seating-changed="{again.uuid}"' not in listed
    assert FLAG not in round_page(client)  # printed again: no longer news on the round page


def test_a_swap_undone_another_round_and_other_documents_are_not_flagged(
    client, cup, documents, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    # Round 2, the same players, printed too.
    round_2 = Round.objects.create(event=cup.event, number=2, status=Round.Status.SEATED)
    for number in (1, 2):
        table = Table.objects.create(round=round_2, number=number)
        for old in Seat.objects.filter(table__round=cup.round, table__number=number):
            Seat.objects.create(
                round=round_2, table=table, wind=old.wind, registration=old.registration
            )
    pack_1 = print_doc(client, cup, "round_pack", capture, round="1")
    pack_2 = print_doc(client, cup, "round_pack", capture, round="2")
    standings = print_doc(client, cup, "standings", capture, scope="staff")
    director = cup.users["director"]

    swap_seats(seat(cup, 1, "E"), seat(cup, 2, "N"), by=director, reason="wrong table")
    listed = jobs_page(client)
    assert f'data-seating-changed="{pack_1.uuid}"' in listed
    assert f'data-seating-changed="{pack_2.uuid}"' not in listed
    assert f'data-seating-changed="{standings.uuid}"' not in listed
    assert FLAG not in round_page(client, 2)

    # Swapped back: the paper is right again.
    swap_seats(seat(cup, 1, "E"), seat(cup, 2, "N"), by=director, reason="it was right")
    assert FLAG not in jobs_page(client) and FLAG not in round_page(client)


def test_a_fill_flags_the_seating_list(
    client, cup, documents, make_player, django_capture_on_commit_callbacks
):
    job = print_doc(client, cup, "seating_list", django_capture_on_commit_callbacks, round="1")
    reserve = Registration.objects.create(
        event=cup.event, player=make_player(), name="Reserve", status=Registration.Status.RESERVE
    )
    replace_player(seat(cup, 1, "S"), reserve, by=cup.users["director"], reason="no-show")
    assert f'data-seating-changed="{job.uuid}"' in jobs_page(client)
    assert FLAG in round_page(client)


def test_a_viewer_sees_the_flag_but_no_print_again(
    client, cup, documents, django_capture_on_commit_callbacks
):
    job = print_doc(client, cup, "round_pack", django_capture_on_commit_callbacks, round="1")
    swap_seats(seat(cup, 1, "E"), seat(cup, 2, "N"), by=cup.users["director"], reason="wrong")
    client.force_login(cup.users["viewer"])
    listed = jobs_page(client)
    assert f'data-seating-changed="{job.uuid}"' in listed and "Print again" not in listed
