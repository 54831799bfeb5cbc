"""Player entry's verbs: PIN limits, the entering phone, acceptance by another seat only."""

from __future__ import annotations

import pytest

from tests.tournament.results.hands import RON
from tournament.playerentry import pin_lock, services
from tournament.playerentry.models import HandCheck, PinAttempt, PlayerAction
from tournament.results.sheet import services as results
from tournament.results.sheet.errors import NotAllowed

A = PlayerAction.Action


def _open(table, seat="E"):
    return services.open_with_pin(table, services.pin_of(table).pin, seat)


def test_pin_is_six_digits_and_stored(table):
    pin = services.pin_of(table)
    assert pin.pin.isdigit() and len(pin.pin) == services.PIN_DIGITS
    assert services.pin_of(table).pin == pin.pin


def test_first_phone_enters_the_second_only_accepts(table):
    first, second = _open(table, "E"), _open(table, "S")
    assert first.enters and not second.enters
    actions = list(PlayerAction.objects.values_list("action", "seat"))
    assert actions == [(A.PIN_OPENED, "E"), (A.PHONE_BOUND, "E"), (A.PIN_OPENED, "S")]


def test_wrong_pins_are_limited_per_phone_in_the_database(table):
    phone = pin_lock.new_device()
    for left in (4, 3, 2, 1, 0):
        with pytest.raises(pin_lock.PinRefused, match=f"{left} tries left"):
            services.open_with_pin(table, "x", "E", device=phone)
    assert PinAttempt.objects.filter(table=table, ok=False, device=phone).count() == 5
    with pytest.raises(pin_lock.PinRefused, match="Too many wrong PINs"):
        services.open_with_pin(table, services.pin_of(table).pin, "E", device=phone)
    assert _open(table, "S").enters  # the other phones are not locked out (issue #32, M1)


def test_option_off_refuses(make_table):
    table = make_table("jpml-b")
    with pytest.raises(NotAllowed):
        _open(table)


def test_hand_entered_then_accepted_by_another_seat(table):
    east, south = _open(table, "E"), _open(table, "S")
    sheet = services.enter_hand(table, east, RON, base_version=0)
    assert sheet.created_by is None and sheet.hands.count() == 1
    check = HandCheck.objects.get(table=table, number=1)
    assert (check.state, check.entered_seat) == ("pending", "E")
    with pytest.raises(NotAllowed, match="another seat"):
        services.accept_hand(table, east, 1)
    services.accept_hand(table, south, 1)
    check.refresh_from_db()
    assert (check.state, check.decided_seat) == ("accepted", "S")


def test_only_the_entering_phone_enters(table):
    _open(table, "E")
    south = _open(table, "S")
    with pytest.raises(NotAllowed, match="Another phone enters"):
        services.enter_hand(table, south, RON, base_version=0)


def test_submit_refused_while_a_hand_is_not_accepted(table):
    east, south = _open(table, "E"), _open(table, "S")
    sheet = services.enter_hand(table, east, RON, base_version=0)
    with pytest.raises(NotAllowed, match="not accepted yet"):
        services.submit_by_players(table, east, sheet.version)
    services.reject_hand(table, south, 1, "the fu is 40")
    with pytest.raises(NotAllowed, match="not accepted yet"):
        services.submit_by_players(table, east, sheet.version)
    assert HandCheck.objects.get(number=1).words == "the fu is 40"


def test_reject_needs_words(table):
    east, south = _open(table, "E"), _open(table, "S")
    services.enter_hand(table, east, RON, base_version=0)
    with pytest.raises(NotAllowed, match="Say what is wrong"):
        services.reject_hand(table, south, 1, "  ")


def test_players_submit_and_a_judge_confirms(table, users):
    east, south = _open(table, "E"), _open(table, "S")
    sheet = services.enter_hand(table, east, RON, base_version=0)
    services.accept_hand(table, south, 1)
    submitted = services.submit_by_players(table, east, sheet.version)
    assert submitted.status == "submitted" and submitted.submitted_by is None
    with pytest.raises(NotAllowed, match="submitted"):
        services.enter_hand(table, east, RON, base_version=sheet.version)
    confirmed = results.confirm_sheet(table, by=users["judge"], version=sheet.version)
    assert confirmed.status == "confirmed" and confirmed.confirmed_by == users["judge"]
    codes = list(PlayerAction.objects.values_list("action", flat=True))
    assert codes[-3:] == [A.HAND_ENTERED, A.HAND_ACCEPTED, A.SUBMITTED]


def test_release_lets_another_phone_enter(table, users):
    east = _open(table, "E")
    services.release_phone(table, by=users["judge"], reason="battery")
    assert services.phone_of(table, east.device, "E", 1).enters is False
    assert _open(table, "W").enters


def test_new_pin_shuts_out_old_phones_and_needs_a_director_and_a_reason(table, users):
    east = _open(table, "E")
    with pytest.raises(NotAllowed, match="Say why"):
        services.regenerate_pin(table, by=users["director"], reason=" ")
    with pytest.raises(NotAllowed, match="director"):
        services.regenerate_pin(table, by=users["judge"], reason="seen")
    old = services.pin_of(table).pin
    pin = services.regenerate_pin(table, by=users["director"], reason="seen by a visitor")
    assert pin.generation == 2 and not pin.entry_device
    assert services.phone_of(table, east.device, "E", 1) is None
    assert pin.pin != old or pin.pin.isdigit()
    log = PlayerAction.objects.get(action=A.PIN_REGENERATED)
    assert (log.by, log.words) == (users["director"], "seen by a visitor")


def test_a_judge_settles_a_disputed_hand_by_entering_it_again(table, users):
    east, south = _open(table, "E"), _open(table, "S")
    sheet = services.enter_hand(table, east, RON, base_version=0)
    services.reject_hand(table, south, 1, "it was 40 fu")
    assert [c.number for c in services.open_checks(table)] == [1]
    fixed = results.replace_hand(
        table, 1, {**RON, "fu": 40}, by=users["judge"], base_version=sheet.version
    )
    assert services.open_checks(table) == []
    assert services.submit_by_players(table, east, fixed.version).status == "submitted"


def test_the_director_switches_the_option_on_with_the_event_settings(make_event, users):
    from tournament.events.editing import edit_event

    event = make_event()
    fields = {"name": event.name, "start_date": event.start_date, "end_date": event.end_date}
    edited = edit_event(event, **fields, is_public=True, player_entry=True, by=users["director"])
    assert edited.player_entry and edited.history.first().player_entry
    assert edit_event(edited, **fields, is_public=True, by=users["director"]).player_entry
