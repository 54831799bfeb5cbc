"""One table's printed scoresheet as template data: blank for play, or filled from a version.

A sheet is a dict the ``printing/_sheet.html`` template lays out the same way
for every ruleset family: a header (event, round, table, session id, the four
players with their starting winds, the QR code of the table's entry page), a
hand grid whose columns come from :mod:`tournament.printing.layouts`, footer
lines per player, the penalty block and the signature boxes.

Rows are plain lists of ``(text, css class)`` cells in column order, so the
template is one loop and a 64-table round stays a small document.

Players are named by their starting seat (E, S, W, N) inside a sheet, as the
results code does; the header says who sits where.
"""

from __future__ import annotations

import re

import segno
from django.conf import settings
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.core.names import name_table
from scoring.families import family_for
from tournament.events.rules import rules_of
from tournament.printing.grid_svg import PAD, data_uri, grid_svg, height_of
from tournament.printing.layouts import SEATS, Layout, layout_for, mcr_seats_by_round
from tournament.printing.layouts import preprinted_labels as labels_for
from tournament.results.display import CATEGORY_NAMES, WIND_CHARS, items_of, value_text
from tournament.results.models import Penalty, ScoreSheet
from tournament.results.rulings import family_of
from tournament.results.templatetags.results_tags import ordinal_place, points, signed
from tournament.seating.models import Seat, Table

PENALTY_LINES = 2  # blank lines of the penalty block on a sheet for play
RESULT_CODES = {  # sessions.md §3, riichi: R ron / T tsumo / D draw / A abortive / C chombo
    "ron": "R",
    "tsumo": "T",
    "draw": "D",
    "abortive": "A",
    "chombo": "C",
    "nagashi": "N",
}
SELF_DRAWS = frozenset({"tsumo", "self_draw"})
SCOPE_NAMES = dict(Penalty.Scope.choices)
SELF = gettext_lazy("self")
_MCR_VALUE = re.compile(r"(\d+) fan(?: \+ (\d+) flowers?)?")
_NUMBER = re.compile(r"-?\d+")
_FAAN = re.compile(r"(\d+) faan")


# --- Loading -------------------------------------------------------------------------------


def tables_of(round_) -> list[Table]:
    """The round's tables in number order, each with its seats, registrations and players."""
    seats = Seat.objects.select_related("registration__player").order_by()
    return list(
        round_.tables.order_by("number").prefetch_related(Prefetch("seats", queryset=seats))
    )


def confirmed_sheets(round_) -> dict[int, ScoreSheet]:
    """Table id -> its confirmed version, with the hand rows (riichi marks, pao are entries)."""
    sheets = ScoreSheet.objects.filter(
        table__round=round_, status=ScoreSheet.Status.CONFIRMED
    ).prefetch_related("hands")
    return {sheet.table_id: sheet for sheet in sheets}


def table_url(event, round_, table) -> str:
    """The absolute address of the table's entry page, as a judge's phone opens it."""
    path = reverse("results:table", args=[event.slug, round_.number, table.number])
    return settings.SITE_URL + path


def qr_svg(url: str) -> str:
    """An inline SVG QR code; its size is set by the stylesheet (class ``qr``)."""
    svg = segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, svgclass="qr")
    return mark_safe(svg)  # segno's own markup; the URL is ours


def hands_per_session(event) -> int | None:
    return family_for(event.ruleset).session_hands(rules_of(event))


def event_layout(event) -> Layout:
    family = family_of(event.ruleset)
    return layout_for(family, hands=hands_per_session(event) if family == "zung-jung" else None)


# --- The header ----------------------------------------------------------------------------


def players_of(table, family: str) -> list[dict]:
    by_wind = {seat.wind: seat.registration.player for seat in table.seats.all()}
    out = []
    for wind in SEATS:
        player = by_wind.get(wind)
        out.append(
            {
                "seat": wind,
                "wind": WIND_CHARS[wind],
                "name": player.name if player else "",
                "id": (player.ema_id or f"#{player.pk}") if player else "",
                "rounds": mcr_seats_by_round(wind) if family == "mcr" else None,
            }
        )
    return out


def _frame(event, round_, table, layout: Layout) -> dict:
    url = table_url(event, round_, table)
    players = players_of(table, layout.family)
    return {
        "event": event,
        "round": round_,
        "table": table,
        "layout": layout,
        "session_id": f"{event.slug}/{round_.number}/{table.number}",
        "url": url,
        "qr": qr_svg(url),
        "players": players,
        "round_winds": [WIND_CHARS[w] for w in SEATS],
        "groups": [
            {
                "wind": p["wind"],
                "seat": p["seat"],
                "name": p["name"],
                "span": len(layout.per_player),
            }
            for p in players
        ],
    }


