"""Events, players and registrations: constraints, counts and their history."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import IntegrityError

from tournament.events.models import Event, Player, Registration


def test_saving_creates_history_records(make_event, make_player):
    event = make_event(name="Spring Cup")
    player = make_player()
    registration = Registration.objects.create(event=event, player=player, name="佐藤 花子")

    event.name = "Spring Cup 2026"
    event.save()
    registration.status = Registration.Status.DROPPED
    registration.save()

    assert [h.history_type for h in event.history.order_by("history_id")] == ["+", "~"]
    assert event.history.earliest().name == "Spring Cup"
    assert event.history.latest().name == "Spring Cup 2026"
    assert player.history.count() == 1
    assert [h.status for h in registration.history.order_by("history_id")] == [
        "active",
        "dropped",
    ]


def test_deleting_keeps_the_history(make_event):
    event = make_event()
    pk = event.pk
    event.delete()
    assert [h.history_type for h in Event.history.filter(id=pk).order_by("history_id")] == [
        "+",
        "-",
    ]


def test_a_player_registers_once_per_event(make_event, make_player):
    event, player = make_event(), make_player()
    Registration.objects.create(event=event, player=player)
    with pytest.raises(IntegrityError):
        Registration.objects.create(event=event, player=player, status="substitute")


def test_the_same_player_can_play_several_events(make_event, make_player):
    player = make_player()
    Registration.objects.create(event=make_event(), player=player)
    Registration.objects.create(event=make_event(), player=player)
    assert player.registrations.count() == 2


def test_an_event_cannot_end_before_it_starts(make_event):
    with pytest.raises(IntegrityError):
        make_event(start_date=datetime.date(2026, 6, 2), end_date=datetime.date(2026, 6, 1))


def test_clean_explains_bad_dates_and_overrides(db):
    event = Event(
        slug="x",
        name="X",
        ruleset="mcr",
        start_date=datetime.date(2026, 6, 2),
        end_date=datetime.date(2026, 6, 1),
        ruleset_overrides=[1, 2],
    )
    with pytest.raises(ValidationError) as excinfo:
        event.full_clean()
    assert set(excinfo.value.message_dict) == {"end_date", "ruleset_overrides"}


def test_country_must_be_a_two_letter_code(make_event, make_player):
    # Not saved: PostgreSQL, unlike SQLite, refuses three letters in a varchar(2).
    registration = Registration(
        event=make_event(), player=make_player(), name="Player 1", country="jpn"
    )
    with pytest.raises(ValidationError) as excinfo:
        registration.full_clean()
    assert "country" in excinfo.value.message_dict
    registration.country = "JP"
    registration.full_clean()


def test_defaults_of_a_new_event(make_event):
    event = make_event()
    assert event.status == Event.Status.DRAFT
    assert event.ruleset_overrides == {}
    assert event.ruleset_config is None
    assert event.created_at is not None


def test_player_count_leaves_out_dropped_players(make_event, make_player):
    event = make_event()
    for status in ["active", "active", "substitute", "dropped"]:
        Registration.objects.create(event=event, player=make_player(), status=status)
    assert Event.objects.with_player_count().get(pk=event.pk).player_count == 3


def test_public_lists_only_published_events(make_event):
    shown = make_event(is_public=True)
    make_event(is_public=False)
    assert list(Event.objects.public()) == [shown]


@pytest.mark.django_db
def test_migrations_match_the_models():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_the_person_keeps_only_what_is_the_same_everywhere():
    """Issue #32 (H2): the name as entered, club and country are each registration's.

    Issue #34: the order of the person's names (family or given first) is theirs too.
    """
    person = {f.name for f in Player._meta.concrete_fields}
    assert person == {"id", "ema_id", "latin_first_name", "latin_last_name", "name_order"}
    own = {f.name for f in Registration._meta.concrete_fields}
    assert {"name", "club", "country", "team", "group"} <= own


def test_seating_keeps_apart_this_events_club_and_country(make_event, make_player):
    """The seating group of a person known from another event is this event's club."""
    player = make_player(ema_id="042")
    before = Registration.objects.create(
        event=make_event(), player=player, name="Lena", club="Old Club", country="DE"
    )
    now = Registration.objects.create(
        event=make_event(), player=player, name="Lena", club="New Club", country="AT"
    )
    assert (before.seating_group(), now.seating_group()) == ("Old Club", "New Club")
    now.club = ""
    assert now.seating_group() == "AT"
