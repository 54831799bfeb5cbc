"""A scoresheet version as the judge's page shows it: players, hand rows, rulings, footer.

Everything comes from the replay's result (``ScoreSheet.result``, or a
preview's ``SheetResult.to_dict()``): the same JSON whatever the ruleset, so
one set of templates shows a stored version, an old one, a conflict and a
"check" preview alike. Item names are looked up again in the reader's
language, since the stored ones are in the language of whoever saved.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.core.names import display_name
from scoring.core.seats import SEATS
from scoring.families import Family, family_named
from tournament.glossary import category_name, outcome_name
from tournament.results.page.hand_values import value_text, win_text
from tournament.results.page.labels import label_text
from tournament.results.page.sheet_messages import message_text, message_texts

WIND_CHARS = {"E": "東", "S": "南", "W": "西", "N": "北"}


def names_table(family: Family | str | None) -> str | None:
    """The name table of the family's scoring items (scoring/data/*.tsv), by object or name."""
    if isinstance(family, str):
        try:
            family = family_named(family)
        except KeyError:
            return None
    return getattr(family, "names_table", None)


def items_of(score: dict | None, family: Family | str, lang: str) -> list[dict]:
    """The engine's breakdown, names in ``lang``, with each item's total.

    ``family`` (the family or its name) says which name table the item keys are in.
    """
    if not score:
        return []
    table = names_table(family)
    out = []
    for item in score.get("items") or []:
        name = display_name(table, item["key"], lang) if table else item.get("name")
        count = item.get("count") or 1
        out.append({**item, "name": name or item["key"], "total": item["value"] * count})
    return out


def players_of(table) -> dict[str, str]:
    """Starting seat -> player name, for one table."""
    seats = table.seats.select_related("registration__player")
    return {seat.wind: seat.registration.name for seat in seats}


def seat_cells(values: dict | None, names: dict[str, str]) -> list[dict]:
    return [{"seat": s, "name": names.get(s, s), "value": (values or {}).get(s)} for s in SEATS]


def row_view(
    row: dict,
    family: Family | str,
    names: dict,
    lang: str,
    record=None,
    features: frozenset[str] = frozenset(),
) -> dict:
    """One hand row: label, who won from whom, value, deltas and totals per seat.

    The outcome reads as the judge's form names it (``features``: the family's,
    so a riichi draw is the exhaustive draw, 荒牌流局, as against an abortive one).
    """
    entry = record.entry if record is not None else row.get("entry") or {}
    riichi = set(entry.get("riichi") or [])
    tenpai = set(entry.get("tenpai") or [])
    cells = []
    for seat in SEATS:
        marks = []
        if seat in riichi:
            marks.append(_("riichi"))
        if seat in tenpai:
            marks.append(_("tenpai"))
        if seat in (row.get("winners") or []):
            marks.append(_("won"))
        if seat == row.get("discarder"):
            marks.append(_("dealt in"))
        cells.append(
            {
                "seat": seat,
                "delta": (row.get("deltas") or {}).get(seat),
                "total": (row.get("totals") or {}).get(seat),
                "marks": marks,
                "dealer": seat == row.get("dealer"),
            }
        )
    outcome = row.get("outcome") or ""
    return {
        "number": row.get("index", 0) + 1,
        "label": label_text(row.get("label_parts"), row.get("label")),
        "honba": row.get("honba") or 0,
        "dealer": row.get("dealer"),
        "outcome": outcome,
        "outcome_name": outcome_name(outcome, features),
        "winners": [{"seat": s, "name": names.get(s, s)} for s in row.get("winners") or []],
        "discarder": (
            {"seat": row["discarder"], "name": names.get(row["discarder"], row["discarder"])}
            if row.get("discarder")
            else None
        ),
        "value_text": value_text(row, names),
        "wins": win_parts(row, family, names, lang),
        "items": items_of(row.get("score"), family, lang),
        "score": row.get("score"),
        "cells": cells,
        "pool_after": row.get("pool_after") or 0,
        "notes": message_texts(row.get("notes"), names),
        "record": record,
        "level": row.get("level") or (record.level if record is not None else ""),
    }


