"""Who sits: every active player, then reserves, then house substitutes, only as needed."""

import pytest

from tournament.events import services as event_services
from tournament.events.models import Registration
from tournament.rounds import services
from tournament.seating.field import playing_registrations


@pytest.fixture
def event(make_event):
    return event_services.start_event(make_event(slug="field"))  # seating needs it (issue #34)


def register(event, count, status="active", prefix="P"):
    return [
        event_services.add_player(event, name=f"{prefix}{n:02d}", status=status)
        for n in range(count)
    ]


def ids(registrations):
    return [r.pk for r in registrations]


def test_a_full_field_seats_no_reserve_and_no_substitute(event):
    active = register(event, 8)
    register(event, 2, "reserve", "R")
    register(event, 2, "substitute", "S")
    assert ids(playing_registrations(event)) == ids(active)


def test_reserves_fill_the_last_table_in_registration_order(event):
    active = register(event, 6)
    reserves = register(event, 3, "reserve", "R")
    register(event, 2, "substitute", "S")
    assert ids(playing_registrations(event)) == ids(active + reserves[:2])


def test_house_substitutes_fill_only_what_reserves_cannot(event):
    active = register(event, 5)
    reserves = register(event, 1, "reserve", "R")
    substitutes = register(event, 3, "substitute", "S")
    assert ids(playing_registrations(event)) == ids(active + reserves + substitutes[:2])


def test_withdrawn_players_never_sit(event):
    active = register(event, 5)
    reserve = register(event, 3, "reserve", "R")
    event_services.drop_player(active[0])
    # 4 active players fill a table: the reserves wait.
    assert ids(playing_registrations(event)) == ids(active[1:])
    assert all(r.pk not in ids(playing_registrations(event)) for r in reserve)


def test_a_field_that_cannot_be_filled_is_returned_short_and_seating_refuses(event):
    register(event, 5)
    register(event, 1, "reserve", "R")
    assert len(playing_registrations(event)) == 6
    with pytest.raises(event_services.EventError, match="6 players cannot fill tables of four"):
        services.seat_round(event, 1, time_budget=0.2)


def test_a_seated_round_keeps_the_reserves_out_until_needed(event):
    register(event, 8)
    reserve = register(event, 1, "reserve", "R")[0]
    round_ = services.seat_round(event, 1, time_budget=0.2)
    assert not round_.seats.filter(registration=reserve).exists()
    assert round_.seats.count() == 8


def test_status_changes_by_the_director(event, django_user_model):
    director = django_user_model.objects.create_user("dora")
    player = register(event, 1)[0]
    for status in ("reserve", "substitute", "active"):
        event_services.reinstate_player(player, status, by=director)
        player.refresh_from_db()
        assert player.status == status
    event_services.reinstate_player(player, "dropped", by=director)
    player.refresh_from_db()
    assert player.status == Registration.Status.DROPPED
    with pytest.raises(event_services.EventError, match="already"):
        event_services.reinstate_player(player, "dropped")
    with pytest.raises(event_services.EventError, match="comes back as"):
        event_services.reinstate_player(player, "king")
