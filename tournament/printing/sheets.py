"""One table's printed scoresheet as template data: blank for play, or filled from a version.

A sheet is a dict the ``printing/_sheet.html`` template lays out the same way
for every ruleset family: a header (event, round, table, session id, the four
players with their starting winds, the QR code of the table's entry page), a
hand grid whose columns the family declares (:mod:`tournament.printing.layouts`),
footer lines per player, the penalty block and the signature boxes. Where a
family's header differs (MCR's seats by round), its own partial
``printing/families/<family>/_head.html`` is used, else the generic one.

The family turns each replayed row into cells, as codes and numbers
(``family.printed_row``); this module writes them in the reader's language.
Rows are plain lists of ``(text, css class)`` cells in column order, so the
template is one loop and a 64-table round stays a small document.

Players are named by their starting seat (E, S, W, N) inside a sheet, as the
results code does; the header says who sits where.
"""

from __future__ import annotations

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Prefetch
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from scoring.core.seats import SEATS
from scoring.families.protocol import Cell, PrintedRow
from tournament.events.rules import family_of, rules_of
from tournament.family_templates import candidates
from tournament.formatting import place as place_text
from tournament.formatting import points, signed
from tournament.glossary import category_name, cell_word, outcome_name
from tournament.printing.grid_svg import PAD, data_uri, grid_svg, height_of
from tournament.printing.layouts import Layout, layout_for
from tournament.results.models import Penalty, ScoreSheet
from tournament.results.page.display import WIND_CHARS, items_of
from tournament.results.page.hand_values import value_text
from tournament.results.page.sheet_messages import message_text
from tournament.results.sheet.state import ledger_rulings, state_of
from tournament.seating.models import Seat, Table

PENALTY_LINES = 2  # blank lines of the penalty block on a sheet for play
SCOPE_NAMES = dict(Penalty.Scope.choices)


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


def event_layout(event) -> Layout:
    return layout_for(family_of(event), rules_of(event))


def preprinted_labels(event, layout: Layout) -> list[dict[str, str]]:
    """What each blank row shows before play (MCR and Zung Jung know their hands)."""
    labels = family_of(event).row_labels(rules_of(event), layout.rows)
    return [{code: shown(cell) for code, cell in row.items()} for row in labels]


# --- The header ----------------------------------------------------------------------------


def players_of(table, seats_by_round=None) -> list[dict]:
    """The table's four players by starting seat; ``seats_by_round(seat)`` where players move."""
    by_wind = {seat.wind: seat.registration for seat in table.seats.all()}
    out = []
    for wind in SEATS:
        registration = by_wind.get(wind)
        player = registration.player if registration else None
        out.append(
            {
                "seat": wind,
                "wind": WIND_CHARS[wind],
                "name": registration.name if registration else "",
                "id": (player.ema_id or f"#{player.pk}") if player else "",
                "rounds": seats_by_round(wind) if seats_by_round else None,
            }
        )
    return out


