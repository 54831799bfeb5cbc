"""Moving players between seats of a round by hand, and what that does to results.

Vocabulary:

- **swap**: two players of one round exchange their places (table and wind).
- **results at a table**: its sheet's head version holds something entered
  (a hand, a ruling, final scores). A sheet names players by starting wind,
  so moving a player at such a table moves the results with the *seat*: the
  new holder of the wind gets the old holder's score.
- **correction**: a swap (or a replacement, ``replacements``) at a table with
  results. It needs a reason and a preview (whose results change hands), and
  every affected sheet that was submitted or confirmed is **sent back**: a new
  version, in *submitted* status, with the same content and result and the
  reason code ``seating_corrected``. Its confirmed version is *superseded*, so
  someone must confirm the sheet again (the four-eyes rule: not the director
  who made the correction). A sheet still being entered keeps its versions;
  the judge simply sees the new names.

Standings meanwhile: a sent-back sheet is not confirmed, so it drops out of
the staff and public standings (the rule for every unconfirmed sheet) until
it is confirmed again; the round's results page shows it as submitted, with
the reason "seating corrected: confirm again". The public standings never
show the new holder of a wind with results nobody has confirmed for them.

A preview is only good while nothing moved: it carries each affected table's
head version and each seat's holder (:class:`Expected`), and the services
refuse, under the tables' locks, when either changed. A second tap on
Confirm therefore finds the sheets changed and applies nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, delete_with_history, save_with_history
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet.errors import SheetInputError
from tournament.results.sheet.policy import SheetPolicy
from tournament.results.sheet.state import head_of, replay, state_of
from tournament.results.sheet.writing import write_version
from tournament.seating.models import Round, Seat, Table

Status = ScoreSheet.Status


@dataclass
class Expected:
    """What a preview showed: each table's head version (0: no sheet), each seat's holder."""

    versions: dict[int, int] = field(default_factory=dict)  # table pk -> version
    holders: dict[int, int] = field(default_factory=dict)  # seat pk -> registration pk

    def token(self) -> str:
        """A compact text for a hidden form field: ``t12=3,t13=0,s45=7``."""
        parts = [f"t{k}={v}" for k, v in sorted(self.versions.items())]
        parts += [f"s{k}={v}" for k, v in sorted(self.holders.items())]
        return ",".join(parts)

    @classmethod
    def parse(cls, text: str) -> Expected:
        """The inverse of :meth:`token`; a garbled token raises :class:`EventError`."""
        expected = cls()
        try:
            for part in filter(None, (text or "").split(",")):
                key, value = part[1:].split("=")
                target = {"t": expected.versions, "s": expected.holders}[part[0]]
                target[int(key)] = int(value)
        except (KeyError, ValueError, IndexError):
            raise EventError(_("This page is out of date: reload it and try again.")) from None
        return expected


def has_results(sheet: ScoreSheet | None) -> bool:
    """Whether a version holds anything entered: a hand, a ruling, final scores."""
    if sheet is None:
        return False
    return sheet.final_scores is not None or sheet.hands.exists() or sheet.rulings.exists()


def expected_of(tables, seats) -> Expected:
    """The state a preview of a change to ``seats`` at ``tables`` shows."""
    versions = {}
    for table in tables:
        head = head_of(table)
        versions[table.pk] = head.version if head else 0
    return Expected(versions, {s.pk: s.registration_id for s in seats})


def heads_with_results(tables) -> dict[int, ScoreSheet]:
    """Table pk -> its head version, for the tables whose sheet has results."""
    heads = {table.pk: head_of(table) for table in tables}
    return {pk: head for pk, head in heads.items() if has_results(head)}


def lock_tables(tables) -> list[Table]:
    """The tables' rows locked, in pk order (results writers lock a table first, too)."""
    pks = sorted({t.pk for t in tables})
    return list(Table.objects.select_for_update().filter(pk__in=pks).order_by("pk"))


