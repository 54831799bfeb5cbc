"""Player entry as verbs: open a table with its PIN, enter, accept, reject, submit.

Players have no login: a phone is known by a random token in a signed cookie
(``cookies.py``) and the seat its player chose, one seat per phone at a table.
Wrong PINs count per phone (``pin_lock.py``). The sheet itself is written by
the results services (``tournament.results.sheet.services``), exactly as a judge's
entry is, with ``by=None`` (no user); who did it is kept here, in
:class:`PlayerAction` rows, so the audit names "the players of table 3 (East)".
A player's change never touches a submitted or confirmed sheet: that is the
judges' (the results services would let ``by=None`` through, as for an import).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.core.seats import SEATS
from tournament.events.permissions import has_event_permission
from tournament.playerentry.models import HandCheck, PinAttempt, PlayerAction, TablePin
from tournament.playerentry.pin_lock import address_key, new_device, refuse_if_locked, wrong_pin
from tournament.results.models import SEAT_CHOICES, ScoreSheet
from tournament.results.sheet import services as results
from tournament.results.sheet.errors import NotAllowed
from tournament.results.sheet.policy import MAY_NOT_ENTER, PLAYERS, Answer, SheetPolicy
from tournament.results.sheet.state import head_of, lock_table

Action = PlayerAction.Action
State = HandCheck.State
PIN_DIGITS = 6
SEAT_NAMES = dict(SEAT_CHOICES)


class SeatHeld(NotAllowed):
    """The phone already holds another seat at this table."""


@dataclass(frozen=True)
class Phone:
    """A phone that opened a table with the PIN: its token, its player's seat, and its right."""

    device: str
    seat: str
    enters: bool


def new_pin() -> str:
    """A fresh PIN (also for a table restored from a backup, which never holds the PIN)."""
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def pin_of(table) -> TablePin:
    """The table's PIN, made the first time it is asked for (printing, the round page)."""
    pin, _made = TablePin.objects.get_or_create(table=table, defaults={"pin": new_pin()})
    return pin


def _log(table, action, *, words: str = "", **fields) -> PlayerAction:
    """One line of the table's audit; ``fields``: its ``seat``, ``by``, ``number``, ``version``."""
    return PlayerAction.objects.create(table=table, action=action, words=words[:300], **fields)


def _refuse_unless_on(table) -> None:
    if not table.round.event.player_entry:
        raise NotAllowed(_("Players do not enter results in this event."))


def open_with_pin(
    table, typed: str, seat: str, *, device: str = "", held_seat: str = "", address: str = ""
) -> Phone:
    """The PIN opens the table for one phone; the first one (or first after a release) enters.

    ``device`` is the phone's token and ``held_seat`` the seat it already holds
    here (both from its signed cookie, "" for a phone new to the table): a
    phone keeps its seat, and its wrong PINs count against it alone (and
    against its ``address``, the ceiling for phones that come back without
    their cookie).
    """
    if seat not in SEATS:
        raise NotAllowed(_("Choose your seat."))
    if held_seat and held_seat != seat:
        raise SeatHeld(
            _(
                "This phone already holds %(seat)s at this table: it cannot take a second "
                "seat. Each player opens the table on their own phone."
            )
            % {"seat": SEAT_NAMES.get(held_seat, held_seat)}
        )
    device, address = device or new_device(), address_key(address)
    with transaction.atomic():
        table = lock_table(table)
        _refuse_unless_on(table)
        pin = pin_of(table)
        mine = refuse_if_locked(table, pin, device, address)
        right = secrets.compare_digest((typed or "").strip(), pin.pin)
        # Stored whether right or wrong, so the refusal below keeps the count.
        PinAttempt.objects.create(table=table, ok=right, device=device, address=address)
        enters = False
        if right:
            _log(table, Action.PIN_OPENED, seat=seat)
            enters = not pin.entry_device or secrets.compare_digest(pin.entry_device, device)
            if not pin.entry_device:
                pin.entry_device, pin.entry_seat = device, seat
                pin.save(update_fields=["entry_device", "entry_seat"])
                _log(table, Action.PHONE_BOUND, seat=seat)
    if not right:
        raise wrong_pin(mine)
    return Phone(device=device, seat=seat, enters=enters)


