"""The acceptance figures of issue [4/8] (seating), through the services the pages call.

Real Event, Registration and Player rows, seated round by round with
``seat_round`` (as the dashboard's "Seat round" button does) and all at once
with ``plan_remaining_rounds``; repeats, club meetings and winds are counted
here from the Seat rows, independently of ``quality.py``.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from tournament.events import services as event_services
from tournament.events.models import Event
from tournament.rounds import services
from tournament.seating.models import Round, Seat
from tournament.seating.quality import event_quality

pytestmark = pytest.mark.django_db

MESSY_CLUBS = (5, 5, 4, 4, 3, 3, 2, 2)


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.SEATING_TIME_BUDGET = 3


def field(make_event, players, rounds, clubs=()):
    """An event of ``players`` registrations, the first ones in clubs of the given sizes."""
    event = make_event(slug=f"e{players}x{rounds}")
    Event.objects.filter(pk=event.pk).update(rounds_planned=rounds)
    event.refresh_from_db()
    names = [f"club {c}" for c, size in enumerate(clubs) for _ in range(size)]
    for n in range(players):
        club = names[n] if n < len(names) else ""
        event_services.add_player(event, name=f"P{n:02d}", club=club)
    return event_services.start_event(event)  # seating needs a started event (issue #34)


def seated(event):
    """round -> table -> {wind: registration id}, from the Seat rows."""
    rounds: dict = {}
    for seat in Seat.objects.filter(round__event=event).values(
        "round__number", "table__number", "wind", "registration_id"
    ):
        table = rounds.setdefault(seat["round__number"], {}).setdefault(seat["table__number"], {})
        table[seat["wind"]] = seat["registration_id"]
    return rounds


def counts(event):
    """(repeats, club meetings, whole-club tables, wind counts per player), counted here."""
    clubs = {r.pk: r.club for r in event.registrations.select_related("player")}
    met: Counter = Counter()
    club_meetings = whole = 0
    winds: dict = {}
    for tables in seated(event).values():
        for table in tables.values():
            for wind, player in table.items():
                winds.setdefault(player, Counter())[wind] += 1
            for a, b in itertools.combinations(table.values(), 2):
                met[frozenset((a, b))] += 1
                club_meetings += bool(clubs[a]) and clubs[a] == clubs[b]
            if len({clubs[p] for p in table.values()}) == 1 and clubs[table["E"]]:
                whole += 1
    repeats = sum(m - 1 for m in met.values() if m > 1)
    return repeats, club_meetings, whole, winds


def each_wind_twice(winds):
    return all(sorted(c[w] for w in "ESWN") == [2, 2, 2, 2] for c in winds.values())


def round_by_round(event, rounds):
    for number in range(1, rounds + 1):
        services.seat_round(event, number)


def all_at_once(event):
    return services.plan_remaining_rounds(event)


def publish(event, *numbers):
    for number in numbers:
        services.publish_round(Round.objects.get(event=event, number=number))


@pytest.mark.parametrize("path", [round_by_round, all_at_once])
def test_28_players_in_messy_clubs_meet_nobody_twice(make_event, path):
    """Clubs of 5, 5, 4, 4, 3, 3, 2, 2: the clubs packed into the design's unused round."""
    event = field(make_event, 28, 8, MESSY_CLUBS)
    path(event, 8) if path is round_by_round else path(event)
    repeats, club_meetings, whole, winds = counts(event)
    assert repeats == 0
    assert club_meetings <= 8
    assert whole == 0
    assert len(winds) == 28 and each_wind_twice(winds)
    quality = event_quality(event)
    assert (quality.repeats, quality.club_meetings) == (repeats, club_meetings)
    assert not quality.wind_unbalanced


@pytest.mark.parametrize("path", [round_by_round, all_at_once])
@pytest.mark.parametrize("players", [28, 36])
def test_clubs_of_four_never_meet(make_event, path, players):
    event = field(make_event, players, 8, (4,) * (players // 4))
    path(event, 8) if path is round_by_round else path(event)
    repeats, club_meetings, _whole, winds = counts(event)
    assert (repeats, club_meetings) == (0, 0)
    assert each_wind_twice(winds)


@pytest.mark.parametrize("path", [round_by_round, all_at_once])
def test_16_players_in_four_clubs_of_four_keep_clubs_apart_and_report_repeats(make_event, path):
    event = field(make_event, 16, 5, (4, 4, 4, 4))
    path(event, 5) if path is round_by_round else path(event)
    repeats, club_meetings, whole, _winds = counts(event)
    assert club_meetings == 0
    assert whole == 0
    assert repeats > 0  # 12 strangers for 15 meetings each: unavoidable
    quality = event_quality(event)
    assert quality.repeats == repeats
    assert sum(m - 1 for _a, _b, m in quality.repeated_pairs) == repeats


def drop_and_substitute(event, drop_index=0, name="Sub"):
    registration = event.registrations.order_by("pk")[drop_index]
    event_services.drop_player(registration)
    newcomer = event_services.add_substitute(event, name=name)
    return registration, newcomer


def test_a_drop_and_a_substitute_after_round_3_keep_the_plan_repeat_free(make_event):
    event = field(make_event, 28, 8, MESSY_CLUBS)
    services.plan_remaining_rounds(event)
    publish(event, 1, 2, 3)
    gone, newcomer = drop_and_substitute(event, 5)
    replanned = services.plan_remaining_rounds(event)
    assert [r.number for r in replanned] == [4, 5, 6, 7, 8]
    repeats, _clubs, _whole, winds = counts(event)
    assert repeats == 0
    later = Seat.objects.filter(round__event=event, round__number__gte=4)
    assert not later.filter(registration=gone).exists()
    assert later.filter(registration=newcomer).count() == 5
    assert sorted(winds[newcomer.pk][w] for w in "ESWN") == [1, 1, 1, 2]
    record = Seat.history.filter(round__number=4, registration_id=newcomer.pk).first()
    assert record.history_change_reason.startswith("seating.replanned")


def test_a_drop_and_a_substitute_seated_round_by_round_stay_repeat_free(make_event):
    event = field(make_event, 28, 8, MESSY_CLUBS)
    round_by_round(event, 3)
    publish(event, 1, 2, 3)
    drop_and_substitute(event, 5)
    for number in range(4, 9):
        services.seat_round(event, number)
    assert counts(event)[0] == 0


def test_a_late_arrival_and_a_second_withdrawal_report_their_repeats(make_event):
    event = field(make_event, 32, 8)
    services.plan_remaining_rounds(event)
    publish(event, 1, 2)
    event_services.drop_player(event.registrations.order_by("pk")[3])
    late = event_services.add_player(event, name="Late")
    services.plan_remaining_rounds(event)
    publish(event, 3, 4)
    gone, substitute = drop_and_substitute(event, 10, name="House")
    services.plan_remaining_rounds(event)
    repeats, club_meetings, _whole, _winds = counts(event)
    quality = event_quality(event)
    assert quality.repeats == repeats
    assert quality.club_meetings == club_meetings
    assert Seat.objects.filter(round__event=event, registration=late).count() == 6
    assert Seat.objects.filter(round__event=event, registration=substitute).count() == 4
    assert not Seat.objects.filter(round__number__gte=5, registration=gone).exists()
