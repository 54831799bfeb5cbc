"""Player entry as verbs: open a table with its PIN, enter, accept, reject, submit.

Players have no login: a phone is known by a random token in a signed cookie
(``cookies.py``) and the seat its player chose. The sheet itself is written by
the results services (``tournament.results.services``), exactly as a judge's
entry is, with ``by=None`` (no user); who did it is kept here, in
:class:`PlayerAction` rows, so the audit names "the players of table 3 (East)".
A player's change never touches a submitted or confirmed sheet: that is the
judges' (the results services would let ``by=None`` through, as for an import).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.permissions import has_event_permission
from tournament.playerentry.models import HandCheck, PinAttempt, PlayerAction, TablePin
from tournament.results import services as results
from tournament.results.errors import NotAllowed
from tournament.results.models import ScoreSheet
from tournament.results.sheet_state import head_of, lock_table

Action = PlayerAction.Action
State = HandCheck.State
Status = ScoreSheet.Status
SEATS = ("E", "S", "W", "N")
PIN_DIGITS = 6
# Guessing a 6-digit PIN at 5 tries per 10 minutes takes years, not a session.
WRONG_PINS_ALLOWED = 5
WRONG_PIN_WINDOW = timedelta(minutes=10)


class PinRefused(NotAllowed):
    """A wrong PIN, or too many wrong ones lately."""


@dataclass(frozen=True)
class Phone:
    """A phone that opened a table with the PIN: its token, its player's seat, and its right."""

    device: str
    seat: str
    enters: bool


def _new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def pin_of(table) -> TablePin:
    """The table's PIN, made the first time it is asked for (printing, the round page)."""
    pin, _made = TablePin.objects.get_or_create(table=table, defaults={"pin": _new_pin()})
    return pin


def _log(table, action, *, seat="", by=None, number=None, version=None, words=""):
    return PlayerAction.objects.create(
        table=table,
        action=action,
        seat=seat,
        by=by,
        number=number,
        version=version,
        words=words[:300],
    )


def _refuse_unless_on(table) -> None:
    if not table.round.event.player_entry:
        raise NotAllowed(_("Players do not enter results in this event."))


def open_with_pin(table, typed: str, seat: str) -> Phone:
    """The PIN opens the table for one phone; the first one (or first after a release) enters."""
    if seat not in SEATS:
        raise NotAllowed(_("Choose your seat."))
    with transaction.atomic():
        table = lock_table(table)
        _refuse_unless_on(table)
        since = timezone.now() - WRONG_PIN_WINDOW
        wrong = PinAttempt.objects.filter(table=table, ok=False, at__gte=since).count()
        if wrong >= WRONG_PINS_ALLOWED:
            raise PinRefused(
                _("Too many wrong PINs at this table. Wait 10 minutes, or call a judge.")
            )
        pin = pin_of(table)
        right = secrets.compare_digest((typed or "").strip(), pin.pin)
        # Stored whether right or wrong, so the refusal below keeps the count.
        PinAttempt.objects.create(table=table, ok=right)
        device, enters = secrets.token_hex(16), False
        if right:
            _log(table, Action.PIN_OPENED, seat=seat)
            enters = not pin.entry_device
            if enters:
                pin.entry_device, pin.entry_seat = device, seat
                pin.save(update_fields=["entry_device", "entry_seat"])
                _log(table, Action.PHONE_BOUND, seat=seat)
    if not right:
        left = WRONG_PINS_ALLOWED - wrong - 1
        raise PinRefused(
            _("Wrong PIN (%(left)s tries left). The PIN is printed on the scoresheet.")
            % {"left": left}
        )
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
    head = head_of(table)
    if head is not None and head.status != Status.DRAFT:
        raise NotAllowed(_("The sheet has been submitted: only a judge can change it now."))


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
            "state": State.PENDING,
            "decided_seat": "",
            "decided_at": None,
            "words": "",
        },
    )
    _log(table, Action.HAND_ENTERED, seat=phone.seat, number=number, version=sheet.version)


def _open_check(table, phone: Phone, number: int) -> HandCheck:
    _refuse_unless_on(table)
    check = HandCheck.objects.filter(table=table, number=number).first()
    if check is None:
        raise NotAllowed(_("This hand was not entered by the players."))
    if check.entered_seat == phone.seat:
        raise NotAllowed(_("A player of another seat must accept this hand."))
    head = head_of(table)
    if head is not None and head.status != Status.DRAFT:
        raise NotAllowed(_("The sheet has been submitted: only a judge can change it now."))
    return check


def accept_hand(table, phone: Phone, number: int) -> HandCheck:
    with transaction.atomic():
        table = lock_table(table)
        check = _open_check(table, phone, number)
        check.state, check.decided_seat, check.decided_at = (
            State.ACCEPTED,
            phone.seat,
            timezone.now(),
        )
        check.words = ""
        check.save()
        _log(table, Action.HAND_ACCEPTED, seat=phone.seat, number=number, version=check.version)
    return check


def reject_hand(table, phone: Phone, number: int, words: str) -> HandCheck:
    """A player disagrees: the hand shows as disputed to the judge, with the player's words."""
    words = " ".join((words or "").split())
    if not words:
        raise NotAllowed(_("Say what is wrong with the hand, for the judge."))
    with transaction.atomic():
        table = lock_table(table)
        check = _open_check(table, phone, number)
        check.state, check.decided_seat, check.decided_at = (
            State.REJECTED,
            phone.seat,
            timezone.now(),
        )
        check.words = words[:300]
        check.save()
        _log(table, Action.HAND_REJECTED, seat=phone.seat, number=number, words=words)
    return check


def open_checks(table, head: ScoreSheet | None = None) -> list[HandCheck]:
    """The players' hands of the current sheet not accepted yet (waiting or disputed).

    A hand a judge has entered again since (its row names a user) is the
    judge's word: it no longer waits for the players.
    """
    head = head if head is not None else head_of(table)
    if head is None:
        return []
    judged = head.hands.filter(entered_by__isnull=False).values_list("number", flat=True)
    return list(
        HandCheck.objects.filter(table=table, number__lte=head.hands.count())
        .exclude(state=State.ACCEPTED)
        .exclude(number__in=list(judged))
    )


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
            raise NotAllowed(_("You may not enter results in this event."))
        TablePin.objects.filter(table=table).update(entry_device="", entry_seat="")
        _log(table, Action.PHONE_RELEASED, by=by, words=reason.strip())


def regenerate_pin(table, *, by, reason: str) -> TablePin:
    """A director replaces a PIN that got out: phones opened with the old one open again."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise NotAllowed(_("Say why the PIN is replaced."))
    with transaction.atomic():
        table = lock_table(table)
        if not has_event_permission(by, table.round.event, "manage"):
            raise NotAllowed(_("Only a director can replace a table's PIN."))
        pin = pin_of(table)
        pin.pin = _new_pin()
        pin.generation += 1
        pin.entry_device, pin.entry_seat = "", ""
        pin.save()
        _log(table, Action.PIN_REGENERATED, by=by, words=reason)
    return pin
