"""The hands the public may count, read once per event as plain data.

Why one reader: the player, event and API statistics must count the same
thing as the public pages, so they all come through here. Only rounds whose
results are published and only confirmed sheets count (the filter of
``tournament.public.history``); the hands are the ``HandRecord`` rows of that
confirmed version, and each winner's value is the replay's (``result["rows"]``,
in the order ``tournament.results.page.display.win_parts`` reads). Rows a ruling
put on the sheet (a riichi chombo) are penalties, not hands played.

Which outcomes are wins, which come from a discard and the headline unit are
asked of the event's family (``EntryData``), never guessed from its name.
Everything runs a fixed number of queries, whatever the size of the event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournament.events.rules import EventRules, OptionError
from tournament.results.models import HandRecord, ScoreSheet
from tournament.seating.models import Seat


@dataclass(frozen=True)
class Win:
    """One winner of one hand: the seat, its value in the headline unit, its items."""

    seat: str
    value: int | None  # None: the rules fix the value (nagashi) or it was never stored
    gain: int
    self_draw: bool
    patterns: tuple[str, ...]


@dataclass(frozen=True)
class Hand:
    round_number: int
    table_number: int
    number: int
    label: str
    wins: tuple[Win, ...]
    discarder: str | None  # the seat that dealt in (a win from a discard), else None
    label_parts: dict | None = None  # the replay's parts, for the label in the reader's words


@dataclass
class Session:
    """One confirmed, published sheet: who sat where, its hands, ledger and placements."""

    round_number: int
    table_number: int
    seats: dict[str, int]  # wind -> registration id
    hands: list[Hand] = field(default_factory=list)
    penalties: list[dict] = field(default_factory=list)  # the stored ledger (voided ones left out)
    placements: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Rules:
    """What the family says about outcomes, asked once per event."""

    wins: frozenset[str]
    from_discard: frozenset[str]
    fixed_value: frozenset[str]
    unit: str


def rules_for(event) -> Rules:
    event_rules = EventRules.of(event)
    try:
        entry = event_rules.family.entry(event_rules.rules)
    except OptionError:  # a hand-edited database: count nothing rather than fail a page
        return Rules(frozenset(), frozenset(), frozenset(), "")
    return Rules(entry.wins, entry.from_discard, entry.fixed_value, entry.total_field)


def sessions_of(event, registration_id: int | None = None) -> list[Session]:
    """The event's counted sessions (only the player's tables when ``registration_id``).

    Three queries: the sheets, their seats, their hand rows.
    """
    sheets = ScoreSheet.objects.filter(
        table__round__event=event,
        status=ScoreSheet.Status.CONFIRMED,
        table__round__results_published_at__isnull=False,
    )
    if registration_id is not None:
        sheets = sheets.filter(table__seats__registration_id=registration_id)
    rows = list(
        sheets.values_list(
            "pk", "table_id", "table__number", "table__round__number", "result", "kind"
        )
    )
    seats: dict[int, dict[str, int]] = {}
    for table_id, wind, reg in Seat.objects.filter(table_id__in=[r[1] for r in rows]).values_list(
        "table_id", "wind", "registration_id"
    ):
        seats.setdefault(table_id, {})[wind] = reg
    records: dict[int, list] = {}
    for record in (
        HandRecord.objects.filter(sheet_id__in=[r[0] for r in rows])
        .order_by("number")
        .values_list(
            "sheet_id", "number", "label", "outcome", "winners", "discarder", "score", "entry"
        )
    ):
        records.setdefault(record[0], []).append(record)
    rules = rules_for(event)
    out = []
    for pk, table_id, table_no, round_no, result, kind in sorted(rows, key=lambda r: (r[3], r[2])):
        result = result or {}
        session = Session(round_no, table_no, seats.get(table_id, {}))
        session.penalties = list(result.get("penalties") or [])
        session.placements = {
            seat: int(line["placement"])
            for seat, line in (result.get("session") or {}).items()
            if line.get("placement") is not None
        }
        replayed = {row.get("index"): row for row in result.get("rows") or []}
        # A final-scores sheet keeps no hands (the replay reads only its ruling rows).
        for record in records.get(pk, []) if kind == ScoreSheet.Kind.HANDS else ():
            if "ruling" in (record[7] or {}):  # a ruling's row: a penalty, not a hand
                continue
            row = replayed.get(record[1] - 1) or {}
            session.hands.append(_hand(record, row, rules, round_no, table_no))
        out.append(session)
    return out


def _hand(record, row: dict, rules: Rules, round_no: int, table_no: int) -> Hand:
    """One hand row: its winners with their values, and who dealt in."""
    _sheet, number, label, outcome, winners, discarder, score, entry = record
    seats = [w for w in (winners or "").split(",") if w]
    if outcome not in rules.wins:
        seats = []
    from_discard = outcome in rules.from_discard
    self_draw = bool(seats) and not from_discard and outcome not in rules.fixed_value
    deltas = row.get("deltas") or {}
    scores = _scores(row, score, seats)
    wins = tuple(
        Win(
            seat=seat,
            value=None
            if outcome in rules.fixed_value
            else _value(entry or {}, seat, rules.unit, scores.get(seat)),
            gain=int(deltas.get(seat) or 0),
            self_draw=self_draw,
            patterns=_patterns(scores.get(seat)),
        )
        for seat in seats
    )
    dealt_in = discarder if (wins and from_discard and discarder) else None
    return Hand(round_no, table_no, number, label, wins, dealt_in, row.get("label_parts"))


def _value(entry: dict, seat: str, unit: str, score: dict | None) -> int | None:
    """The winner's value in the headline unit: the engine's total for tiles, else as entered.

    A hand entered by value carries the family's value fields (several winners:
    one set each under ``wins``); one entered as a limit without the unit's
    field (a yakuman count) has no value in that unit and is left out of sums.
    """
    parts = [w for w in entry.get("wins") or () if isinstance(w, dict)] or [entry]
    mine = next((w for w in parts if w.get("winner") == seat), parts[0])
    if mine.get("level") == "tiles" or mine.get(unit) in (None, ""):
        return _total(score)
    try:
        return int(mine[unit])
    except (TypeError, ValueError):
        return None


def _scores(row: dict, score, seats: list[str]) -> dict[str, dict]:
    """Each winner's engine result (tiles level): one, or ``score["wins"]`` in the value order."""
    if not isinstance(score, dict) or not seats:
        return {}
    if isinstance(score.get("wins"), list):
        order = [v.get("seat") for v in row.get("value") or () if isinstance(v, dict)]
        return {
            seat: one
            for seat, one in zip(order, score["wins"], strict=False)
            if isinstance(one, dict) and seat in seats
        }
    return {seats[0]: score} if len(seats) == 1 else {}


def _total(score: dict | None) -> int | None:
    total = (score or {}).get("total")
    return total if isinstance(total, int) else None


def _patterns(score: dict | None) -> tuple[str, ...]:
    """The hand's item keys, biggest first (each key once: a hand holds a pattern or not)."""
    items = [i for i in (score or {}).get("items") or () if isinstance(i, dict) and i.get("key")]
    items.sort(key=lambda i: -(int(i.get("value") or 0) * int(i.get("count") or 1)))
    return tuple(dict.fromkeys(i["key"] for i in items))
