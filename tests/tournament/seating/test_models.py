"""Rounds, tables and seats: the constraints hold in the database, history is kept."""

import pytest
from django.db import IntegrityError, transaction

from tournament.events.models import Registration, StaffRole
from tournament.seating.models import Round, Seat, Table


@pytest.fixture
def round_with_players(make_event, make_player):
    event = make_event()
    regs = [Registration.objects.create(event=event, player=make_player()) for _ in range(8)]
    round_ = Round.objects.create(event=event, number=1, status="seated")
    tables = [Table.objects.create(round=round_, number=n) for n in (1, 2)]
    return event, round_, tables, regs


def _fails(**fields):
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(**fields)


def test_a_player_sits_once_per_round(round_with_players):
    _event, _round, (t1, t2), regs = round_with_players
    Seat.objects.create(table=t1, wind="E", registration=regs[0])
    _fails(table=t2, wind="E", registration=regs[0])


def test_a_wind_is_taken_once_per_table(round_with_players):
    _event, _round, (t1, _t2), regs = round_with_players
    Seat.objects.create(table=t1, wind="E", registration=regs[0])
    _fails(table=t1, wind="E", registration=regs[1])


def test_only_four_winds(round_with_players):
    _event, _round, (t1, _t2), regs = round_with_players
    _fails(table=t1, wind="X", registration=regs[0])


def test_the_same_player_sits_again_in_the_next_round(round_with_players):
    event, _round, (t1, _t2), regs = round_with_players
    Seat.objects.create(table=t1, wind="E", registration=regs[0])
    round2 = Round.objects.create(event=event, number=2)
    table = Table.objects.create(round=round2, number=1)
    Seat.objects.create(table=table, wind="E", registration=regs[0])
    assert regs[0].seats.count() == 2


def test_a_seat_takes_its_tables_round(round_with_players):
    event, round_, (t1, _t2), regs = round_with_players
    seat = Seat.objects.create(table=t1, wind="S", registration=regs[0])
    assert seat.round == round_
    other = Round.objects.create(event=event, number=2)
    with pytest.raises(ValueError):
        Seat.objects.create(round=other, table=t1, wind="W", registration=regs[1])


def test_seats_are_ordered_east_south_west_north(round_with_players):
    _event, round_, (t1, t2), regs = round_with_players
    for wind, reg in zip("NWSE", regs[:4], strict=True):
        Seat.objects.create(table=t2, wind=wind, registration=reg)
    for wind, reg in zip("WNES", regs[4:], strict=True):
        Seat.objects.create(table=t1, wind=wind, registration=reg)
    assert [(s.table.number, s.wind) for s in round_.seats.all()] == [
        (1, "E"),
        (1, "S"),
        (1, "W"),
        (1, "N"),
        (2, "E"),
        (2, "S"),
        (2, "W"),
        (2, "N"),
    ]


@pytest.mark.parametrize(
    "fields",
    [{"number": 0}, {"number": 1}, {"number": 3, "status": "later"}],
    ids=["round zero", "duplicate number", "unknown status"],
)
def test_round_constraints(round_with_players, fields):
    event, *_ = round_with_players
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(event=event, **fields)


def test_an_unpublished_round_has_no_publication_time(round_with_players):
    from django.utils import timezone

    event, *_ = round_with_players
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(event=event, number=2, status="seated", published_at=timezone.now())
    Round.objects.create(event=event, number=2, status="published", published_at=timezone.now())


def test_table_numbers_are_unique_in_a_round(round_with_players):
    _event, round_, *_ = round_with_players
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.create(round=round_, number=1)


def test_one_role_per_user_and_event(make_event, django_user_model):
    event = make_event()
    user = django_user_model.objects.create_user("judy")
    StaffRole.objects.create(event=event, user=user, role="judge")
    with pytest.raises(IntegrityError), transaction.atomic():
        StaffRole.objects.create(event=event, user=user, role="viewer")
    with pytest.raises(IntegrityError), transaction.atomic():
        StaffRole.objects.create(event=make_event(), user=user, role="boss")


def test_seats_keep_history(round_with_players):
    _event, _round, (t1, _t2), regs = round_with_players
    seat = Seat.objects.create(table=t1, wind="E", registration=regs[0])
    seat.wind = "S"
    seat.save()
    assert [h.wind for h in seat.history.order_by("history_id")] == ["E", "S"]


def test_str(round_with_players):
    event, round_, (t1, _t2), regs = round_with_players
    assert str(round_) == f"{event.name}, round 1"
    assert str(t1) == "Table 1"
    t1.label = "A1"
    assert str(t1) == "A1"
    seat = Seat.objects.create(table=t1, wind="E", registration=regs[0])
    assert str(seat) == f"A1 E: {regs[0].name}"