# --- Blank sheets --------------------------------------------------------------------------


def _cells(layout: Layout, values: dict, per_seat: dict | None = None) -> list[tuple]:
    """One grid row: ``values`` by column key; ``per_seat[seat][key]`` for player columns."""
    cells = [_cell(c, values.get(c.key)) for c in layout.lead]
    for seat in SEATS:
        mine = (per_seat or {}).get(seat) or {}
        cells += [_cell(c, mine.get(c.key)) for c in layout.per_player]
    cells += [_cell(c, values.get(c.key)) for c in layout.tail]
    return cells


def _cell(column, value) -> tuple[str, str]:
    if value is None or value == "":
        return ("", "")
    return (value, "n" if column.numeric else "")


def sheet_css(layout: Layout) -> str:
    """The document's own style rules: ``layout``'s column widths and its blank grid picture.

    One rule set per document, not a style attribute per cell: every sheet of
    a round shares the layout, and the picture (``grid_svg``) is read once.
    """
    labels = [_preprinted(pre) for pre in labels_for(layout.family, layout.rows)]
    picture = data_uri(grid_svg(layout, labels, [str(line.label) for line in layout.footer]))
    rules = [f".grid{{width:{layout.css_width}}}"]
    for prefix, columns in (("l", layout.lead), ("p", layout.per_player), ("t", layout.tail)):
        rules += [f".grid col.{prefix}{i}{{width:{c.css_width}}}" for i, c in enumerate(columns)]
    rules.append(
        f".grid-body{{width:{layout.width + 2 * PAD:g}mm;height:{height_of(layout) + 2 * PAD:g}mm;"
        f'background:url("{picture}") no-repeat}}'
    )
    return mark_safe("\n".join(rules))  # our numbers and a base64 URI: nothing to escape


def blank_sheet(event, round_, table, layout: Layout) -> dict:
    """A sheet for play: labels the ruleset knows in advance, everything else to write."""
    return {
        **_frame(event, round_, table, layout),
        "filled": False,
        "penalties": [],
        "penalty_lines": range(PENALTY_LINES),
    }


def _preprinted(pre: dict) -> dict:
    out = dict(pre)
    if "dealer" in out:
        out["dealer"] = WIND_CHARS[out["dealer"]]
    return out


# --- Filled sheets -------------------------------------------------------------------------


def filled_sheet(event, round_, table, layout: Layout, sheet: ScoreSheet, lang: str) -> dict:
    """The confirmed version ``sheet`` written into the same grid as the blank sheet."""
    result = sheet.result or {}
    entries = {h.number: h.entry or {} for h in sheet.hands.all()}
    rows = []
    for row in result.get("rows") or []:
        entry = entries.get(row.get("index", 0) + 1, {})
        values, per_seat = _row_values(layout.family, row, entry)
        items = items_of(row.get("score"), layout.family, lang)
        rows.append(
            {
                "cells": _cells(layout, values, per_seat),
                "items": " · ".join(f"{i['name']} {i['total']}" for i in items),
            }
        )
    return {
        **_frame(event, round_, table, layout),
        "filled": True,
        "final_only": sheet.kind == ScoreSheet.Kind.FINAL,
        "version": sheet,
        "rows": rows,
        "footer": _footer(layout, result),
        "penalties": _penalties(result, {p["seat"]: p["name"] for p in players_of(table, "")}),
        "penalty_lines": range(0),
        "pool_note": _pool_note(result) if layout.family == "riichi" else "",
    }


def _who(seats) -> str:
    return ", ".join(seats or [])


def _row_values(family: str, row: dict, entry: dict) -> tuple[dict, dict]:
    outcome = row.get("outcome") or ""
    winners = row.get("winners") or []
    values = {
        "number": row.get("index", 0) + 1,
        "label": row.get("label") or "",
        "winner": _who(winners),
        "discarder": str(SELF) if outcome in SELF_DRAWS and winners else row.get("discarder") or "",
        "value": value_text(row.get("value_text") or ""),
    }
    per_seat = {
        s: {
            "delta": signed(row["deltas"][s]) if s in (row.get("deltas") or {}) else "",
            "total": points(row["totals"][s]) if s in (row.get("totals") or {}) else "",
        }
        for s in SEATS
    }
    extra = _FAMILY_VALUES[family](row, entry, outcome, winners)
    for seat, marks in extra.pop("per_seat", {}).items():
        per_seat[seat].update(marks)
    values.update(extra)
    return values, per_seat