def check_expected(tables, seats, expected: Expected | None) -> dict[int, ScoreSheet]:
    """Refuse a correction nobody previewed, or one whose preview is stale.

    Called with the tables locked. Returns the heads with results.
    """
    with_results = heads_with_results(tables)
    if expected is None:
        if with_results:
            names = ", ".join(str(t) for t in tables if t.pk in with_results)
            raise EventError(
                _(
                    "%(tables)s already has results: this change is a correction. "
                    "Preview it, then confirm."
                )
                % {"tables": names}
            )
        return with_results
    if expected_of(tables, seats) != expected:
        raise EventError(
            _(
                "The seating or the results changed since the preview; "
                "nothing was changed. Look at the new preview before you confirm."
            )
        )
    return with_results


def sent_back(head: ScoreSheet) -> bool:
    """Whether a correction of the seating sends ``head`` back: it was submitted or confirmed."""
    return head.status in (Status.SUBMITTED, Status.CONFIRMED)


def send_back(table: Table, head: ScoreSheet, *, by, players: str) -> ScoreSheet | None:
    """A submitted or confirmed sheet goes back for confirmation, with the same result.

    Returns the new version, or None for a sheet still being entered (nothing
    to confirm yet). ``players`` says who moved, for the version's reason.
    """
    if not sent_back(head):
        return None
    user = by if getattr(by, "is_authenticated", False) else None
    state = state_of(head)
    try:
        result = replay(table.round.event, state)
    except SheetInputError:
        result = None  # the stored result below is what counts; the rows just lack labels
    sheet = write_version(
        table,
        state,
        by=user,
        reason=Reason(ScoreSheet.ReasonCode.SEATING_CORRECTED, {"players": players[:200]}),
        parent=head,
        status=Status.SUBMITTED,
        result=result,
        is_correction=SheetPolicy(user, table.round.event, head).makes_correction,
    )
    if head.status == Status.CONFIRMED:
        # Not confirmed for the new holders: it leaves the standings until confirmed again.
        head.status = Status.SUPERSEDED
        save_with_history(head, change_reason("sheet.superseded", by=sheet.version), user)
    # The same result as before, to the digit, whatever a replay today would say.
    sheet.result, sheet.balanced, sheet.complete = head.result, head.balanced, head.complete
    sheet.submitted_by, sheet.submitted_at = user, timezone.now()
    return save_with_history(sheet, change_reason("sheet.submitted", version=sheet.version), user)


def _refuse_finished(round_: Round) -> None:
    if round_.status == Round.Status.FINISHED:
        raise EventError(_("Round %(number)s has finished.") % {"number": round_.number})


@transaction.atomic
def swap_seats(
    seat_a: Seat, seat_b: Seat, by=None, reason: str = "", *, expect: Expected | None = None
) -> tuple[Seat, Seat]:
    """Swap two players of one round by hand: each takes the other's table and wind.

    At a table with results this is a correction: ``expect`` (what the
    preview showed) is required, and the affected sheets are sent back.
    Returns the seats now at ``seat_a``'s and ``seat_b``'s places.
    """
    reason = (reason or "").strip()
    if not reason:
        raise EventError(_("Say why the seats are swapped; the reason is kept in the log."))
    table_ids = Seat.objects.filter(pk__in=[seat_a.pk, seat_b.pk]).values_list(
        "table_id", flat=True
    )
    tables = lock_tables(Table(pk=pk) for pk in table_ids)
    locked = {
        s.pk: s
        for s in Seat.objects.select_for_update()
        .select_related("round", "registration__player")
        .filter(pk__in=[seat_a.pk, seat_b.pk])
    }
    if len(locked) != 2:
        raise EventError(_("Choose two different seats."))
    a, b = locked[seat_a.pk], locked[seat_b.pk]
    if a.round_id != b.round_id:
        raise EventError(_("Both seats must be in the same round."))
    _refuse_finished(a.round)
    with_results = check_expected(tables, [a, b], expect)
    player_a, player_b = a.registration, b.registration
    log = change_reason("seat.swapped", words=reason)
    # A registration sits once per round, so one seat makes way while the other
    # changes hands; the history shows the delete, the change and the new seat.
    place_a = (a.table, a.wind)
    delete_with_history(a, log, by)
    b.registration = player_a
    save_with_history(b, log, by)
    new_a = Seat(round=b.round, table=place_a[0], wind=place_a[1], registration=player_b)
    save_with_history(new_a, log, by)
    moved = f"{player_a.name} ↔ {player_b.name}"
    for table in tables:
        if table.pk in with_results:
            send_back(table, with_results[table.pk], by=by, players=moved)
    return new_a, b
