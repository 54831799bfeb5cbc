"""A printed document the printing code has never heard of, added from this file alone.

The registry of documents (``tournament.printing.registry``) promises that a
new document is one registration: no model, view, template or migration of
its own. The toy "table card" is registered here only (and unregistered after
each test), and the round page, the print jobs page and the staff API offer
it, a director prints it, and the file downloads under its own name.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.api.tokens import make_token
from tournament.events.errors import EventError
from tournament.events.models import StaffRole
from tournament.printing import jobs
from tournament.printing.models import PrintJob
from tournament.printing.registry import (
    JOBS_PAGE,
    ROUND,
    ROUND_PAGE,
    Document,
    register_document,
    unregister_document,
)

TOY_PDF = b"%PDF-1.7\n% a toy table card\n%%EOF\n"


def table_card(round_, *, progress=None, language=None) -> bytes:
    """Made of the round, as every round document; says how far it came."""
    if progress is not None:
        progress(1, 1)
    return TOY_PDF + f"% round {round_.number} in {language}\n".encode()


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def toy_document():
    document = register_document(
        Document(
            "toy_table_card",
            "Toy table card",
            ROUND,
            "printing/base.html",
            table_card,
            pages=frozenset({ROUND_PAGE, JOBS_PAGE}),
        )
    )
    yield document
    unregister_document(document.kind)


@pytest.fixture
def director(seated_round, django_user_model):
    round_ = seated_round("mcr", tables=1, slug="toycup")
    user = django_user_model.objects.create_user("toy-director")
    StaffRole.objects.create(event=round_.event, user=user, role="director")
    return round_, user


def test_the_round_page_and_the_jobs_page_offer_the_toy(client, toy_document, director):
    round_, user = director
    client.force_login(user)
    page = client.get(reverse("seating:round", args=["toycup", 1])).content.decode()
    assert 'value="toy_table_card" id="print-toy-table-card"' in page
    assert "Toy table card" in page
    jobs_page = client.get(reverse("printing:jobs", args=["toycup"])).content.decode()
    assert 'id="print-toy-table-card-1"' in jobs_page


def test_the_toy_prints_downloads_and_is_listed_in_the_api(
    client, toy_document, director, django_capture_on_commit_callbacks
):
    round_, user = director
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("printing:start", args=["toycup"]), {"kind": "toy_table_card", "round": "1"}
        )
    job = PrintJob.objects.get()
    assert response["Location"] == reverse("printing:job", args=["toycup", job.uuid])
    assert (job.kind, job.status, job.round, str(job)) == (
        "toy_table_card",
        PrintJob.Status.DONE,
        round_,
        "Toy table card, round 1",
    )
    download = client.get(reverse("printing:download", args=["toycup", job.uuid]))
    assert download["Content-Type"] == "application/pdf"
    assert download["Content-Disposition"] == (
        'attachment; filename="toycup-round-1-toy-table-card.pdf"'
    )
    assert b"".join(download.streaming_content) == TOY_PDF + b"% round 1 in en\n"
    listed = client.get(reverse("printing:jobs", args=["toycup"])).content.decode()
    assert "Toy table card, round 1" in listed

    key = make_token(user, "toy")[1]
    api = client.get(
        f"/api/v1/manage/events/toycup/print-jobs/{job.pk}/", HTTP_AUTHORIZATION=f"Bearer {key}"
    ).json()
    assert (api["kind"], api["status"], api["round"]) == ("toy_table_card", "done", 1)


def test_the_toy_asks_for_its_round_like_any_round_document(toy_document, director):
    round_, user = director
    with pytest.raises(EventError, match="Choose the round"):
        jobs.request_job(round_.event, "toy_table_card", by=user)


def test_once_unregistered_the_toy_is_neither_offered_nor_printed(client, director):
    round_, user = director
    client.force_login(user)
    page = client.get(reverse("seating:round", args=["toycup", 1])).content.decode()
    assert "toy_table_card" not in page
    client.post(
        reverse("printing:start", args=["toycup"]), {"kind": "toy_table_card", "round": "1"}
    )
    assert not PrintJob.objects.exists()
