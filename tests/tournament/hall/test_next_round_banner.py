"""The projector's "next round starts at" banner (issue #34, "What to build", polish).

Nothing held the time the next round starts: the director said it into a
microphone. Now the director sets it next to the round's clock (the round
page), as a round's field (``Round.next_round_at``, versioned with who and
why), and the projector's standings, team and seating screens show "Next
round starts at 14:00" until the next round's clock starts or the time has
passed. Bad input names the field and saves nothing; only a director sets it.
"""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from tournament.events.change_reasons import decode
from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.hall.clock import services as clock
from tournament.seating.models import Round, Seat, Table

SOON = datetime.timedelta(hours=2)


@pytest.fixture
def hall(make_event, make_player):
    """A public event; round 1 published with one table; a director and a judge."""
    event = make_event(slug="cup", ruleset="wrc", time_limit_minutes=90)
    start_event(event)
    round_ = Round.objects.create(
        event=event, number=1, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    table = Table.objects.create(round=round_, number=1)
    for wind in "ESWN":
        registration = Registration.objects.create(event=event, player=make_player())
        Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    User = get_user_model()
    users = {}
    for role in ("judge", "director"):
        users[role] = User.objects.create_user(role, password="pw")
        StaffRole.objects.create(event=event, user=users[role], role=role)
    return {"event": event, "round": round_, "users": users}


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _url(round_) -> str:
    return f"/manage/{round_.event.slug}/round/{round_.number}/clock/next-round/"


def _local(moment: datetime.datetime) -> str:
    """The value a datetime-local input sends for ``moment``."""
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def _boards(event, language: str = "en") -> list[str]:
    client = Client(headers={"accept-language": language})
    pages = ("standings/board/", "seating/board/", "standings/", "seating/")
    return [client.get(f"/e/{event.slug}/projector/{page}").content.decode() for page in pages]


def test_the_director_sets_the_time_and_every_projector_screen_shows_it(hall):
    round_, director = hall["round"], hall["users"]["director"]
    when = (timezone.now() + SOON).replace(second=0, microsecond=0)
    response = _as(director).post(_url(round_), {"next_round_at": _local(when), "reason": "lunch"})
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.next_round_at == when
    record = round_.history.first()
    assert record.history_user == director
    assert decode(record.history_change_reason) == ("round.next_round_time", {"words": "lunch"})
    shown = timezone.localtime(when).strftime("%H:%M")
    for html in _boards(hall["event"]):
        assert f"Next round starts at {shown}" in html
    for language, words in (("ja", f"次の回戦は{shown}開始"), ("zh-hans", f"下一轮{shown}开始")):
        for html in _boards(hall["event"], language):
            assert words in html, language
    # The round page shows it, ready to change.
    page = _as(director).get(f"/manage/{round_.event.slug}/round/1/").content.decode()
    assert f'value="{_local(when)}"' in page


def test_the_banner_goes_when_the_next_round_starts_or_the_time_has_passed(hall):
    event, round_, director = hall["event"], hall["round"], hall["users"]["director"]
    round_.next_round_at = timezone.now() + SOON
    round_.save()
    assert "Next round starts at" in _boards(event)[0]
    second = Round.objects.create(
        event=event, number=2, status=Round.Status.PUBLISHED, published_at=timezone.now()
    )
    Table.objects.create(round=second, number=1)
    clock.start_clock(second, by=director)
    assert not any("Next round starts at" in html for html in _boards(event))
    round_.next_round_at = timezone.now() - datetime.timedelta(minutes=1)
    round_.save()
    second.clock.delete()
    assert not any("Next round starts at" in html for html in _boards(event))


def test_an_empty_time_takes_the_banner_away(hall):
    round_, director = hall["round"], hall["users"]["director"]
    round_.next_round_at = timezone.now() + SOON
    round_.save()
    assert _as(director).post(_url(round_), {"next_round_at": ""}).status_code == 302
    round_.refresh_from_db()
    assert round_.next_round_at is None
    assert not any("Next round starts at" in html for html in _boards(hall["event"]))


@pytest.mark.parametrize("value", ["tomorrow", "2026-13-40T25:99", "9" * 40])
def test_a_bad_time_is_refused_with_the_field_named(hall, value):
    round_, director = hall["round"], hall["users"]["director"]
    client = _as(director)
    response = client.post(_url(round_), {"next_round_at": value})
    assert response.status_code == 302
    said = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(m.startswith("Next round starts at:") for m in said), said
    round_.refresh_from_db()
    assert round_.next_round_at is None
    assert round_.history.count() == 1  # nothing saved: only the creation


def test_only_a_director_sets_it(hall):
    round_, judge = hall["round"], hall["users"]["judge"]
    when = timezone.now() + SOON
    response = _as(judge).post(_url(round_), {"next_round_at": _local(when)})
    assert response.status_code == 403
    round_.refresh_from_db()
    assert round_.next_round_at is None
    assert Client().post(_url(round_), {"next_round_at": _local(when)}).status_code == 302  # login
    round_.refresh_from_db()
    assert round_.next_round_at is None