def _frame(event, round_, table, layout: Layout) -> dict:
    url = table_url(event, round_, table)
    family, rules = family_of(event), rules_of(event)
    players = players_of(table, lambda seat: family.seats_by_round(rules, seat))
    return {
        "event": event,
        "round": round_,
        "table": table,
        "layout": layout,
        "head": list(candidates(layout.family, "sheet_head")),
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


# --- Cells ---------------------------------------------------------------------------------


def shown(cell: Cell | None) -> str:
    """A family's cell in the reader's language ("" for none)."""
    if cell is None or cell.value is None or cell.value == "":
        return ""
    kind, value = cell.kind, cell.value
    if kind == "points":
        return points(value)
    if kind == "signed":
        return signed(value)
    if kind == "wind":
        return WIND_CHARS.get(value, value)
    if kind == "word":
        return str(cell_word(value))
    if kind == "outcome":
        return str(outcome_name(value))
    if kind == "value":
        return value_text({"value": value})
    return str(value)  # text, number, and an old row's English value (legacy), as they are


def _cells(layout: Layout, printed: PrintedRow) -> list[tuple[str, str]]:
    """One grid row in column order: lead, each player's columns, tail."""
    cells = [_cell(c, printed.cells.get(c.code)) for c in layout.lead]
    for seat in SEATS:
        mine = printed.per_seat.get(seat) or {}
        cells += [_cell(c, mine.get(c.code)) for c in layout.per_player]
    cells += [_cell(c, printed.cells.get(c.code)) for c in layout.tail]
    return cells


def _cell(column, cell: Cell | None) -> tuple[str, str]:
    text = shown(cell)
    if text == "":
        return ("", "")
    return (text, "n" if column.numeric else "")


# --- Blank sheets --------------------------------------------------------------------------


def sheet_css(layout: Layout, labels: list[dict[str, str]]) -> str:
    """The document's own style rules: ``layout``'s column widths and its blank grid picture.

    One rule set per document, not a style attribute per cell: every sheet of
    a round shares the layout, and the picture (``grid_svg``, with the rows'
    preprinted ``labels``) is read once.
    """
    picture = data_uri(grid_svg(layout, labels, [str(label) for label in layout.footer_labels]))
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


# --- Filled sheets -------------------------------------------------------------------------


def filled_sheet(event, round_, table, layout: Layout, sheet: ScoreSheet, lang: str) -> dict:
    """The confirmed version ``sheet`` written into the same grid as the blank sheet."""
    family, rules = family_of(event), rules_of(event)
    result = sheet.result or {}
    entries = {h.number: h.entry or {} for h in sheet.hands.all()}
    rows = []
    for row in result.get("rows") or []:
        entry = entries.get(row.get("index", 0) + 1, {})
        items = items_of(row.get("score"), layout.family, lang)
        rows.append(
            {
                "cells": _cells(layout, family.printed_row(rules, row, entry)),
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
        "penalties": _penalties(
            result, {p["seat"]: p["name"] for p in players_of(table)}, _ledger_sources(sheet)
        ),
        "penalty_lines": range(0),
        "pool_note": _pool_note(result),
    }


def _footer(layout: Layout, result: dict) -> list[dict]:
    session = result.get("session") or {}
    final = result.get("final_points") or {}
    places = [(session.get(s) or {}).get("placement") for s in SEATS]
    lines = []
    for code, label in zip(layout.footer, layout.footer_labels, strict=True):
        values = []
        for seat in SEATS:
            mine = session.get(seat) or {}
            values.append(_footer_value(code, seat, mine, final, places))
        lines.append({"label": label, "values": values})
    return lines


def _footer_value(key: str, seat: str, mine: dict, final: dict, places: list) -> str:
    if key in ("hand_total", "total", "final_points"):
        return points(final.get(seat)) if seat in final else ""
    if key in ("placement", "rank"):
        place = mine.get("placement")
        if place is None:
            return ""
        return place_text(place, tied=places.count(place) > 1)
    if key == "uma_oka":
        parts = [signed(mine[k]) for k in ("uma", "oka") if mine.get(k) not in (None, "", "0")]
        return " / ".join(parts) or "0"
    if key == "rank_points":
        return points(mine.get("rank_points")) if mine.get("rank_points") is not None else ""
    value = mine.get(key)
    return "" if value is None else signed(value)


def _person(user) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else ""


def _ledger_sources(sheet: ScoreSheet) -> dict:
    """Who gave each penalty and under which rule: ``{"rulings": [...], "hands": {...}}``.

    ``rulings``: (judge, rule reference) of the ruling behind each ledger row
    the judges entered, in the ledger's order; ``hands``: hand number -> the
    judge who entered it, for a penalty the replay derives from a hand row
    (a riichi chombo row).
    """
    rulings = ledger_rulings(state_of(sheet))
    hands = {h.number: h.entered_by_id for h in sheet.hands.all()}
    ids = {r["decided_by"] for r in rulings} | set(hands.values())
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=ids - {None})}
    return {
        "rulings": [(_person(users.get(r["decided_by"])), r["rule_reference"]) for r in rulings],
        "hands": {n: _person(users.get(by)) for n, by in hands.items()},
    }


def _penalty_source(p: dict, sources: dict) -> tuple[str, str]:
    """(judge, rule) of ledger row ``p``: its ruling's, or the hand's judge for a derived row."""
    if p.get("derived"):
        after = p.get("after_hand")
        return sources["hands"].get(None if after is None else after + 1, ""), ""
    index = p.get("index")
    rulings = sources["rulings"]
    if isinstance(index, int) and 0 <= index < len(rulings):
        return rulings[index]
    return "", ""


def _penalties(result: dict, names: dict, sources: dict | None = None) -> list[dict]:
    sources = sources or {"rulings": [], "hands": {}}
    out = []
    for p in result.get("penalties") or []:
        after = p.get("after_hand")
        category = p.get("category") or ""
        judge, rule = _penalty_source(p, sources)
        out.append(
            {
                "hand": "" if after is None else after + 1,
                "player": f"{p.get('player', '')} {names.get(p.get('player'), '')}".strip(),
                "category": category_name(category),
                "points": signed(p.get("points")),
                "scope": SCOPE_NAMES.get(p.get("scope"), p.get("scope") or ""),
                "reason": message_text(p.get("reason"), names),
                "rule": rule,
                "judge": judge,
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
