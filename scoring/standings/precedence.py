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
:class:`scoring.settlement_hkos.HKOSSessionRules`, which checks the same
option when a sheet is replayed.

⚠ ``best_session`` of a player without a session is 0, so on that metric
they rank above players whose sessions were all negative.

⚠ Riichi rules name no tiebreak after the points; the sum of raw final
points, then the best session, is this module's choice. Tenhou ties at a
table are already broken by seat order, the other presets split uma
(scoring/session_riichi.py); either way the standings see the sheet's values.

⚠ JPML A with nobody floating (deposits left on the table, e.g. four players
on 29,900 … 29,100) takes the 2-float uma row +8/+4/−4/−8, as
:data:`scoring.session_riichi.JPML_DEFAULT_ROW` does (riichi.md §5, after
Pantheon); standings add whatever the sheet computed.

Overrides are the event's one dict: names another reader of the ruleset owns
pass, a name no reader knows is refused, as every reader does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoring.rulesets import KNOWN_RULESETS, hkos_options, mcr_options, zung_jung_options
from scoring.settlement_hkos import TIEBREAKS as HKOS_TIEBREAKS
from scoring.settlement_zung_jung import ZJ_SESSION_RULES
from scoring.standings.lines import StandingsError
from scoring.standings.metrics import METRICS

SHARED = "shared"  # a tiebreak_chain entry: stop, tied players share the rank

# rules/mcr.md §8.1-2: table points, then session scores (with overall penalties, ⚠ above).
MCR_HEAD = ("table_points", "points_total")
# rules/mcr.md §8.3 ⚠ default chain: 1sts, 2nds, 3rds, highest single session, shared.
MCR_TIEBREAKS = ("firsts", "seconds", "thirds", "best_session", SHARED)
# rules/riichi.md §3: result points; raw points and best session are ⚠ this module's choice.
RIICHI = ("result_points", "raw_points", "best_session")
# rules/zung-jung.md §8: session points (or match points first); firsts, best ⚠ our choice.
ZJ_TAIL = ("points_total", "firsts", "best_session")
# rules/hkos.md §7: points, then the chain (settlement_hkos.TIEBREAKS by default).
HKOS_HEAD = ("points_total",)


def _riichi_options() -> frozenset[str]:
    # Imported here: the sheets package pulls in every riichi reader, needed only for riichi.
    from scoring.sheets.riichi_options import OPTION_TYPES, SESSION_OPTIONS, SETTLEMENT_OPTIONS

    return frozenset({*OPTION_TYPES, *SETTLEMENT_OPTIONS, *SESSION_OPTIONS})


def _known_options(ruleset: str) -> frozenset[str]:
    if ruleset == "mcr":
        return mcr_options.ALL_OPTIONS
    if ruleset == "zung-jung":
        return zung_jung_options.ALL_OPTIONS
    if ruleset == "hkos":
        return hkos_options.ALL_OPTIONS
    return _riichi_options()


def _check_names(ruleset: str, overrides: Mapping[str, Any]) -> None:
    if not isinstance(overrides, Mapping):
        raise StandingsError(f"overrides must be a mapping, not {overrides!r}")
    known = _known_options(ruleset)
    for name in overrides:
        if name not in known:
            raise StandingsError(
                f"{name!r} is not a {ruleset} option; use {', '.join(sorted(known))}"
            )


def _chain(value: object) -> tuple[str, ...]:
    """The event's tiebreak_chain up to "shared", every name checked against the registry."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise StandingsError(f"tiebreak_chain must be a list of metric names, not {value!r}")
    for name in value:
        if name != SHARED and name not in METRICS:
            known = ", ".join([*sorted(METRICS), SHARED])
            raise StandingsError(f"tiebreak_chain: {name!r} is not a metric; use {known}")
    names = list(value)
    return tuple(names[: names.index(SHARED)] if SHARED in names else names)


def _dedupe(names: Sequence[str]) -> tuple[str, ...]:
    """A metric named twice ranks nothing the second time: keep its first place."""
    return tuple(dict.fromkeys(names))


def precedence(ruleset: str, overrides: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """The ruleset's ranking metrics in order, with the event's overrides applied."""
    if ruleset not in KNOWN_RULESETS:
        raise StandingsError(
            f"ruleset {ruleset!r} has no standings; use one of {', '.join(sorted(KNOWN_RULESETS))}"
        )
    overrides = {} if overrides is None else overrides
    _check_names(ruleset, overrides)
    if ruleset == "mcr":
        return _dedupe((*MCR_HEAD, *_chain(overrides.get("tiebreak_chain", MCR_TIEBREAKS))))
    if ruleset == "hkos":
        return _dedupe((*HKOS_HEAD, *_chain(overrides.get("tiebreak_chain", HKOS_TIEBREAKS))))
    if ruleset == "zung-jung":
        try:
            rules = ZJ_SESSION_RULES.resolve(overrides)
        except ValueError as problem:
            raise StandingsError(str(problem)) from None
        return ("match_points", *ZJ_TAIL) if rules.match_points else ZJ_TAIL
    return RIICHI
