"""Seating services: the planner's answer stored whole, refusals, swaps, publishing."""

import pytest

from tournament.events import services as event_services
from tournament.events.errors import EventError
from tournament.events.models import Registration
from tournament.rounds import services
from tournament.seating.models import Round, Seat, Table

CLUBS = ["Tokyo", "Osaka", "Paris", "Hamburg"]


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user("dora")


@pytest.fixture
def event(make_event):
    return event_services.start_event(make_event(slug="cup"))  # seating needs it (issue #34)


def register(event, count, start=0, status="active"):
    return [
        event_services.add_player(
            event, name=f"P{n:02d}", club=CLUBS[n % len(CLUBS)], status=status
        )
        for n in range(start, start + count)
    ]


@pytest.fixture
def spy(monkeypatch):
    """Records the planner's arguments while still calling it."""
    calls = []
    planner = services._planner()
    real = planner.plan_seating

    def plan(players, rounds, **kwargs):
        calls.append({"players": list(players), "rounds": rounds, **kwargs})
        return real(players, rounds, **kwargs)

    monkeypatch.setattr(planner, "plan_seating", plan)
    return calls


def seating(round_):
    return {
        (seat.table.number, seat.wind): seat.registration_id
        for seat in Seat.objects.filter(round=round_).select_related("table")
    }


def test_seat_round_stores_every_player_once(event, director):
    regs = register(event, 16)
    round_ = services.seat_round(event, 1, by=director, time_budget=0.5)
    assert round_.status == Round.Status.SEATED
    assert round_.method == "balanced"
    assert round_.tables.count() == 4
    seats = seating(round_)
    assert sorted(seats.values()) == sorted(r.pk for r in regs)
    assert {wind for _table, wind in seats} == {"E", "S", "W", "N"}
    assert [t.number for t in round_.tables.order_by("number")] == [1, 2, 3, 4]
    record = Seat.history.filter(round_id=round_.pk).first()
    assert record.history_change_reason == "seating.seated"
    assert record.history_user == director
    assert round_.history.latest().history_change_reason == 'round.seated {"method":"balanced"}'


def test_later_rounds_pass_history_groups_and_only_playing_players(event, spy):
    regs = register(event, 12)
    register(event, 4, start=12, status="substitute")
    first = services.seat_round(event, 1, time_budget=0.5)
    event_services.drop_player(regs[0])
    event_services.add_player(event, name="Late", club="Tokyo")
    services.seat_round(event, 2, time_budget=0.5)

    call = spy[-1]
    assert regs[0].pk not in call["players"]
    # 12 active players fill three tables: the house substitutes wait (issue "[4/8]").
    assert len(call["players"]) == 12
    assert call["rounds"] == 2
    assert call["method"] == "balanced"
    assert call["standings"] is None
    assert call["groups"][regs[1].pk] == "Osaka"
    history = call["history"]
    assert len(history) == 1
    stored = seating(first)
    assert history[0][0] == tuple(stored[(1, w)] for w in "ESWN")
    assert not Seat.objects.filter(round__number=2, registration=regs[0]).exists()


def test_a_registration_group_overrides_the_club(event, spy):
    regs = register(event, 8)
    Registration.objects.filter(pk=regs[0].pk).update(group="Team Red")
    services.seat_round(event, 1, time_budget=0.5)
    assert spy[-1]["groups"][regs[0].pk] == "Team Red"


def test_swiss_ranks_by_registration_order_until_standings_exist(event, spy):
    regs = register(event, 8)
    services.seat_round(event, 1, "swiss", time_budget=0.5)
    assert spy[-1]["method"] == "swiss"
    assert spy[-1]["standings"] == [r.pk for r in regs]


def test_swiss_ranks_by_the_standings_once_results_are_confirmed(event, spy, director):
    from tournament.results.sheet import services as results

    regs = register(event, 8)  # the event fixture is started already (issue #34)
    judge, other = director, type(director).objects.create_user("other-judge")
    for user in (judge, other):
        event_services.grant_role(event, user, "judge")
    round_ = services.seat_round(event, 1, time_budget=0.5)
    for table, scores in zip(
        round_.tables.order_by("number"),
        [(40000, 30000, 27000, 23000), (50000, 35000, 20000, 15000)],
        strict=True,
    ):
        sheet = results.save_final_scores(
            table, dict(zip("ESWN", scores, strict=True)), by=judge, base_version=0
        )
        results.submit_sheet(table, by=judge, version=sheet.version)
        results.confirm_sheet(table, by=other, version=sheet.version)
    by_seat = {(s.table.number, s.wind): s.registration_id for s in round_.seats.all()}
    # wrc: (points - 30,000) / 1,000 + uma 15/5/-5/-15:
    expected = [
        by_seat[(2, "E")], by_seat[(1, "E")], by_seat[(2, "S")], by_seat[(1, "S")],
        by_seat[(1, "W")], by_seat[(2, "W")], by_seat[(1, "N")], by_seat[(2, "N")],
    ]  # fmt: skip
    # E2 20+15 = 35, E1 10+15 = 25, S2 5+5 = 10, S1 0+5 = 5, W1 -3-5 = -8,
    # W2 -10-5 = -15, N1 -7-15 = -22, N2 -15-15 = -30.
    services.seat_round(event, 2, "swiss", time_budget=0.5)
    assert spy[-1]["standings"] == expected
    assert sorted(expected) == sorted(r.pk for r in regs)


