"""Which metrics rank the players of each ruleset, in order, with the event's overrides.

The precedence is a list of metric names (:data:`scoring.standings.metrics.METRICS`);
players are compared on the first, then the next, and share a rank only
when every one is equal. The event's ``tiebreak_chain`` replaces the tail
where the rules offer one (MCR, HKOS); ``"shared"`` in it means "stop here":
players still equal share the rank (the chain's later names are checked but
not used). There is never a random draw.

| ruleset | precedence |
|---|---|
| ``mcr`` (mcr.md §8) | table_points, points_total, then chain |
|  | (default firsts, seconds, thirds, best_session, shared) |
| riichi presets (riichi.md §3) | result_points, raw_points, best_session |
| ``zung-jung`` (§8) | [match_points if ``zj_match_points``], points_total, firsts, best_session |
| ``hkos`` (§7) | points_total, then chain (default session_wins, best_session, shared) |

⚠ MCR ``overall_score`` penalties (``penalties_in_session_score = false``)
are in MCR points, the unit of session scores, not of table points (a −30
false win against a 4/2/1/0 scale would be absurd), so they come off the
*session score total*, the second key: MCR ranks on ``points_total`` there
(``session_score`` plus those penalties). Table points only ever move
through ``table_score`` penalties, inside the session. §8's "more hands
won" (Mahjong Time) is not offered: a session line carries no hand count.

⚠ Zung Jung's penalties default to ``overall_score`` (sheets/zung_jung.py);
they likewise come off the session points total, which stays the first
key without match points and becomes the second with them.

⚠ Zung Jung's ``firsts``, ``best_session`` after the points are this
module's choice (§8 names none).

⚠ A ``tiebreak_chain`` may name any registered metric; HKOS events are
still limited to ``session_wins``, ``best_session``, ``shared`` by
:class:`scoring.families.hkos.settlement.HKOSSessionRules`, which checks the same
option when a sheet is replayed.

⚠ ``best_session`` of a player without a session is 0, so on that metric
they rank above players whose sessions were all negative.

⚠ Riichi rules name no tiebreak after the points; the sum of raw final
points, then the best session, is this module's choice. Tenhou ties at a
table are already broken by seat order, the other presets split uma
(scoring/session_riichi.py); either way the standings see the sheet's values.

⚠ JPML A with nobody floating (deposits left on the table, e.g. four players
on 29,900 … 29,100) takes the 2-float uma row +8/+4/−4/−8, as
:data:`scoring.families.riichi.session.JPML_DEFAULT_ROW` does (riichi.md §5, after
Pantheon); standings add whatever the sheet computed.

Each family declares its own precedence (``Family.precedence``); this
module asks it, with the event's options resolved by the family's one
validator, so a bad option is refused here as everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.families.checking import SHARED
from scoring.families.protocol import OptionError
from scoring.families.registry import UnknownRuleset, family_for, ruleset_names
from scoring.standings.lines import StandingsError

__all__ = ["SHARED", "precedence", "precedence_of"]


def precedence(ruleset: str, overrides: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """The ruleset's ranking metrics in order, with the event's overrides applied."""
    try:
        family = family_for(ruleset)
    except UnknownRuleset:
        known = ", ".join(sorted(ruleset_names()))
        raise StandingsError(f"ruleset {ruleset!r} has no standings; use one of {known}") from None
    try:
        rules = family.resolve(ruleset, {} if overrides is None else overrides)
    except OptionError as problem:
        raise StandingsError(problem.message) from None
    return family.precedence(rules)


def precedence_of(rules: Any) -> tuple[str, ...]:
    """The ranking metrics of an event's resolved (frozen) rules."""
    return family_for(rules.ruleset).precedence(rules)
