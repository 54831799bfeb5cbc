"""The round clock: the services, who may press its buttons, its JSON and its pages."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.hall.clock import services as clock
from tournament.hall.clock.services import ClockError
from tournament.hall.models import ClockEvent, RoundClock
from tournament.seating.models import Round, Seat, Table

T0 = datetime.datetime(2026, 6, 1, 10, 0, tzinfo=datetime.UTC)
MIN = datetime.timedelta(minutes=1)


def ms(minutes: float) -> int:
    return int(minutes * 60_000)


@pytest.fixture
def hall(make_event, make_player):
    """A public riichi event, 90 minutes a round; round 1 published with two tables."""
    event = make_event(slug="cup", ruleset="wrc", time_limit_minutes=90)
    start_event(event)
    round_ = Round.objects.create(
        event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    for number in (1, 2):
        table = Table.objects.create(round=round_, number=number)
        for wind in "ESWN":
            registration = Registration.objects.create(event=event, player=make_player())
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    users = {"anonymous": None}
    User = get_user_model()
    for role in ("viewer", "judge", "director"):
        users[role] = User.objects.create_user(role, password="pw")
        StaffRole.objects.create(event=event, user=users[role], role=role)
    return {"event": event, "round": round_, "users": users}


# --- services ------------------------------------------------------------------------


def test_start_uses_the_events_time_limit_and_counts_down(hall):
    round_, director = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=director, now=T0)
    state = clock.clock_state(round_, now=T0 + 10 * MIN)
    assert state["status"] == "running"
    assert state["duration"] == ms(90)
    assert state["deadline"] == clock.epoch_ms(T0 + 90 * MIN)
    assert state["remaining"] == ms(80)
    assert state["server_now"] == clock.epoch_ms(T0 + 10 * MIN)
    assert clock.clock_state(round_, now=T0 + 91 * MIN)["status"] == "over"


def test_pause_and_resume_move_the_deadline_by_the_time_paused(hall):
    round_, by = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=by, now=T0)
    clock.pause_clock(round_, by=by, now=T0 + 30 * MIN)
    paused = clock.clock_state(round_, now=T0 + 40 * MIN)
    assert paused["status"] == "paused" and paused["deadline"] is None
    assert paused["remaining"] == ms(60)  # frozen while paused
    clock.resume_clock(round_, by=by, now=T0 + 45 * MIN)
    state = clock.clock_state(round_, now=T0 + 45 * MIN)
    assert state["status"] == "running"
    assert state["deadline"] == clock.epoch_ms(T0 + 105 * MIN)
    assert state["remaining"] == ms(60)


def test_extension_for_everyone_and_extra_time_for_one_table(hall):
    round_, by = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=by, now=T0)
    clock.extend_clock(round_, minutes=5, by=by, reason="power cut", now=T0 + MIN)
    clock.give_table_extra(
        round_, table_number=2, minutes=3, reason="started late", by=by, now=T0 + 2 * MIN
    )
    state = clock.clock_state(round_, table_number=2, now=T0 + 10 * MIN)
    assert state["remaining"] == ms(85)
    assert state["table"]["remaining"] == ms(88)
    assert state["table"]["extra"] == ms(3)
    assert [(t["number"], t["remaining"]) for t in state["tables"]] == [(2, ms(88))]
    # Table 1 has no extra time: its deadline is the round's.
    assert clock.clock_state(round_, table_number=1, now=T0)["table"]["extra"] == 0
    # When the round's time is up, table 2 still plays.
    late = clock.clock_state(round_, table_number=2, now=T0 + 96 * MIN)
    assert late["status"] == "over" and late["table"]["status"] == "running"


def test_minutes_after_time_is_up_count_from_now(hall):
    round_, by = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=by, minutes=10, now=T0)
    clock.extend_clock(round_, minutes=5, by=by, now=T0 + 12 * MIN)
    assert clock.clock_state(round_, now=T0 + 12 * MIN)["remaining"] == ms(5)
    assert ClockEvent.objects.filter(kind="extend").get().seconds == 7 * 60


def test_reset_starts_over_and_forgets_table_extra_time(hall):
    round_, by = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=by, now=T0)
    clock.give_table_extra(round_, table_number=1, minutes=4, reason="ruling", by=by)
    clock.reset_clock(round_, reason="false start", by=by)
    assert clock.clock_state(round_)["status"] == "not_started"
    clock.start_clock(round_, by=by, minutes=60, now=T0)
    state = clock.clock_state(round_, now=T0)
    assert state["remaining"] == ms(60) and state["tables"] == []


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (lambda r, by: clock.pause_clock(r, by=by), "status"),  # not started
        (lambda r, by: clock.extend_clock(r, minutes=5, by=by), "status"),
        (lambda r, by: clock.reset_clock(r, reason="x", by=by), "status"),
        (lambda r, by: clock.start_clock(r, minutes=0, by=by), "minutes"),
        (lambda r, by: clock.start_clock(r, minutes="ten", by=by), "minutes"),
        (lambda r, by: clock.start_clock(r, minutes=601, by=by), "minutes"),
    ],
)
def test_nonsense_before_the_start_is_refused_naming_the_field(hall, action, field):
    with pytest.raises(ClockError) as refused:
        action(hall["round"], hall["users"]["director"])
    assert refused.value.field == field
    assert not ClockEvent.objects.exists()


def test_nonsense_on_a_running_clock_is_refused_naming_the_field(hall):
    round_, by = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=by, now=T0)
    cases = [
        (lambda: clock.start_clock(round_, by=by), "status"),
        (lambda: clock.resume_clock(round_, by=by), "status"),
        (lambda: clock.extend_clock(round_, minutes=-91, by=by, now=T0), "minutes"),
        (lambda: clock.give_table_extra(round_, table_number=2, minutes=3, reason=""), "reason"),
        (lambda: clock.give_table_extra(round_, table_number=9, minutes=3, reason="x"), "table"),
        (lambda: clock.give_table_extra(round_, table_number=2, minutes=-1, reason="x"), "minutes"),
        (lambda: clock.reset_clock(round_, reason="  ", by=by), "reason"),
    ]
    for action, field in cases:
        with pytest.raises(ClockError) as refused:
            action()
        assert refused.value.field == field
    assert ClockEvent.objects.count() == 1  # the start alone


def test_a_draft_round_has_no_clock(hall):
    draft = Round.objects.create(event=hall["event"], number=2)
    with pytest.raises(ClockError):
        clock.start_clock(draft, minutes=30)


def test_the_event_without_a_time_limit_needs_minutes(hall):
    event = hall["event"]
    event.time_limit_minutes = None
    event.save()
    round_ = Round.objects.get(pk=hall["round"].pk)
    with pytest.raises(ClockError) as refused:
        clock.start_clock(round_)
    assert refused.value.field == "minutes"
    clock.start_clock(round_, minutes=45, now=T0)
    assert clock.clock_state(round_, now=T0)["duration"] == ms(45)


def test_every_action_is_logged_with_who_and_why(hall):
    round_, by = hall["round"], hall["users"]["director"]
    clock.start_clock(round_, by=by, now=T0)
    clock.pause_clock(round_, by=by, reason="fire drill", now=T0 + MIN)
    clock.resume_clock(round_, by=by, now=T0 + 3 * MIN)
    clock.extend_clock(round_, minutes=-5, by=by, reason="late start undone", now=T0 + 4 * MIN)
    clock.give_table_extra(round_, table_number=2, minutes=3, reason="long ruling", by=by)
    clock.reset_clock(round_, reason="wrong round", by=by)
    log = list(ClockEvent.objects.order_by("pk").values_list("kind", "seconds", "reason"))
    assert log == [
        ("start", 5400, ""),
        ("pause", 0, "fire drill"),
        ("resume", 120, ""),
        ("extend", -300, "late start undone"),
        ("table_extra", 180, "long ruling"),
        ("reset", 0, "wrong round"),
    ]
    assert set(ClockEvent.objects.values_list("created_by__username", flat=True)) == {"director"}
    assert [e.kind for e in clock.clock_log(round_)][0] == "reset"  # newest first


def test_the_policy_is_the_rulesets_or_else_the_events(make_event):
    riichi = make_event(ruleset="wrc", time_limit_policy="abandon_current")
    assert clock.policy_of(riichi) == ("finish_current", "rules")
    mcr = make_event(ruleset="mcr")
    assert clock.policy_of(mcr) == ("abandon_current", "rules")
    zung_jung = make_event(ruleset="zung-jung", time_limit_policy="abandon_current")
    assert clock.policy_of(zung_jung) == ("abandon_current", "event")


# --- the director's buttons: who may press them ------------------------------------------

ACTIONS = ["start", "pause", "resume", "extend", "table_extra", "reset"]


def _client(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("who", ["anonymous", "viewer", "judge"])
@pytest.mark.parametrize("action", ACTIONS)
def test_only_a_director_may_change_the_clock(hall, who, action):
    url = reverse(f"hall:clock_{action}", args=["cup", 1])
    response = _client(hall["users"][who]).post(url, {"minutes": 5, "reason": "x", "table": 1})
    if who == "anonymous":
        assert response.status_code == 302 and "login" in response["Location"]
    else:
        assert response.status_code == 403
    assert not RoundClock.objects.exists() and not ClockEvent.objects.exists()


def _post(client, action, **data):
    response = client.post(reverse(f"hall:clock_{action}", args=["cup", 1]), data)
    assert response.status_code == 302
    assert response["Location"] == reverse("seating:round", args=["cup", 1])
    return [(m.level_tag, str(m)) for m in get_messages(response.wsgi_request)]


def test_the_director_starts_extends_and_gives_extra_time(hall):
    client = _client(hall["users"]["director"])
    assert _post(client, "start")[-1][0] == "success"
    assert _post(client, "extend", minutes=5, reason="late start")[-1][0] == "success"
    said = _post(client, "table_extra", table=2, minutes=3, reason="long ruling")
    assert said[-1] == ("success", "Table 2: +3 min of extra time.")
    assert _post(client, "pause")[-1][0] == "success"
    assert _post(client, "resume")[-1][0] == "success"
    state = clock.clock_state(hall["round"], table_number=2)
    assert state["extension"] == ms(5) and state["table"]["extra"] == ms(3)
    page = client.get(reverse("seating:round", args=["cup", 1])).content.decode()
    assert "long ruling" in page and "data-round-clock" in page
    assert "At time: the hand in progress is the last one" in page


@pytest.mark.parametrize(
    ("action", "data", "words"),
    [
        ("pause", {}, "not been started"),
        ("extend", {"minutes": "five"}, "Minutes"),
        ("table_extra", {"table": 2, "minutes": 3}, "Reason"),
        ("reset", {"reason": "x"}, "not been started"),
    ],
)
def test_refused_actions_are_messages_not_errors(hall, action, data, words):
    said = _post(_client(hall["users"]["director"]), action, **data)
    assert said and said[0][0] == "error" and words in said[0][1]
    assert not ClockEvent.objects.exists()


def test_an_empty_start_without_a_time_limit_is_a_message(hall):
    event = hall["event"]
    event.time_limit_minutes = None
    event.save()
    said = _post(_client(hall["users"]["director"]), "start")
    assert said[0][0] == "error" and "no time limit" in said[0][1]


# --- the JSON and the pages ------------------------------------------------------------------


def test_the_public_json_is_never_cached_and_has_the_tables_deadline(hall, client):
    clock.start_clock(hall["round"], by=hall["users"]["director"])
    clock.give_table_extra(hall["round"], table_number=2, minutes=3, reason="late")
    response = client.get("/e/cup/round/1/clock.json?table=2")
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    state = response.json()
    assert state["status"] == "running" and state["policy"] == "finish_current"
    assert state["table"]["deadline"] - state["deadline"] == ms(3)
    assert state["latest_round"] == 1
    # Asked again, the answer is fresh (no page cache in between).
    clock.extend_clock(hall["round"], minutes=5)
    again = client.get("/e/cup/round/1/clock.json?table=2").json()
    assert again["deadline"] - state["deadline"] == ms(5)


def test_an_unpublished_round_has_no_public_json_but_its_staff_see_it(hall, client):
    seated = Round.objects.create(event=hall["event"], number=2, status=Round.Status.SEATED)
    Table.objects.create(round=seated, number=1)
    assert client.get("/e/cup/round/2/clock.json").status_code == 404
    judge = _client(hall["users"]["judge"])
    response = judge.get("/manage/cup/round/2/clock.json?table=1")
    assert response.status_code == 200 and response.json()["status"] == "not_started"
    assert "no-store" in response["Cache-Control"]
    assert client.get("/manage/cup/round/2/clock.json").status_code == 302  # login


def test_a_hidden_event_has_no_public_clock(hall, client):
    event = hall["event"]
    event.is_public = False
    event.save()
    assert client.get("/e/cup/round/1/clock.json").status_code == 404
    assert client.get("/e/cup/projector/clock/").status_code == 404


def test_the_judges_table_page_shows_its_tables_time(hall):
    clock.start_clock(hall["round"])
    clock.give_table_extra(hall["round"], table_number=2, minutes=3, reason="late")
    page = _client(hall["users"]["judge"]).get("/j/cup/1/2/").content.decode()
    assert 'data-url="/e/cup/round/1/clock.json?table=2"' in page
    assert "includes 3 min extra time for this table" in page
    assert "round-clock.js" in page


def test_the_public_event_page_shows_a_clock_only_while_one_runs(hall, client):
    assert "data-round-clock" not in client.get("/e/cup/").content.decode()
    clock.start_clock(hall["round"])
    page = client.get("/e/cup/").content.decode()  # the page cache let go of the old page
    assert "data-round-clock" in page and "Round 1 clock" in page


def test_the_projector_clock_page(hall, client):
    clock.start_clock(hall["round"])
    clock.give_table_extra(hall["round"], table_number=2, minutes=3, reason="late")
    page = client.get("/e/cup/projector/clock/").content.decode()
    assert "data-follow" in page and 'data-url="/e/cup/round/1/clock.json"' in page
    assert "site-header" not in page  # no site navigation
    assert "At time: the hand in progress is the last one" in page
    assert 'data-clock-table="2"' in page


def test_the_projector_clock_page_in_japanese(hall, client):
    clock.start_clock(hall["round"])
    page = client.get("/e/cup/projector/clock/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "第1回戦" in page or "回戦" in page
    assert "At time" not in page


# --- the event's own "at time" setting ----------------------------------------------------


def test_the_event_forms_offer_the_at_time_setting(db, django_user_model):
    from tournament.events.models import Event

    root = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    client = _client(root)
    page = client.get("/manage/new/").content.decode()
    assert 'name="time_limit_policy"' in page and "only where the ruleset says nothing" in page
    form = {
        "name": "Zung Jung Open",
        "slug": "zj-open",
        "ruleset": "zung-jung",
        "ruleset_overrides": "{}",
        "start_date": "2026-06-01",
        "end_date": "2026-06-01",
        "time_limit_minutes": "120",
        "time_limit_policy": "abandon_current",
    }
    assert client.post("/manage/new/", form).status_code == 302
    event = Event.objects.get(slug="zj-open")
    assert event.time_limit_policy == "abandon_current"
    assert clock.policy_of(event) == ("abandon_current", "event")
    edit = client.get("/manage/zj-open/edit/").content.decode()
    assert '<option value="abandon_current" selected>' in edit
    del form["slug"], form["ruleset_overrides"]
    response = client.post("/manage/zj-open/edit/", {**form, "time_limit_policy": "finish_current"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.time_limit_policy == "finish_current"
    refused = client.post("/manage/zj-open/edit/", {**form, "time_limit_policy": "sudden_death"})
    assert refused.status_code == 400