def win_parts(row: dict, family: Family | str, names: dict, lang: str) -> list[dict]:
    """Each winner's value (and breakdown) of a discard won by several; [] for one winner.

    The replay stores several winners' values (``row["value"]``) and their
    engine results (tiles level, ``score["wins"]``) in the same order. A row
    stored before values were data shows its old text whole instead.
    """
    values = [v for v in row.get("value") or () if isinstance(v, dict)]
    if len(values) < 2:
        return []
    score = row.get("score") if isinstance(row.get("score"), dict) else {}
    scores = score.get("wins") if isinstance(score.get("wins"), list) else []
    winners = row.get("winners") or []
    out = []
    for i, value in enumerate(values):
        seat = value.get("seat")
        one = scores[i] if i < len(scores) and isinstance(scores[i], dict) else None
        if seat in winners:  # a claim that lapsed (head bump) is not a win
            out.append(
                {
                    "seat": seat,
                    "name": names.get(seat, seat),
                    "value_text": win_text(value),
                    "items": items_of(one, family, lang),
                    "score": one,
                }
            )
    return out if len(out) > 1 else []


def _record_row(record) -> dict:
    """A stored hand whose version was never replayed (a conflict the engine refused)."""
    return {
        "index": record.number - 1,
        "label": record.label,
        "outcome": record.outcome,
        "winners": [w for w in record.winners.split(",") if w],
        "discarder": record.discarder or None,
        "value_text": record.value_text,
        "score": record.score,
        "deltas": record.deltas,
        "totals": record.totals,
        "pool_after": record.pool_after,
    }


def sheet_view(
    result: dict,
    names: dict,
    lang: str,
    *,
    family: Family | str,
    features: frozenset[str] = frozenset(),
    records=None,
    final_only=False,
) -> dict:
    """What the page shows of one replayed sheet (stored, old, conflicting or previewed).

    ``features`` are the family's (``EntryData.features``): the page shows
    the riichi sticks where the family has them.
    """
    result = result or {}
    records = list(records or [])
    rows = list(result.get("rows") or [])
    views = []
    if rows:
        by_number = {r.number: r for r in records}
        views = [
            row_view(row, family, names, lang, by_number.get(row.get("index", 0) + 1), features)
            for row in rows
        ]
    elif records:
        views = [row_view(_record_row(r), family, names, lang, r, features) for r in records]
    dealer = result.get("next_dealer")
    players = _players(result, rows, names)
    # A footer once something was played: hands, or final scores only.
    played = bool(rows or records or result.get("penalties")) or final_only
    return {
        "features": frozenset(features),
        "rows": views,
        "players": players,
        "footer": _footer(players) if played else [],
        "penalties": [_penalty_view(p, names) for p in result.get("penalties") or []],
        "balance": result.get("balance") or {},
        "pool": result.get("pool") or 0,
        "next_label": label_text(result.get("next_label_parts"), result.get("next_label")),
        "next_dealer": dealer,
        "complete": result.get("complete"),
        "warnings": message_texts(result.get("warnings"), names),
        "start": result.get("start"),
        "replayed": bool(result),
    }


def _players(result: dict, rows: list, names: dict) -> list[dict]:
    """Each seat's player: name, points now, dealer mark and session line."""
    final = result.get("final_points") or (rows[-1]["totals"] if rows else None)
    session = result.get("session") or {}
    return [
        {
            "seat": seat,
            "wind": WIND_CHARS[seat],
            "name": names.get(seat, seat),
            "total": (final or {}).get(seat, result.get("start")),
            "dealer": seat == result.get("next_dealer"),
            "session": session.get(seat) or {},
        }
        for seat in SEATS
    ]


def _footer(players: list[dict]) -> list[dict]:
    """The players with a session line, best placement first, ties marked."""
    footer = sorted(
        (p for p in players if p["session"]),
        key=lambda p: (p["session"].get("placement") or 9, p["seat"]),
    )
    places = [p["session"].get("placement") for p in footer]
    for p in footer:
        p["tied"] = places.count(p["session"].get("placement")) > 1
    return footer


def _penalty_view(penalty: dict, names: dict) -> dict:
    effect = penalty.get("effect") or {}
    category = penalty.get("category") or ""
    return {
        **penalty,
        "category_name": category_name(category),
        "reason": message_text(penalty.get("reason"), names),
        "name": names.get(penalty.get("player"), penalty.get("player")),
        "effects": [
            {"seat": s, "name": names.get(s, s), "value": effect.get(s, 0)}
            for s in SEATS
            if effect.get(s) and s != penalty.get("player")
        ],
    }


def preview_view(
    result: dict,
    index: int,
    entry: dict,
    names: dict,
    lang: str,
    family: Family | str,
    features: frozenset[str] = frozenset(),
) -> dict:
    """A "check" result: the whole sheet as it would be, and the row being entered."""
    rows = list(result.get("rows") or [])
    if 0 <= index < len(rows):
        rows[index] = {**rows[index], "entry": entry}
    sheet = sheet_view({**result, "rows": rows}, names, lang, family=family, features=features)
    row = sheet["rows"][index] if 0 <= index < len(sheet["rows"]) else None
    return {"sheet": sheet, "row": row}
