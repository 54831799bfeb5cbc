"""Who may change, submit or confirm a table's sheet, and when a change needs a reason.

The correction rule, written once. The judge's page, the staff API, player
entry and the results services all ask a :class:`SheetPolicy` made for the
user, the event and the table's *head* (its latest version), so that a
button shown, a post refused and an API answer can never disagree.

Vocabulary: a *correction* is a change of a confirmed sheet (a director's,
with a reason), and every version after it until it is confirmed again;
*the command line* is ``user`` None (``import_results``, and the results
services called by player entry, which has checked its phone itself): whoever
runs ``manage.py`` already holds the database, so no role is asked of it;
*the players* (:data:`PLAYERS`) are the phones at the table, which change a
sheet only while it is being entered.

Each question answers with an :class:`Answer`: true when allowed, else
false with a refusal code (its words in :mod:`tournament.glossary.sheet_policy`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournament.events.models import StaffRole
from tournament.events.permissions import PERMISSIONS, has_event_permission
from tournament.glossary.sheet_policy import SHEET_REFUSALS
from tournament.results.models import ScoreSheet
from tournament.results.page.reasons import Reason
from tournament.results.sheet.errors import NotAllowed

Status = ScoreSheet.Status

# Refusal codes (stable: the API and the tests name them).
MAY_NOT_ENTER = "may_not_enter"
DIRECTOR_CORRECTS = "director_corrects"
REASON_NEEDED = "reason_needed"
JUDGES_ONLY = "judges_only"
STALE = "stale_version"
NOT_BEING_ENTERED = "not_being_entered"
MAY_NOT_CONFIRM = "may_not_confirm"
NOT_SUBMITTED = "not_submitted"
OWN_SHEET = "own_sheet"


class _Players:
    """The players at the table (their phones): no user, and no role in the event."""

    pk = None
    is_authenticated = False

    def __repr__(self) -> str:
        return "PLAYERS"


PLAYERS = _Players()


@dataclass(frozen=True)
class Answer:
    """Allowed (true), or refused (false) with its ``code``."""

    code: str = ""

    def __bool__(self) -> bool:
        return not self.code

    @property
    def message(self) -> str:
        return str(SHEET_REFUSALS[self.code]) if self.code else ""

    def check(self) -> None:
        """Raise the refusal (:class:`NotAllowed`, with its code) when refused."""
        if self.code:
            raise NotAllowed(self.message, code=self.code)


ALLOWED = Answer()


def reason_given(reason: str | Reason | None) -> bool:
    """Whether the caller says why: the user's own words, or a code (an import says it)."""
    return isinstance(reason, Reason) or bool((reason or "").strip())


class SheetPolicy:
    """What ``user`` may do to the sheet whose head is ``sheet`` (None: nothing entered yet)."""

    def __init__(self, user, event, sheet: ScoreSheet | None, *, rights: dict | None = None):
        """``rights``: a dict shared by the policies of one user in one event (a batch of
        tables asks each permission once, not once a table)."""
        self.user, self.event, self.head = user, event, sheet
        self._rights: dict[str, bool] = {} if rights is None else rights  # each asked once

    # --- facts ---------------------------------------------------------------------

    def _status_is(self, status: str) -> bool:
        return self.head is not None and self.head.status == status

    @property
    def confirmed(self) -> bool:
        return self._status_is(Status.CONFIRMED)

    def may(self, perm: str) -> bool:
        """The user's event permission ``perm`` (the command line and the players have none)."""
        if not self._is_person:
            return False
        if perm not in self._rights:
            self._rights[perm] = has_event_permission(self.user, self.event, perm)
        return self._rights[perm]

    @property
    def _is_person(self) -> bool:
        return self.user is not None and self.user is not PLAYERS

    @property
    def mine(self) -> bool:
        """The user submitted or wrote the head (then someone else confirms it)."""
        return (
            self._is_person
            and self.head is not None
            and self.user.pk in (self.head.submitted_by_id, self.head.created_by_id)
        )

    # --- changing --------------------------------------------------------------------

    def can_change(self, reason: str | Reason | None = None) -> Answer:
        """May the user save a change (a hand, a ruling, final scores)?

        ``reason`` None asks only who may (the page's question); given, it is
        also asked whether it is enough (a confirmed sheet's change says why).
        """
        if self.user is None:
            return ALLOWED
        if self.user is PLAYERS:
            return (
                ALLOWED
                if self.head is None or self._status_is(Status.DRAFT)
                else Answer(JUDGES_ONLY)
            )
        if not self.may("enter_results"):
            return Answer(MAY_NOT_ENTER)
        if self.confirmed and not self.may("manage"):
            return Answer(DIRECTOR_CORRECTS)
        if reason is not None:
            return self.with_reason(reason)
        return ALLOWED

    @property
    def needs_reason(self) -> bool:
        """A change needs the user's reason: the sheet is confirmed."""
        return self.confirmed

    def with_reason(self, reason: str | Reason | None) -> Answer:
        """Is ``reason`` enough for a change (refused only when one is needed and none given)?"""
        if self.needs_reason and not reason_given(reason):
            return Answer(REASON_NEEDED)
        return ALLOWED

    @property
    def asks_reason(self) -> bool:
        """The forms show the reason field: a confirmed sheet, or a correction being entered."""
        return self.needs_reason or self.makes_correction

    @property
    def makes_correction(self) -> bool:
        """A change of the head makes a correction: of a confirmed sheet, or of a correction."""
        return self.confirmed or bool(self.head is not None and self.head.is_correction)

    # --- submitting and confirming -----------------------------------------------------

    def _stale(self, version: int | None) -> bool:
        """``version`` (the one the user saw; None: the head's) is not the head's."""
        if version is None:
            return False
        return self.head is None or self.head.version != version

    def can_submit(self, version: int | None = None) -> Answer:
        """May the user submit the head (``version``: the one their page showed)?

        Whether it balances is the sheet's content, not the user's right: the
        service refuses an unbalanced sheet after these, and the page says why.
        """
        if self._is_person and not self.may("enter_results"):
            return Answer(MAY_NOT_ENTER)
        if self._stale(version):
            return Answer(STALE)
        if not self._status_is(Status.DRAFT):
            return Answer(NOT_BEING_ENTERED)
        return ALLOWED

    def can_confirm(self, version: int | None = None) -> Answer:
        """May the user confirm the head? Never its submitter or author (the four-eyes rule)."""
        if not self.may("confirm"):
            return Answer(MAY_NOT_CONFIRM)
        if self._stale(version):
            return Answer(STALE)
        if not self._status_is(Status.SUBMITTED):
            return Answer(NOT_SUBMITTED)
        if self.mine:
            return Answer(OWN_SHEET)
        return ALLOWED


def confirmers(event, makers) -> list[StaffRole]:
    """The event's staff who may confirm a version written or submitted by ``makers`` (users).

    Why: a page that sends a sheet back for confirmation says exactly who can
    confirm it (the four-eyes rule of :meth:`SheetPolicy.can_confirm`: every
    one with the ``confirm`` right but those who made the version). An
    administrator of the whole site may too, but is nobody's to name here.
    """
    excluded = [user.pk for user in makers if getattr(user, "pk", None) is not None]
    return list(
        StaffRole.objects.filter(event=event, role__in=PERMISSIONS["confirm"], user__is_active=True)
        .exclude(user_id__in=excluded)
        .select_related("user")
        .order_by("role", "user__username")
    )
