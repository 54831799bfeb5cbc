"""A riichi session score taken apart (rules/riichi.md §3-§7; the codes: scoring.sheets.parts).

Why its own: the raw part is ``(final − return) / 1,000`` from the rules'
return, not the final points; Tenhou rounds it to whole thousands (§4
"Final rounding"), uma, oka and leftover sticks are placement parts, and the
ledger counts in riichi points (1,000 to a session point). The order follows
sessions.md §5: ``table_score`` entries join the points before the rounding,
then placement, then ``session_after_uma`` entries (a chombo in jpml and ema);
a chombo off the overall score (wrc) is not a part (see ``outside_parts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scoring.core.seats import SEATS
from scoring.families.riichi.session import THOUSAND, tenhou_rounding
from scoring.families.riichi.setup import RiichiSetup
from scoring.sheets.parts import Part, effect, fraction, ledger_parts, stored_part


def riichi_parts(rules: RiichiSetup, result: Mapping[str, Any]) -> dict[str, list[Part]]:
    """Each seat's parts; their sum is its stored session score."""
    finals = result.get("final_points") or {}
    session = result.get("session") or {}
    penalties = result.get("penalties") or ()
    back = rules.session.return_points
    raw = {
        s: None if finals.get(s) is None else Fraction(int(finals[s]) - back, THOUSAND)
        for s in SEATS
    }
    rounding = _rounding(rules, raw, session, penalties, back)
    out = {}
    for s in SEATS:
        mine = session.get(s) or {}
        out[s] = [
            ("points", raw[s]),
            *([("rounding", rounding[s])] if rounding[s] != 0 else []),
            *stored_part(mine, "uma"),
            *stored_part(mine, "oka"),
            *stored_part(mine, "sticks"),
            *ledger_parts(penalties, s, unit=THOUSAND),
        ]
    return out


def _rounding(rules: RiichiSetup, raw, session, penalties, back: int) -> dict[str, Fraction | None]:
    """Tenhou: what rounding to whole thousands added to (raw + table-score penalties).

    Rounding applies to the points the placement was made on, so a
    ``table_score`` penalty is counted in before rounding, as the session does.
    """
    if not rules.session.final_rounding:
        return dict.fromkeys(SEATS, Fraction(0))
    table = dict.fromkeys(SEATS, Fraction(0))
    for entry in penalties:
        if entry.get("scope") == "table_score":
            given = effect(entry)
            if given is None:
                return dict.fromkeys(SEATS, None)
            for s in SEATS:
                table[s] += Fraction(int(given.get(s, 0)), THOUSAND)
    rank = {s: fraction((session.get(s) or {}).get("placement")) for s in SEATS}
    if any(v is None for v in raw.values()) or sorted(rank.values()) != [1, 2, 3, 4]:
        return dict.fromkeys(SEATS, None)
    adjusted = {s: raw[s] + table[s] for s in SEATS}
    rounded = tenhou_rounding(adjusted, rank, back)
    return {s: rounded[s] - adjusted[s] for s in SEATS}
