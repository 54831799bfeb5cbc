"""An uploaded game log read for a table: the game, who played it, and what fits.

Nothing here writes. The family reads the file (``Family.read_game_log``,
for riichi Tenhou's mjlog); this module says what the director must know
before saving: which of the table's players each name in the log is (from
the names remembered for the event, else an exact match of the name), the
lobby's rules the event plays otherwise, whether the game is already on a
table, and the sheet the event's rules make of it, each hand marked where
our engine and the log disagree or the event pays otherwise.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from scoring.core.seats import SEATS
from scoring.logs.tenhou import MAX_LOG_BYTES, LogError
from tournament.events.rules import family_of, rules_of
from tournament.results.models import GameLogUse, OnlineName
from tournament.results.sheet.errors import SheetInputError
from tournament.results.sheet.state import (
    SheetState,
    follow_players,
    head_of,
    replay,
    state_of,
)
from tournament.seating.models import Seat, Table

# Tenhou's log id, as its replay's address and its downloaded file's name carry it.
LOG_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
MAX_BYTES = MAX_LOG_BYTES


class LogRefused(Exception):
    """An upload that cannot be filed: a code (glossary ``LOG_REFUSALS``) and its parameters."""

    def __init__(self, code: str, **params: Any):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class SeatMatch:
    """Log seat ``index`` (0 deals first, the sheet's E S W N) and who of the table played it."""

    index: int
    name: str
    registration_id: int | None
    remembered: bool  # the event's memory named them (else an exact name, or nobody)
    elsewhere: str = ""  # the table the event's memory puts this name's player at, if not here

    @property
    def seat(self) -> str:
        return SEATS[self.index]


@dataclass
class LogPreview:
    table: Table
    data: bytes
    file_name: str
    log_id: str
    game: Any  # the family's LoggedGame
    matches: list[SeatMatch]
    seats: list[Seat]  # the table's seats, E S W N
    used: GameLogUse | None
    result: Any = None  # the sheet under the event's rules (SheetResult), if it replays
    error: SheetInputError | None = None
    marks: list[dict] = field(default_factory=list)  # per hand: differences and payments
    ruling_rows: int = 0  # hand rows of rulings (a riichi chombo) on the sheet now

    def blocking(self) -> Exception | None:
        """What keeps the game off this table (the first of them), or None.

        One list for the page (no Save button) and for the save (the refusal),
        so the two never disagree. (A table not fully seated never gets a preview.)
        """
        if self.used is not None:
            return LogRefused("already_used", **where_used(self.used))
        if self.game.mismatches:
            return LogRefused("rules_differ")
        if self.error is not None:
            return self.error
        if self.ruling_rows:
            return LogRefused("ruling_rows")
        return None

    @property
    def can_save(self) -> bool:
        return self.blocking() is None


def log_id_of(*texts: str) -> str:
    """Tenhou's log id in the first text that holds one (an address, a file name), else ''."""
    for text in texts:
        found = LOG_ID.search(text or "")
        if found:
            return found.group(0)
    return ""


def reads_logs(event) -> bool:
    return family_of(event).reads_game_logs()


def read(event, data: bytes):
    """The family's reading of ``data``, or :class:`LogRefused` with the reason's code."""
    if not data:
        raise LogRefused("empty")
    if len(data) > MAX_BYTES:
        raise LogRefused("too_large", limit=MAX_BYTES)
    try:
        return family_of(event).read_game_log(rules_of(event), data)
    except LogError as problem:
        params = {"limit": MAX_BYTES} if problem.code == "too_large" else {}
        raise LogRefused(problem.code, **params) from None


def table_seats(table: Table) -> list[Seat]:
    seats = list(table.seats.select_related("registration"))
    return sorted(seats, key=lambda s: SEATS.index(s.wind))


def same_name(a: str, b: str) -> bool:
    def norm(text: str) -> str:
        return unicodedata.normalize("NFKC", text or "").casefold().strip()

    return bool(norm(a)) and norm(a) == norm(b)


def match_names(table: Table, names, seats: list[Seat]) -> list[SeatMatch]:
    """Each log seat's player: the event's memory first, then an exact name; else nobody."""
    event = table.round.event
    here = {s.registration_id: s for s in seats}
    memory = {
        m.name: m.registration_id for m in OnlineName.objects.filter(event=event, name__in=names)
    }
    elsewhere = {
        s.registration_id: s.table
        for s in Seat.objects.filter(round=table.round, registration_id__in=memory.values())
        .exclude(table=table)
        .select_related("table")
    }
    matches, taken = [], set()
    for i, name in enumerate(names):
        known = memory.get(name)
        if known in here and known not in taken:
            matches.append(SeatMatch(i, name, known, True))
            taken.add(known)
            continue
        exact = [s.registration_id for s in seats if same_name(s.registration.name, name)]
        found = exact[0] if len(exact) == 1 and exact[0] not in taken else None
        away = str(elsewhere[known]) if known in elsewhere else ""
        matches.append(SeatMatch(i, name, found, False, away))
        if found:
            taken.add(found)
    return matches


def chosen(matches: list[SeatMatch], answers: dict[int, int | None]) -> list[SeatMatch]:
    """The matches with the director's answers (log seat -> registration) put in."""
    out = []
    for m in matches:
        answer = answers.get(m.index)
        if answer:
            out.append(SeatMatch(m.index, m.name, answer, m.remembered, m.elsewhere))
        else:
            out.append(m)
    return out


def in_log_order(matches: list[SeatMatch], seats: list[Seat]) -> list[int] | None:
    """The table's players in log seat order, if the matches name each of them once."""
    players = [m.registration_id for m in matches]
    if sorted(p or 0 for p in players) != sorted(s.registration_id for s in seats):
        return None
    return players


def moved_seats(seats: list[Seat], order: list[int]) -> dict[str, str]:
    """Where each starting seat's player sits once seated as the log says (old -> new wind)."""
    return {s.wind: SEATS[order.index(s.registration_id)] for s in seats}


def sheet_of(event, entries: list[dict], rulings: list[dict] | None = None):
    """The sheet the event's rules make of the log's rows (its ``SheetResult``)."""
    state = SheetState(entries=[{"entry": e, "by": None, "at": None} for e in entries])
    state.rulings = list(rulings or [])
    return replay(event, state)


def hand_marks(game, result) -> list[dict]:
    """Per hand: our engine's differences from the log, and where the event pays otherwise."""
    rows = list(result.rows) if result is not None else []
    marks = []
    for i, hand in enumerate(game.hands):
        paid = [rows[i].deltas[s] for s in SEATS] if i < len(rows) else None
        marks.append(
            {
                "label": hand.label,
                "differs": list(hand.differs),
                "logged": list(hand.logged),
                "paid_otherwise": paid is not None and paid != list(hand.logged),
            }
        )
    return marks


def preview(table: Table, data: bytes, file_name: str, log_id: str, answers=None) -> LogPreview:
    """Everything the director sees before saving; :class:`LogRefused` for a file not filed."""
    event = table.round.event
    game = read(event, data)
    seats = table_seats(table)
    if len(seats) != len(SEATS):
        raise LogRefused("table_not_full", seated=len(seats))
    matches = chosen(match_names(table, game.names, seats), answers or {})
    log_id = log_id_of(log_id, file_name)
    used = used_elsewhere(game.fingerprint, log_id)
    out = LogPreview(table, data, file_name[:200], log_id, game, matches, seats, used)
    kept = state_of(head_of(table))  # the judges' rulings stay on the sheet (services.put_game)
    out.ruling_rows = sum(1 for e in kept.entries if e["entry"].get("ruling"))
    order = in_log_order(matches, seats)
    rulings = follow_players(kept.rulings, moved_seats(seats, order) if order else {})
    try:
        out.result = sheet_of(event, game.entries, rulings)
    except SheetInputError as error:
        out.error = error
    out.marks = hand_marks(game, out.result)
    return out


def used_elsewhere(fingerprint: str, log_id: str) -> GameLogUse | None:
    """Where the same game is filed now (by its play, or by its log id), if anywhere."""
    on = GameLogUse.objects.filter(released_at__isnull=True).select_related("table__round__event")
    return on.filter(fingerprint=fingerprint).first() or (
        on.filter(log_id=log_id).first() if log_id else None
    )


def where_used(use: GameLogUse) -> dict:
    """The table a filed game is on, for the refusal that names it."""
    table = use.table
    return {"event": table.round.event.name, "round": table.round.number, "table": str(table)}
