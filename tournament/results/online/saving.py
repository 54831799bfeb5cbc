"""Filing a game log on a table, and taking it off again (issue #36).

Saving does, under the table's lock and in one transaction: read the file
again (the preview carried only the bytes), refuse what the preview refused
(a game already on a table, rules the event plays otherwise, a sheet the
event's rules refuse, players who do not fit the table), seat the players
as the log seated them, remember each name for the event, write the hands
as a new version of the sheet (``services.put_game``, with the reason code
``game_log`` naming the log) and submit it in the uploader's name, so a
second person confirms it as any sheet. A double tap finds its version by
the form's one-time key and saves nothing twice.

Taking a log off writes a version without its hands (reason
``game_log_removed``) and frees the game for another table: the way out of
a log filed on the wrong table.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.core.seats import SEATS
from tournament.events.change_reasons import change_reason
from tournament.events.errors import delete_with_history, save_with_history
from tournament.results.models import GameLogUse, OnlineName, ScoreSheet
from tournament.results.online.reading import LogRefused, in_log_order, preview, where_used
from tournament.results.page.reasons import Reason
from tournament.results.sheet import services
from tournament.results.sheet.errors import AlreadySaved, NotAllowed
from tournament.results.sheet.state import head_of, lock_table
from tournament.seating.models import Seat, Table

Code = ScoreSheet.ReasonCode


def save_log(
    table: Table,
    data: bytes,
    *,
    file_name: str,
    log_id: str,
    answers: dict[int, int | None],
    by,
    base_version: int,
    entry_key: str | None = None,
) -> ScoreSheet:
    """File the game on ``table``: the sheet's new version, submitted (or a refusal)."""
    with transaction.atomic():
        table = lock_table(table)
        if entry_key:
            done = ScoreSheet.objects.filter(table=table, entry_key=entry_key).first()
            if done is not None:
                raise AlreadySaved(done)
        seen = preview(table, data, file_name, log_id, answers)
        problem = seen.blocking()
        if problem is not None:
            raise problem
        order = in_log_order(seen.matches, seen.seats)
        if order is None:
            raise LogRefused("players_do_not_fit")
        if not seen.log_id:
            raise LogRefused("no_log_id")
        head = head_of(table)
        if (head.version if head else 0) != base_version:
            raise NotAllowed(_("The sheet changed since the preview: check the log again."))
        use = _claim(seen, table, by)
        moved = _seat_as_logged(table, seen.seats, order, by, seen.log_id)
        _remember(table.round.event, seen.matches, by)
        file = seen.file_name or "—"  # pasted XML has no file name
        reason = Reason(Code.GAME_LOG, {"log_id": seen.log_id, "file": file})
        sheet = services.put_game(
            table,
            seen.game.entries,
            by=by,
            base_version=base_version,
            reason=reason,
            entry_key=entry_key,
            moved=moved,
        )
        use.sheet = sheet
        save_with_history(use, change_reason("game_log.filed"), by)
        if sheet.complete:
            sheet = services.submit_sheet(table, by=by, version=sheet.version)
        return sheet


def _claim(seen, table: Table, by) -> GameLogUse:
    """The game's row, written first: a save of the same game elsewhere waits here, then fails.

    Before anything else of the save, so that the second of two saves of one
    game (on two tables, each under its own table's lock) is refused by the
    unique index, not stopped by some other row the first one wrote.
    """
    try:
        with transaction.atomic():
            use = GameLogUse(
                event=table.round.event,
                table=table,
                fingerprint=seen.game.fingerprint,
                log_id=seen.log_id,
                file_name=seen.file_name,
                names=list(seen.game.names),
                lobby_type=seen.game.lobby_type,
                differs=seen.game.to_dict()["differs"],
                uploaded_by=by,
            )
            return save_with_history(use, change_reason("game_log.filed"), by)
    except IntegrityError:  # filed elsewhere in the meantime, under another table's lock
        raise LogRefused("already_used", **where_used(_filed(seen))) from None


def _filed(seen) -> GameLogUse:
    on = GameLogUse.objects.filter(released_at__isnull=True)
    return on.filter(fingerprint=seen.game.fingerprint).first() or on.get(log_id=seen.log_id)


def _seat_as_logged(
    table: Table, seats: list[Seat], order: list[int], by, label: str
) -> dict[str, str]:
    """Each player takes the wind of their seat in the log (seat 0 is East), if not already.

    Returns where each starting seat's player went (old wind -> new wind).
    """
    wanted = dict(zip(order, SEATS, strict=True))
    moved = {s.wind: wanted[s.registration_id] for s in seats}
    if all(old == new for old, new in moved.items()):
        return moved
    why = change_reason("seat.from_game_log", log=label[:60])
    for seat in seats:
        delete_with_history(seat, why, by)
    for seat in seats:
        new = Seat(
            round=table.round,
            table=table,
            wind=wanted[seat.registration_id],
            registration=seat.registration,
        )
        save_with_history(new, why, by)
    return moved


def _remember(event, matches, by) -> None:
    """Each name of the log stands for its player in this event's later uploads."""
    why = change_reason("online_name.matched")
    for m in matches:
        if not m.name or m.registration_id is None:
            continue
        known = OnlineName.objects.filter(event=event, name=m.name[:40]).first()
        if known is None:
            known = OnlineName(event=event, name=m.name[:40])
        elif known.registration_id == m.registration_id:
            continue
        known.registration_id = m.registration_id
        save_with_history(known, why, by)


def take_off(table: Table, *, by, base_version: int, reason: str) -> ScoreSheet:
    """Take the table's log off: a version without the log's hands, and the game freed."""
    reason = (reason or "").strip()
    if not reason:
        raise NotAllowed(_("Say why the log is taken off; the reason is kept."))
    with transaction.atomic():
        table = lock_table(table)
        use = GameLogUse.objects.filter(table=table, released_at__isnull=True).first()
        if use is None:
            raise NotAllowed(_("No online game's log is filed on this table."))
        head = head_of(table)
        if (head.version if head else 0) != base_version:
            raise NotAllowed(_("The sheet changed since this page was shown: reload it."))
        sheet = services.put_game(
            table,
            [],
            by=by,
            base_version=base_version,
            reason=Reason(
                Code.GAME_LOG_REMOVED, {"log_id": use.log_id, "file": use.file_name or "—"}
            ),
        )
        use.released_at, use.released_by, use.release_reason = timezone.now(), by, reason[:300]
        save_with_history(use, change_reason("game_log.taken_off", words=reason), by)
        return sheet