def phone_of(table, device: str, seat: str, generation: int) -> Phone | None:
    """The phone a cookie names, or None when its PIN was replaced since (open again)."""
    pin = TablePin.objects.filter(table=table).first()
    if pin is None or pin.generation != generation or seat not in SEATS or not device:
        return None
    return Phone(device=device, seat=seat, enters=secrets.compare_digest(device, pin.entry_device))


def _may_write(table, phone: Phone) -> None:
    """Only the entering phone, and only while the sheet is being entered (under the lock)."""
    _refuse_unless_on(table)
    pin = TablePin.objects.filter(table=table).first()
    if pin is None or not pin.entry_device or phone.device != pin.entry_device:
        raise NotAllowed(_("Another phone enters this table's hands; this one can accept them."))
    SheetPolicy(PLAYERS, table.round.event, head_of(table)).can_change().check()


def enter_hand(table, phone: Phone, entry: dict, *, base_version: int, entry_key=None):
    """The next hand, written as a judge's is; it then waits for another seat's acceptance.

    The hand and its waiting acceptance are written in one transaction, so a hand
    the players entered can never be on the sheet without needing acceptance.
    """
    with transaction.atomic():
        table = lock_table(table)
        _may_write(table, phone)
        try:
            sheet = results.add_hand(
                table, entry, by=None, base_version=base_version, entry_key=entry_key
            )
        except results.SheetConflict as conflict:
            # Raised outside this block, so the conflict version (the entry) is kept.
            stale = conflict
        else:
            stale = None
            _awaits_acceptance(table, phone, sheet)
    if stale is not None:
        raise stale
    return sheet


def _awaits_acceptance(table, phone: Phone, sheet) -> None:
    number = sheet.hands.count()
    HandCheck.objects.update_or_create(
        table=table,
        number=number,
        defaults={
            "version": sheet.version,
            "entered_seat": phone.seat,
            "entered_device": phone.device,
            "state": State.PENDING,
            "decided_seat": "",
            "decided_at": None,
            "words": "",
        },
    )
    _log(table, Action.HAND_ENTERED, seat=phone.seat, number=number, version=sheet.version)


def _entered_by(check: HandCheck, phone: Phone) -> bool:
    """Whether ``phone`` entered the hand: its seat, or its token whatever seat it names."""
    same_phone = bool(check.entered_device) and secrets.compare_digest(
        check.entered_device, phone.device
    )
    return check.entered_seat == phone.seat or same_phone


def _open_check(table, phone: Phone, number: int) -> HandCheck:
    _refuse_unless_on(table)
    check = HandCheck.objects.filter(table=table, number=number).first()
    if check is None:
        raise NotAllowed(_("This hand was not entered by the players."))
    if _entered_by(check, phone):
        raise NotAllowed(_("A player of another seat must accept this hand."))
    head = head_of(table)
    SheetPolicy(PLAYERS, table.round.event, head).can_change().check()
    if head is not None and number in _judged(head):
        raise NotAllowed(_("A judge has settled this hand: it counts as the judge entered it."))
    return check


def _decide(table, phone: Phone, number: int, state, action, words: str = "") -> HandCheck:
    """A player of another seat settles hand ``number``: accepts it, or disputes it in words."""
    with transaction.atomic():
        table = lock_table(table)
        check = _open_check(table, phone, number)
        check.state, check.decided_seat, check.decided_at = state, phone.seat, timezone.now()
        check.words = words[:300]
        check.save()
        # An acceptance names the version accepted; a dispute, the player's words.
        logged = {"words": words} if words else {"version": check.version}
        _log(table, action, seat=phone.seat, number=number, **logged)
    return check


def accept_hand(table, phone: Phone, number: int) -> HandCheck:
    return _decide(table, phone, number, State.ACCEPTED, Action.HAND_ACCEPTED)


def reject_hand(table, phone: Phone, number: int, words: str) -> HandCheck:
    """A player disagrees: the hand shows as disputed to the judge, with the player's words."""
    words = " ".join((words or "").split())
    if not words:
        raise NotAllowed(_("Say what is wrong with the hand, for the judge."))
    return _decide(table, phone, number, State.REJECTED, Action.HAND_REJECTED, words)


