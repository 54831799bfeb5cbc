"""The event's rules and every scoresheet version of a backup, checked as the services would.

Why: a sheet version's ``result`` (and each hand's label, deltas and running
totals) is the rules engine's reading of what the judges entered, a cache
that the standings, the player pages and the judge's page read as they
are. A file can say anything there; so the import never takes it from the
file. Every version is replayed (``tournament.results.sheet.state.replay``,
the services' own replay) with the event's rules, and the import stores
the replay's result, whatever the file said: a backup written by
``export_event`` replays to exactly what it holds, and a file whose stored
result disagrees is restored as its entries say (not refused: the entries
are the record, the result only their arithmetic). A version the engine
refuses is refused with the file, with the engine's reason and the place
of the hand or ruling, except a *conflict* version, which the services keep
even when it does not replay (its result then empty, as they store it).

The event must be one ``create_event`` would have made: a short name that
routes (``SLUG_RE``, at most 64 characters), a known ruleset whose options
resolve (``check_ruleset``, the one validator), frozen rules that thaw, and
an end not before its start.
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scoring.core.numbers import is_int
from scoring.families import OptionError, family_for, ruleset_names
from tournament.backup.validation import Problems, place
from tournament.events.errors import EventError
from tournament.events.models import Event
from tournament.events.services import SLUG_RE, check_ruleset
from tournament.results.models import EntryLevel, Penalty, Ruling, ScoreSheet
from tournament.results.sheet.errors import SheetInputError
from tournament.results.sheet.state import SheetState, replay

SLUG_LENGTH = Event._meta.get_field("slug").max_length
RULES_FIELDS = {
    f"event.{name}"
    for name in ("ruleset", "ruleset_overrides", "ruleset_config", "hands_per_session")
}
_INDEXED = re.compile(r"^(hands|rulings)\[(\d+)\](.*)$")


def _field(model, row: dict, name: str):
    """The row's value, or the column's default when the file leaves it out."""
    return row[name] if name in row else model._meta.get_field(name).get_default()


def check_event(document: dict, problems: Problems) -> Event | None:
    """The event's own values, as the services check them; the unsaved event the replay reads.

    None when its rules cannot be read (the sheets are then not replayed).
    """
    row = document["event"]
    listed = {where for where, _ in problems.items}
    slug = row.get("slug")
    routes = isinstance(slug, str) and SLUG_RE.match(slug) and len(slug) <= SLUG_LENGTH
    if isinstance(slug, str) and not routes:
        # The site's rule says more than the column's (Django's slug allows "My_Event").
        problems.items = [(w, what) for w, what in problems.items if w != "event.slug"]
        problems.add(
            "event.slug",
            f"{slug!r} is not a usable short name: web addresses need lowercase letters, "
            f"digits and single hyphens, at most {SLUG_LENGTH} characters",
            "event",
        )
    if isinstance(row.get("name"), str) and not row["name"].strip():
        problems.add("event.name", "the event needs a name", "event")
    start, end = row.get("start_date"), row.get("end_date")
    dates_read = not {"event.start_date", "event.end_date"} & listed
    if isinstance(start, str) and isinstance(end, str) and dates_read and end < start:
        problems.add("event.end_date", "the event cannot end before it starts", "event")
    if RULES_FIELDS & listed:
        return None  # the event's rules cannot be read: its sheets are not replayed
    return _rules_event(row, problems)


def _rules_event(row: dict, problems: Problems) -> Event | None:
    ruleset, overrides = row.get("ruleset"), row.get("ruleset_overrides")
    hands = _field(Event, row, "hands_per_session")
    if ruleset not in ruleset_names():
        return None  # the row's check says it is not one of the rulesets
    readable = True
    if isinstance(overrides, dict) and (hands is None or is_int(hands)):
        try:
            check_ruleset(ruleset, overrides, hands)
        except EventError as error:
            problems.add("event.ruleset_overrides", str(error), "event")
            readable = False
    config = _field(Event, row, "ruleset_config")
    frozen = config.get("rules") if isinstance(config, dict) else None
    if frozen is not None:
        try:
            if not isinstance(frozen, dict):
                raise OptionError("rules", "bad_value", "the frozen rules must be an object")
            family_for(ruleset).thaw(frozen)
        except (OptionError, LookupError, TypeError, ValueError, AttributeError) as error:
            detail = error.message if isinstance(error, OptionError) else str(error)
            problems.add("event.ruleset_config.rules", f"the frozen rules are unreadable: {detail}")
            return None
    elif not readable:
        return None  # the event is read with its options, which do not resolve
    return Event(
        slug="",
        ruleset=ruleset,
        ruleset_overrides=overrides if isinstance(overrides, dict) else {},
        ruleset_config=config if isinstance(config, dict) else None,
        hands_per_session=hands,
    )


def replay_sheets(document: dict, event: Event, problems: Problems) -> dict[str, dict]:
    """Section -> file id -> the values the replay gives a version or a hand (see module doc).

    A version whose own row, hands, rulings or penalties have a problem
    already is not replayed: its problems are listed instead.
    """
    parts = _parts(document, problems)
    tables = {r.get("id"): r for r in document["tables"] if isinstance(r, dict)}
    rounds = {r.get("id"): r for r in document["rounds"] if isinstance(r, dict)}
    out: dict[str, dict] = {"sheets": {}, "hands": {}}
    for i, row in enumerate(document["sheets"]):
        where = place("sheets", i)
        if where in problems.bad_rows or row["id"] in parts["broken"]:
            continue
        table = tables.get(row.get("table"), {})
        name = (
            f"version {row.get('version')} of round "
            f"{rounds.get(table.get('round'), {}).get('number')} table {table.get('number')}"
        )
        hands = sorted(parts["hands"][row["id"]], key=lambda h: h[1]["number"])
        numbers = [h["number"] for _, h in hands]
        if numbers != list(range(1, len(numbers) + 1)):
            problems.add(where, f"the hands of {name} are numbered {numbers}, not from 1 in turn")
            continue
        rulings = sorted(parts["rulings"][row["id"]], key=_decided)
        state = _state(row, hands, rulings, parts["penalties"])
        try:
            result = replay(event, state)
        except SheetInputError as error:
            if row.get("status") != ScoreSheet.Status.CONFLICT:
                problems.add(_where(error.field, where, row, hands, rulings), f"{name}: {error}")
                continue
            result = None  # kept unreplayed, as the services keep a conflict
        except Exception as error:  # the engine's bug must not become a traceback here
            problems.add(where, f"{name}: the rules engine cannot replay it ({error!r})")
            continue
        out["sheets"][row["id"]] = {
            "result": result.to_dict() if result is not None else {},
            "balanced": bool(result and result.balance["ok"]),
            "complete": bool(result and result.complete),
        }
        rows = result.rows if result is not None else ()
        for k, (_, hand) in enumerate(hands):
            out["hands"][hand["id"]] = _hand_values(hand, rows[k] if k < len(rows) else None)
    return out


def _parts(document: dict, problems: Problems) -> dict:
    """Each version's hands and rulings, each ruling's penalties (file index, row); and the
    versions with a part that has a problem (``broken``)."""
    hands, rulings, penalties = defaultdict(list), defaultdict(list), defaultdict(list)
    broken: set = set()
    sheet_of_ruling = {}
    for key, owner, into in (("hands", "sheet", hands), ("rulings", "sheet", rulings)):
        for i, row in enumerate(document[key]):
            if place(key, i) in problems.bad_rows:
                broken.add(row.get(owner) if isinstance(row, dict) else None)
                continue
            into[row[owner]].append((i, row))
            if key == "rulings":
                sheet_of_ruling[row["id"]] = row[owner]
    for i, row in enumerate(document["penalties"]):
        if place("penalties", i) in problems.bad_rows:
            ruling = row.get("ruling") if isinstance(row, dict) else None
            broken.add(sheet_of_ruling.get(ruling))
            continue
        penalties[row["ruling"]].append(row)
    return {"hands": hands, "rulings": rulings, "penalties": penalties, "broken": broken}


def _decided(item: tuple[int, dict]) -> tuple:
    """A ruling's place on its sheet: by time decided, then as stored (the models' ordering)."""
    at = parse_datetime(item[1]["decided_at"]) or datetime.datetime.min
    if timezone.is_naive(at):
        at = timezone.make_aware(at, datetime.UTC)
    return (at, item[1]["id"])


def _state(row: dict, hands: list, rulings: list, penalties: dict) -> SheetState:
    """The version as the services hold it (``sheet_state.state_of``), from the file's rows."""
    return SheetState(
        kind=_field(ScoreSheet, row, "kind"),
        entries=[{"entry": h["entry"], "by": None, "at": h["entered_at"]} for _, h in hands],
        rulings=[
            {
                **{
                    name: _field(Ruling, r, name)
                    for name in ("kind", "player", "after_hand", "decision", "tiles", "voided_at")
                },
                "penalties": [
                    {
                        k: _field(Penalty, p, k)
                        for k in ("player", "points", "scope", "distribution")
                    }
                    for p in sorted(penalties[r["id"]], key=lambda p: p["id"])
                ],
            }
            for _, r in rulings
        ],
        final_scores=_field(ScoreSheet, row, "final_scores"),
        leftover_sticks=_field(ScoreSheet, row, "leftover_sticks"),
    )