def _mcr_values(row, entry, outcome, winners) -> dict:
    found = _MCR_VALUE.search(row.get("value_text") or "")
    return {
        "fan": found.group(1) if found else "",
        "flowers": (found.group(2) or "0") if found else "",
        "value": "",
    }


def _riichi_values(row, entry, outcome, winners) -> dict:
    riichi = set(entry.get("riichi") or [])
    wins = [w for w in entry.get("wins") or [] if isinstance(w, dict)]
    liable = entry.get("liable") or _who([w["liable"] for w in wins if w.get("liable")])
    return {
        "honba": row.get("honba") or 0,
        "result": RESULT_CODES.get(outcome, outcome[:1].upper()),
        "pao": liable or "",
        "pool": row.get("pool_after") or 0,
        "per_seat": {s: {"riichi": "●"} for s in riichi if s in SEATS},
    }


def _zung_jung_values(row, entry, outcome, winners) -> dict:
    found = _NUMBER.search(row.get("value_text") or "")
    codes = []
    table = name_table("zung_jung_patterns")
    for item in (row.get("score") or {}).get("items") or []:
        code = (table.get(item["key"]) or {}).get("number") or item["key"]
        count = item.get("count") or 1
        codes.append(code if count == 1 else f"{code}×{count}")
    responsible = "" if entry.get("all_immune") else (row.get("discarder") or "")
    return {
        "dealer": WIND_CHARS.get(row.get("dealer"), ""),
        "responsible": responsible if outcome not in SELF_DRAWS else "",
        "value": found.group(0) if found and winners else "",
        "patterns": "+".join(codes),
    }


def _hkos_values(row, entry, outcome, winners) -> dict:
    label = row.get("label") or ""
    deltas = row.get("deltas") or {}
    value = ""
    if outcome == "discard" and row.get("discarder") in deltas:
        value = points(-deltas[row["discarder"]])
    elif outcome in SELF_DRAWS and winners:
        losers = [-d for s, d in deltas.items() if s not in winners]
        value = points(2 * max(losers)) if losers else ""
    return {
        "wind": WIND_CHARS.get(label[:1], label[:1]),
        "dealer": WIND_CHARS.get(row.get("dealer"), ""),
        "repeat": label.split("-")[1] if "-" in label else "",
        # One number per winner ("3/4" when two won on one discard), the first winner's first.
        "faan": "/".join(_FAAN.findall(row.get("value_text") or "")) if winners else "",
        "value": value,
    }


_FAMILY_VALUES = {
    "mcr": _mcr_values,
    "riichi": _riichi_values,
    "zung-jung": _zung_jung_values,
    "hkos": _hkos_values,
}


def _footer(layout: Layout, result: dict) -> list[dict]:
    session = result.get("session") or {}
    final = result.get("final_points") or {}
    places = [(session.get(s) or {}).get("placement") for s in SEATS]
    lines = []
    for line in layout.footer:
        values = []
        for seat in SEATS:
            mine = session.get(seat) or {}
            values.append(_footer_value(line.key, seat, mine, final, places))
        lines.append({"label": line.label, "values": values})
    return lines


def _footer_value(key: str, seat: str, mine: dict, final: dict, places: list) -> str:
    if key in ("hand_total", "final_points"):
        return points(final.get(seat)) if seat in final else ""
    if key == "placement":
        place = mine.get("placement")
        if place is None:
            return ""
        return ordinal_place(place) + ("=" if places.count(place) > 1 else "")
    if key == "uma_oka":
        parts = [signed(mine[k]) for k in ("uma", "oka") if mine.get(k) not in (None, "", "0")]
        return " / ".join(parts) or "0"
    if key == "rank_points":
        return points(mine.get("rank_points")) if mine.get("rank_points") is not None else ""
    value = mine.get(key)
    return "" if value is None else signed(value)


def _penalties(result: dict, names: dict) -> list[dict]:
    out = []
    for p in result.get("penalties") or []:
        after = p.get("after_hand")
        category = p.get("category") or ""
        out.append(
            {
                "hand": "" if after is None else after + 1,
                "player": f"{p.get('player', '')} {names.get(p.get('player'), '')}".strip(),
                "category": CATEGORY_NAMES.get(category, category),
                "points": signed(p.get("points")),
                "scope": SCOPE_NAMES.get(p.get("scope"), p.get("scope") or ""),
                "reason": p.get("reason") or "",
            }
        )
    return out


def _pool_note(result: dict) -> str:
    pool = result.get("pool") or 0
    if not pool:
        return ""
    takers = [
        s
        for s, line in (result.get("session") or {}).items()
        if line.get("sticks") not in (None, "0")
    ]
    where = ", ".join(takers) if takers else _("lost")
    return _("%(n)s stick(s) left: %(where)s") % {"n": pool, "where": where}