@pytest.mark.parametrize(("count", "short"), [(13, 3), (15, 1), (17, 3)])
def test_players_that_cannot_fill_tables_are_refused_and_nothing_saved(event, count, short):
    register(event, count)
    with pytest.raises(
        EventError, match=f"{count} players cannot fill tables of four: add {short}"
    ):
        services.seat_round(event, 1)
    assert not Round.objects.exists()
    assert not Table.objects.exists()


def test_refusals(event):
    with pytest.raises(EventError, match="Nobody is registered"):
        services.seat_round(event, 1)
    register(event, 4)
    with pytest.raises(EventError, match="numbered from 1"):
        services.seat_round(event, 0)
    with pytest.raises(EventError, match="Seat round 1 first"):
        services.seat_round(event, 2)
    with pytest.raises(EventError, match="Unknown seating method"):
        services.seat_round(event, 1, "alphabetical")
    event.status = "finished"
    event.save()
    with pytest.raises(EventError, match="has finished"):
        services.seat_round(event, 1)


def test_a_planner_refusal_becomes_an_event_error(event, monkeypatch):
    register(event, 8)

    planner = services._planner()

    def refuse(*args, **kwargs):
        raise planner.SeatingError("no seating without repeats exists")

    monkeypatch.setattr(planner, "plan_seating", refuse)
    with pytest.raises(EventError, match="could not seat this round: no seating without"):
        services.seat_round(event, 1)
    assert not Round.objects.exists()


def test_an_unpublished_round_can_be_seated_again(event):
    regs = register(event, 8)
    round_ = services.seat_round(event, 1, time_budget=0.5)
    event_services.drop_player(regs[0])
    event_services.drop_player(regs[1])
    event_services.drop_player(regs[2])
    event_services.drop_player(regs[3])
    again = services.seat_round(event, 1, "random", time_budget=0.5)
    assert again.pk == round_.pk
    assert again.method == "random"
    assert again.tables.count() == 1
    assert Seat.objects.filter(round=again).count() == 4
    assert Table.history.filter(history_type="-", history_change_reason="table.reseated").exists()


def test_published_or_earlier_rounds_are_not_seated_again(event):
    register(event, 8)
    first = services.seat_round(event, 1, time_budget=0.5)
    services.seat_round(event, 2, time_budget=0.5)
    with pytest.raises(EventError, match="once a later round is seated"):
        services.seat_round(event, 1)
    services.publish_round(first)
    with pytest.raises(EventError, match="already published"):
        services.seat_round(event, 1)


def test_publish_round(event, director):
    register(event, 4)
    round_ = services.seat_round(event, 1, time_budget=0.5)
    published = services.publish_round(round_, by=director)
    assert published.status == Round.Status.PUBLISHED
    assert published.published_at is not None
    record = published.history.latest()
    assert (record.history_change_reason, record.history_user) == ("round.published", director)
    with pytest.raises(EventError, match="already published"):
        services.publish_round(round_)
    draft = Round.objects.create(event=event, number=2)
    with pytest.raises(EventError, match="no seating yet"):
        services.publish_round(draft)


@pytest.mark.parametrize("same_table", [True, False])
def test_swap_two_seats(event, director, same_table):
    register(event, 8)
    round_ = services.seat_round(event, 1, time_budget=0.5)
    before = seating(round_)
    place_a = (1, "E")
    place_b = (1, "N") if same_table else (2, "S")
    seat_a = Seat.objects.get(round=round_, table__number=1, wind="E")
    seat_b = Seat.objects.get(round=round_, table__number=place_b[0], wind=place_b[1])
    services.swap_seats(seat_a, seat_b, by=director, reason="wheelchair access")
    after = seating(round_)
    assert after[place_a] == before[place_b]
    assert after[place_b] == before[place_a]
    assert {k: v for k, v in after.items() if k not in (place_a, place_b)} == {
        k: v for k, v in before.items() if k not in (place_a, place_b)
    }
    reasons = set(
        Seat.history.filter(round_id=round_.pk, history_user=director).values_list(
            "history_change_reason", flat=True
        )
    )
    assert reasons == {'seat.swapped {"words":"wheelchair access"}'}


def test_swap_refusals(event, make_event):
    register(event, 8)
    round_ = services.seat_round(event, 1, time_budget=0.5)
    round2 = services.seat_round(event, 2, time_budget=0.5)
    seat = Seat.objects.filter(round=round_).first()
    other = Seat.objects.filter(round=round_).exclude(pk=seat.pk).first()
    with pytest.raises(EventError, match="Say why"):
        services.swap_seats(seat, other, reason=" ")
    with pytest.raises(EventError, match="two different seats"):
        services.swap_seats(seat, seat, reason="x")
    with pytest.raises(EventError, match="same round"):
        services.swap_seats(seat, Seat.objects.filter(round=round2).first(), reason="x")
    Round.objects.filter(pk=round_.pk).update(status="finished", published_at="2026-06-01T10:00Z")
    with pytest.raises(EventError, match="has finished"):
        services.swap_seats(seat, other, reason="x")
