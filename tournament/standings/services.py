"""An event's standings: confirmed sheets in, ranked players out, cached.

The arithmetic is the pure ``scoring.standings.rank_players``; ``standings.rows``
loads its input (one ``SessionLine`` per player per confirmed sheet) and ranks
it, ``standings.stage_rows`` does so stage by stage for an event with stages;
this module keeps the answer in a :class:`StandingSnapshot` with the
fingerprint of what it came from, and publishes a round's results.

Who is ranked (issue "[4/8]"): every active player; a reserve once they
have a session counted, among the active players; a withdrawn player who
played, marked ``"withdrawn": True`` and ranked after all of those (rank
numbers go on from the last active one); a house substitute never, though
the sessions they played count for their opponents.

Two scopes: **public** counts only rounds whose results the director has
published (the public pages and exports); **staff** counts every confirmed
sheet (the director's view and the ``standings`` command).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, save_with_history
from tournament.events.models import Event
from tournament.events.started import refuse_draft
from tournament.results.models import ScoreSheet
from tournament.results.sheet.pending import pending_corrections, tables_named
from tournament.seating.models import Round
from tournament.standings.awaiting import mark_awaiting
from tournament.standings.fingerprints import fingerprint
from tournament.standings.models import StandingSnapshot
from tournament.standings.rows import _rankable, rank_rows, session_lines
from tournament.standings.stage_rows import Loaded, is_staged, overall_rows

__all__ = [
    "Scope",
    "compute",
    "fingerprint",
    "publish_results",
    "rank_rows",
    "ranks_by_round",
    "session_lines",
    "standings",
]

Scope = StandingSnapshot.Scope


def compute(event: Event, scope: str) -> tuple[list[dict], list[int]]:
    """The ranked rows (JSON-safe) and the round numbers counted.

    Withdrawn players are ranked among themselves and numbered on from the last
    active rank (a player who left after round 5 cannot overtake those who stayed).
    Every session line counts for the rounds (a substitute's table was played).
    """
    lines = session_lines(event, scope)
    rounds = sorted({line.round for line in lines})
    rows = overall_rows(event, scope, lines) if is_staged(event) else rank_rows(event, lines)
    # A table sent back for confirmation is marked on its players' rows, never silently left
    # out; its round stays among those shown, even when none of its tables counts meanwhile.
    rows = mark_awaiting(rows, event, scope)
    waiting = {number for row in rows for number, _table in row["awaiting"]}
    return rows, sorted(set(rounds) | waiting)


def ranks_by_round(event: Event, scope: str = Scope.PUBLIC) -> dict[int, dict[int, int]]:
    """round number -> {registration id: overall rank counting only rounds up to it}.

    Why here: a player's rank over the rounds (the statistics' chart) must be
    the standings' own ranking, not a second one; this ranks the same session
    lines again with later rounds left out, in three queries whatever the rounds.
    """
    lines = session_lines(event, scope)
    registrations = _rankable(event)
    out = {}
    loaded = Loaded(event) if is_staged(event) else None  # read once, not once per round
    for number in sorted({line.round for line in lines}):
        counted = [line for line in lines if line.round <= number]
        if loaded is not None:
            rows = overall_rows(event, scope, counted, loaded)
        else:
            rows = rank_rows(event, counted, registrations)
        out[number] = {row["registration"]: row["rank"] for row in rows}
    return out


def standings(event: Event, scope: str = Scope.PUBLIC) -> StandingSnapshot:
    """The event's standings, from the snapshot when nothing changed since."""
    key = fingerprint(event, scope)
    snapshot = StandingSnapshot.objects.filter(event=event, scope=scope).first()
    if snapshot is not None and snapshot.fingerprint == key:
        return snapshot
    rows, rounds = compute(event, scope)
    snapshot, _created = StandingSnapshot.objects.update_or_create(
        event=event, scope=scope, defaults={"fingerprint": key, "rows": rows, "rounds": rounds}
    )
    return snapshot


@transaction.atomic
def publish_results(round_: Round, by=None) -> Round:
    """Put the round's confirmed results on the public standings (every table confirmed)."""
    round_ = Round.objects.select_for_update().select_related("event").get(pk=round_.pk)
    refuse_draft(round_.event)
    if not round_.is_public:
        raise EventError(_("Publish the round's seating before its results."))
    if round_.results_published_at is not None:
        raise EventError(
            _("The results of round %(number)s are already published.") % {"number": round_.number}
        )
    pending = pending_corrections(round_)
    if pending:
        raise EventError(
            _(
                "Round %(number)s cannot be published: a correction awaits confirmation "
                "at %(tables)s; confirm it first."
            )
            % {"number": round_.number, "tables": tables_named(pending)}
        )
    tables = list(round_.tables.order_by("number"))
    confirmed = set(
        ScoreSheet.objects.filter(
            table__round=round_, status=ScoreSheet.Status.CONFIRMED
        ).values_list("table_id", flat=True)
    )
    missing = [str(t) for t in tables if t.pk not in confirmed]
    if not tables or missing:
        raise EventError(
            _("Round %(number)s cannot be published yet: no confirmed sheet for %(tables)s.")
            % {"number": round_.number, "tables": ", ".join(missing) or _("any table")}
        )
    round_.results_published_at = timezone.now()
    reason = change_reason("round.results_published", number=round_.number)
    return save_with_history(round_, reason, by)