def _where(field: str | None, sheet: str, row: dict, hands: list, rulings: list) -> str:
    """The place in the file of what the replay refused (``hands[2].discarder`` of the sheet)."""
    match = _INDEXED.match(field or "")
    if match is None:
        return f"{sheet}.{field}" if field else sheet
    kind, k, rest = match.group(1), int(match.group(2)), match.group(3)
    items = hands if kind == "hands" else rulings
    if kind == "hands" and _field(ScoreSheet, row, "kind") == ScoreSheet.Kind.FINAL:
        items = [h for h in hands if h[1]["entry"].get("ruling")]  # the rows the replay reads
    if k >= len(items):
        return sheet
    return place(kind, items[k][0]) + (".entry" if kind == "hands" else "") + rest


def _hand_values(hand: dict, row) -> dict:
    """What ``sheet_writing`` stores of a hand besides the entry: the replay's reading of it."""
    entry = hand["entry"]
    return {
        "level": entry.get("level") or (row.level if row else EntryLevel.VALUE),
        "outcome": str(entry.get("outcome", ""))[:20],
        "label": row.label if row else "",
        "winners": ",".join(row.winners) if row else "",
        "discarder": (row.discarder or "") if row else "",
        "value_text": (row.value_text or "")[:60] if row else "",
        "score": row.score if row else None,
        "deltas": row.deltas if row else {},
        "totals": row.totals if row else {},
        "pool_after": row.pool_after if row else 0,
    }
