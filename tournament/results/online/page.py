"""What the online game's preview shows: players, rules, and every hand as the judge page does.

The sheet's rows come from the same ``sheet_view`` the judge's page uses, so
a hand reads the same here (outcome, who won from whom, value, yaku in the
reader's language, each seat's payment and points). Each row also gets the
winner's tiles and its marks: where our engine and the log disagree, and
where the event's rules pay other than Tenhou paid.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.core.seats import SEATS
from tournament.formatting import points, signed
from tournament.glossary.game_logs import DIFFERENCES, LOG_REFUSALS, MISMATCH_VALUES, MISMATCHES
from tournament.results.online.reading import LogPreview, where_used
from tournament.results.page.building import lang, message_of, points_heading, sheet_parts
from tournament.results.page.display import WIND_CHARS, sheet_view
from tournament.results.sheet.state import head_of


def preview_page(seen: LogPreview, *, carried: str) -> dict:
    event = seen.table.round.event
    by_id = {s.registration_id: s.registration for s in seen.seats}
    names = {
        m.seat: by_id[m.registration_id].name if m.registration_id in by_id else m.name
        for m in seen.matches
    }
    sheet = None
    if seen.result is not None:
        result = seen.result.to_dict()
        for row, entry in zip(result["rows"], seen.game.entries, strict=False):
            row["entry"] = entry  # the riichi and tenpai marks, as a stored hand gives them
        sheet = sheet_view(result, names, lang(), **sheet_parts(event))
        sheet["points_heading"] = points_heading(event)
        for row, entry, mark in zip(sheet["rows"], seen.game.entries, seen.marks, strict=False):
            row["tiles"] = tiles_of(entry)
            row["log_marks"] = mark_texts(mark, names)
    head = head_of(seen.table)
    used = None
    if seen.used is not None:
        used = str(LOG_REFUSALS["already_used"]) % where_used(seen.used)
    return {
        "used_text": used,
        "rules_differ": LOG_REFUSALS["rules_differ"],
        "ruling_rows": LOG_REFUSALS["ruling_rows"] if seen.ruling_rows else "",
        "sheet_error": message_of(seen.error) if seen.error is not None else "",
        "preview": seen,
        "carried": carried,
        "base_version": head.version if head else 0,
        "players": [
            {
                "index": m.index,
                "wind": WIND_CHARS[m.seat],
                "log_name": m.name,
                "chosen": m.registration_id,
                "remembered": m.remembered,
                "elsewhere": m.elsewhere,
            }
            for m in seen.matches
        ],
        "choices": [(s.registration_id, s.registration.name) for s in seen.seats],
        "mismatches": [mismatch_text(m) for m in seen.game.mismatches],
        "log_sheet": sheet,
        "differences": sum(len(m["differs"]) for m in seen.marks) + len(seen.game.final_differs),
        "paid_otherwise": sum(1 for m in seen.marks if m["paid_otherwise"]),
    }


def mismatch_text(m: dict) -> str:
    def side(value):
        words = MISMATCH_VALUES.get((m["code"], value))
        return str(words) if words is not None else points(value)

    return str(MISMATCHES[m["code"]]) % {"log": side(m["log"]), "event": side(m["event"])}


def mark_texts(mark: dict, names: dict) -> list[str]:
    out = []
    for d in mark["differs"]:
        what = DIFFERENCES.get(d["what"])
        what = str(what) if what is not None else d["what"]
        who = names.get(SEATS[d["seat"]], "") if d.get("seat") is not None else ""
        out.append(
            _("%(what)s%(who)s: our engine %(ours)s, the log %(theirs)s")
            % {
                "what": what,
                "who": f" ({who})" if who else "",
                "ours": _shown(d["ours"]),
                "theirs": _shown(d["theirs"]),
            }
        )
    if mark["paid_otherwise"]:
        paid = " · ".join(
            f"{names.get(s, s)} {signed(v)}" for s, v in zip(SEATS, mark["logged"], strict=True)
        )
        out.append(
            _("Paid otherwise under this event's rules; Tenhou paid: %(paid)s") % {"paid": paid}
        )
    return out


def _shown(value) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return points(value)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def tiles_of(entry: dict) -> list[dict]:
    """Each winner's tiles as written: the concealed part, each meld, the winning tile."""
    claims = entry.get("wins") or ([entry] if entry.get("hand") else [])
    out = []
    for claim in claims:
        hand = claim.get("hand") or {}
        melds = [m.get("tiles", "") for m in hand.get("melds") or []]
        out.append(
            {
                "seat": claim.get("winner"),
                "concealed": hand.get("concealed", ""),
                "melds": melds,
                "win_tile": hand.get("win_tile", ""),
                "dora": hand.get("dora_indicators", ""),
                "ura": hand.get("ura_indicators", ""),
            }
        )
    return out
