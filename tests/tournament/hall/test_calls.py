"""Calling a judge: from the anonymous table page (the sheet's QR code) to the judge's answer.

Covers the issue's acceptance: a call from an anonymous table page to a
judge's acknowledgement (and resolution, and the director's report), and a
flood of calls from one table limited in the database; plus double taps, who
may take and resolve, and that an unpublished round's page names nobody.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.hall.calls import services as calls
from tournament.hall.models import JudgeCall
from tournament.seating.models import Round, Seat, Table

NAMES = {"E": "Akagi Shigeru", "S": "Bai Lan", "W": "Carla Diaz", "N": "Dmitri Orlov"}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # the per-address count lives there
    yield
    cache.clear()


@pytest.fixture
def hall(make_event, make_player):
    """A started public event, round 1 published with 3 tables, its staff and another event's."""
    event = make_event(slug="cup", ruleset="jpml-b", is_public=True)
    other = make_event(slug="other", ruleset="mcr")
    start_event(event)
    round_ = Round.objects.create(
        event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    tables = []
    for number in (1, 2, 3):
        table = Table.objects.create(round=round_, number=number)
        for wind, name in NAMES.items():
            registration = Registration.objects.create(
                event=event, player=make_player(), name=f"{name} {number}"
            )
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
        tables.append(table)
    User = get_user_model()
    users = {}
    for role in ("director", "judge", "viewer"):
        users[role] = User.objects.create_user(role, password="pw")
        StaffRole.objects.create(event=event, user=users[role], role=role)
    users["judge2"] = User.objects.create_user("judge2", password="pw")
    StaffRole.objects.create(event=event, user=users["judge2"], role="judge")
    users["outsider"] = User.objects.create_user("outsider", password="pw")
    StaffRole.objects.create(event=other, user=users["outsider"], role="judge")
    users["nobody"] = User.objects.create_user("nobody", password="pw")
    return {"event": event, "round": round_, "tables": tables, "users": users}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def qr_url(table) -> str:
    return reverse("results:table", args=[table.round.event.slug, table.round.number, table.number])


def call_url(table) -> str:
    args = [table.round.event.slug, table.round.number, table.number]
    return reverse("hall:table_public", args=args)


def judges(name, round_) -> str:
    return reverse(f"hall:{name}", args=[round_.event.slug, round_.number])


# --- from the anonymous table page to the judge's answer -------------------------------------


def test_a_player_calls_and_a_judge_takes_and_resolves(hall):
    table, round_, users = hall["tables"][1], hall["round"], hall["users"]
    player = Client()
    page = player.get(qr_url(table))  # the QR code's address, without logging in
    assert page.status_code == 200
    html = page.content.decode()
    assert "Call a judge" in html and "Bai Lan 2" in html
    assert "/accounts/login/?next=" in html  # "Judge? Log in" comes back to the judges' page

    answer = player.post(call_url(table), {"call": "1", "reason": "dispute", "words": "wrong wait"})
    assert answer.status_code == 302
    call = JudgeCall.objects.get()
    assert (call.table, call.status, call.reason_code, call.reason) == (
        table,
        "open",
        "dispute",
        "wrong wait",
    )
    page = player.get(answer["Location"]).content.decode()
    assert "A judge has been called" in page and "waiting for a judge" in page

    judge = logged_in(users["judge"])
    listed = judge.get(judges("round_calls", round_)).json()
    assert listed["open"] == 1 and [c["table"] for c in listed["calls"]] == [2]
    assert listed["calls"][0]["reason"] == "Dispute: wrong wait"
    round_page = judge.get(reverse("results:round", args=["cup", 1])).content.decode()
    assert 'id="judge-calls"' in round_page and "Dispute: wrong wait" in round_page

    assert judge.post(judges("call_take", round_), {"call": call.pk}).status_code == 302
    call.refresh_from_db()
    assert (call.status, call.taken_by) == ("taken", users["judge"])
    state = player.get(reverse("hall:call_state", args=["cup", 1, 2])).json()
    assert state == {"status": "taken", "text": "A judge is coming (judge)"}

    judge.post(judges("call_resolve", round_), {"call": call.pk, "note": "explained the wait"})
    call.refresh_from_db()
    assert (call.status, call.resolved_by, call.note) == (
        "resolved",
        users["judge"],
        "explained the wait",
    )
    assert call.created_at <= call.taken_at <= call.resolved_at
    assert judge.get(judges("round_calls", round_)).json()["calls"] == []

    report = logged_in(users["director"]).get(reverse("hall:calls_report", args=["cup"]))
    assert report.status_code == 200
    text = report.content.decode()
    assert "Dispute: wrong wait" in text and "median wait" in text and "judge" in text


def test_a_table_page_in_japanese_calls_in_japanese(hall):
    table = hall["tables"][0]
    player = Client(HTTP_ACCEPT_LANGUAGE="ja")
    assert "審判を呼ぶ" in player.get(qr_url(table)).content.decode()
    player.post(call_url(table), {"call": "1"})
    again = player.post(call_url(table), {"call": "1"}, follow=True).content.decode()
    assert "すでに" in again  # "a judge has already been called at …"


# --- the limits ------------------------------------------------------------------------------


def test_a_flood_from_one_table_makes_one_call_then_hits_the_quota(hall, settings):
    settings.JUDGE_CALL_LIMIT, settings.JUDGE_CALL_WINDOW_SECONDS = 4, 15 * 60
    table, judge = hall["tables"][0], hall["users"]["judge"]
    player = Client()
    answers = [player.post(call_url(table), {"call": "1"}) for _ in range(20)]
    assert all(a.status_code == 302 for a in answers)
    assert JudgeCall.objects.filter(table=table).count() == 1
    page = player.get(call_url(table)).content.decode()
    assert "A judge has already been called at" in page

    # Resolved quickly, called again: the fifth call in 15 minutes is refused.
    for _ in range(3):
        calls.resolve_call(JudgeCall.objects.get(status="open"), judge)
        assert player.post(call_url(table), {"call": "1"}).status_code == 302
    calls.resolve_call(JudgeCall.objects.get(status="open"), judge)
    refused = player.post(call_url(table), {"call": "1"})
    assert refused.status_code == 429 and refused["Retry-After"] == "900"
    assert "4 times in 15 minutes" in refused.content.decode()
    assert JudgeCall.objects.filter(table=table).count() == 4
    with translation.override("zh-hans"), pytest.raises(calls.TooManyCalls) as info:
        calls.call_judge(table)
    assert "裁判" in info.value.message
    # Another table is not limited by this one.
    assert player.post(call_url(hall["tables"][1]), {"call": "1"}).status_code == 302


def test_the_quota_counts_calls_in_the_window_only(hall, settings):
    settings.JUDGE_CALL_LIMIT, settings.JUDGE_CALL_WINDOW_SECONDS = 2, 600
    table, judge = hall["tables"][0], hall["users"]["judge"]
    for _ in range(2):
        calls.resolve_call(calls.call_judge(table), judge)
    with pytest.raises(calls.TooManyCalls):
        calls.call_judge(table)
    JudgeCall.objects.update(created_at=timezone.now() - datetime.timedelta(seconds=601))
    assert calls.call_judge(table).status == "open"


def test_a_double_tap_makes_one_call(hall):
    table = hall["tables"][0]
    first = calls.call_judge(table, "")
    with pytest.raises(calls.AlreadyCalled) as info:
        calls.call_judge(table, "")
    assert info.value.call == first
    assert JudgeCall.objects.count() == 1


def test_one_address_is_limited_across_tables(hall, settings):
    settings.JUDGE_CALL_LIMIT = 100
    player = Client(REMOTE_ADDR="203.0.113.9")
    from tournament.hall.calls.views import ADDRESS_LIMIT

    judge = hall["users"]["judge"]
    for _ in range(ADDRESS_LIMIT):
        player.post(call_url(hall["tables"][0]), {"call": "1"})
        calls.resolve_call(JudgeCall.objects.get(status="open"), judge)
    refused = player.post(call_url(hall["tables"][1]), {"call": "1"})
    assert (
        refused.status_code == 429 and "Too many calls from this phone" in refused.content.decode()
    )
    assert (
        Client(REMOTE_ADDR="203.0.113.10")
        .post(call_url(hall["tables"][1]), {"call": "1"})
        .status_code
        == 302
    )


def test_bad_input_names_the_field_and_an_empty_post_calls_nobody(hall):
    table, player = hall["tables"][0], Client()
    assert player.post(call_url(table)).status_code == 400
    long = player.post(call_url(table), {"call": "1", "words": "x" * 151})
    assert long.status_code == 400 and "In a few words" in long.content.decode()
    junk = player.post(call_url(table), {"call": "1", "reason": "<script>"})
    assert junk.status_code == 400
    assert JudgeCall.objects.count() == 0


def test_no_calls_once_the_round_is_finished(hall):
    table = hall["tables"][0]
    Round.objects.filter(pk=hall["round"].pk).update(status=Round.Status.FINISHED)
    page = Client().get(call_url(table)).content.decode()
    assert "Judges cannot be called for this round any more." in page
    assert Client().post(call_url(table), {"call": "1"}).status_code == 409
    assert JudgeCall.objects.count() == 0


# --- taking and resolving: the judge's side -----------------------------------------------------


def test_taking_twice_or_after_resolving_is_refused(hall):
    users, table = hall["users"], hall["tables"][0]
    call = calls.call_judge(table)
    calls.take_call(call, users["judge"])
    assert calls.take_call(call, users["judge"]).status == "taken"  # the same judge again: fine
    with pytest.raises(calls.CallError, match="judge has already taken"):
        calls.take_call(call, users["judge2"])
    calls.resolve_call(call, users["judge2"])
    with pytest.raises(calls.CallError, match="already been resolved"):
        calls.take_call(call, users["judge"])
    with pytest.raises(calls.CallError, match="already been resolved"):
        calls.resolve_call(call, users["judge"])


def test_resolving_an_open_call_takes_it_too(hall):
    call = calls.call_judge(hall["tables"][0])
    call = calls.resolve_call(call, hall["users"]["director"], "ok")
    assert call.taken_by == call.resolved_by == hall["users"]["director"]
    assert call.taken_at == call.resolved_at


@pytest.mark.parametrize("who", ["anonymous", "viewer", "outsider", "nobody"])
def test_who_may_not_take_resolve_or_read_the_calls(hall, who):
    round_ = hall["round"]
    call = calls.call_judge(hall["tables"][0])
    client = Client() if who == "anonymous" else logged_in(hall["users"][who])
    for name in ("call_take", "call_resolve"):
        answer = client.post(judges(name, round_), {"call": call.pk})
        assert answer.status_code in (302, 403)
        if answer.status_code == 302:
            assert answer["Location"].startswith("/accounts/login/")
    listed = client.get(judges("round_calls", round_))
    if who == "viewer":
        assert listed.status_code == 200  # a viewer sees the calls, and answers none
    else:
        assert listed.status_code in (302, 403)
    call.refresh_from_db()
    assert call.status == "open" and call.taken_by is None
    if who in ("viewer", "outsider", "nobody"):
        with pytest.raises(calls.NotAllowed):
            calls.take_call(call, hall["users"][who])


def test_a_call_of_another_round_cannot_be_answered_from_this_one(hall, make_player):
    event = hall["event"]
    round2 = Round.objects.create(
        event=event, number=2, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    table2 = Table.objects.create(round=round2, number=1)
    call = calls.call_judge(table2)
    judge = logged_in(hall["users"]["judge"])
    assert judge.post(judges("call_take", hall["round"]), {"call": call.pk}).status_code == 404
    assert judge.post(judges("call_take", hall["round"]), {"call": "x"}).status_code == 404
    assert judge.post(judges("call_take", hall["round"]), {}).status_code == 302


# --- the table page for visitors and for staff ---------------------------------------------------


def test_staff_still_get_the_judges_table_page(hall):
    table = hall["tables"][0]
    for who in ("judge", "viewer", "director"):
        html = logged_in(hall["users"][who]).get(qr_url(table)).content.decode()
        assert 'id="call-judge"' not in html  # the judges' page, as before


def test_a_logged_in_user_without_a_role_gets_the_public_page(hall):
    html = logged_in(hall["users"]["outsider"]).get(qr_url(hall["tables"][0])).content.decode()
    assert 'id="call-judge"' in html


def test_an_unpublished_round_names_nobody(hall):
    """Its table is not found, as its round page is (issue #32: no call, no names before)."""
    round2 = Round.objects.create(event=hall["event"], number=2, status=Round.Status.SEATED)
    table2 = Table.objects.create(round=round2, number=1)
    registration = Registration.objects.filter(event=hall["event"]).first()
    Seat.objects.create(round=round2, table=table2, wind="E", registration=registration)
    answer = Client().get(qr_url(table2))
    assert answer.status_code == 404
    assert registration.name not in answer.content.decode()


def test_an_unpublished_event_keeps_the_login_page(hall):
    event = hall["event"]
    event.is_public = False
    event.save()
    table = hall["tables"][0]
    answer = Client().get(qr_url(table))
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert Client().get(call_url(table)).status_code == 404
    assert Client().get(reverse("results:table", args=["cup", 1, 9])).status_code == 302
    event.is_public = True
    event.save()
    assert Client().get(reverse("results:table", args=["cup", 1, 9])).status_code == 404