def _judged(head: ScoreSheet) -> set[int]:
    """The hands of ``head`` a judge has entered (again): their rows name a user."""
    return set(head.hands.filter(entered_by__isnull=False).values_list("number", flat=True))


def checks_of(table, head: ScoreSheet | None = None) -> list[HandCheck]:
    """The players' hands of the current sheet, each marked settled or not.

    The one rule every page and the submit check read: a hand is *settled*
    once a player of another seat accepted it, or once a judge entered it
    again (``settled_by_judge``: the judge's word, and the sheet shows the
    judge's version). Each check gets both as attributes.
    """
    head = head if head is not None else head_of(table)
    if head is None:
        return []
    judged = _judged(head)
    checks = list(HandCheck.objects.filter(table=table, number__lte=head.hands.count()))
    for check in checks:
        check.settled_by_judge = check.number in judged
        check.settled = check.settled_by_judge or check.state == State.ACCEPTED
    return checks


def open_checks(table, head: ScoreSheet | None = None) -> list[HandCheck]:
    """The players' hands not settled yet (waiting, or disputed and not entered by a judge)."""
    return [check for check in checks_of(table, head) if not check.settled]


def submit_by_players(table, phone: Phone, version: int) -> ScoreSheet:
    """The entering phone sends the sheet to the judges, once every hand is accepted."""
    with transaction.atomic():
        table = lock_table(table)
        _may_write(table, phone)
        waiting = open_checks(table)
        if waiting:
            raise NotAllowed(
                _("Hands %(numbers)s are not accepted yet: another player must accept them first.")
                % {"numbers": ", ".join(str(c.number) for c in waiting)}
            )
        sheet = results.submit_sheet(table, by=None, version=version)
        _log(table, Action.SUBMITTED, seat=phone.seat, version=sheet.version)
    return sheet


def release_phone(table, *, by, reason: str = "") -> None:
    """A judge frees the table: the next phone that opens it with the PIN enters."""
    with transaction.atomic():
        table = lock_table(table)
        if not has_event_permission(by, table.round.event, "enter_results"):
            Answer(MAY_NOT_ENTER).check()
        TablePin.objects.filter(table=table).update(entry_device="", entry_seat="")
        _log(table, Action.PHONE_RELEASED, by=by, words=reason.strip())


def _directors_pin_change(table, by, reason: str, action, change, refusals) -> TablePin:
    """A director's ``change`` of the table's PIN, with a reason, under the table's lock, logged.

    ``refusals``: the sentences for no reason given, and for a user who is not a director.
    """
    reason = " ".join((reason or "").split())
    unexplained, not_director = refusals
    if not reason:
        raise NotAllowed(unexplained)
    with transaction.atomic():
        table = lock_table(table)
        if not has_event_permission(by, table.round.event, "manage"):
            raise NotAllowed(not_director)
        pin = pin_of(table)
        change(pin)
        _log(table, action, by=by, words=reason)
    return pin


def regenerate_pin(table, *, by, reason: str) -> TablePin:
    """A director replaces a PIN that got out: phones opened with the old one open again."""

    def change(pin):
        pin.pin = new_pin()
        pin.generation += 1
        pin.entry_device, pin.entry_seat = "", ""
        pin.locks_lifted_at = timezone.now()  # the old PIN's guesses are moot
        pin.save()

    refusals = (_("Say why the PIN is replaced."), _("Only a director can replace a table's PIN."))
    return _directors_pin_change(table, by, reason, Action.PIN_REGENERATED, change, refusals)


def lift_pin_locks(table, *, by, reason: str) -> TablePin:
    """A director lets the table's locked phones try again (a player who mistyped, say)."""

    def change(pin):
        pin.locks_lifted_at = timezone.now()
        pin.save(update_fields=["locks_lifted_at"])

    refusals = (_("Say why the lock is lifted."), _("Only a director can lift a PIN lock."))
    return _directors_pin_change(table, by, reason, Action.LOCK_LIFTED, change, refusals)
