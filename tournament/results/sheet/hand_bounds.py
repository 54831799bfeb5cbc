"""A sheet's numbers held to their bounds by the services themselves (issue #32, M4).

Why: the page's forms refused an MCR fan of 1000, but the API sent the
hand's JSON straight to the services and a hand of ``fan: 10**40`` was
saved, confirmed and published. The services that write a hand, final
scores or a penalty now check every number against the bounds of
``tournament.events.bounds`` before the replay reads it, so no path (a page,
the API, a player's phone, ``import_results``) can save one out of bounds;
``import_event`` holds a backup's rows to the same checks. A refusal is a
:class:`SheetInputError` with the bound's code and sentence, at the place
the replay would name (``hands[2].fan``, ``hands[0].wins[1].han``,
``final_scores.E``, ``penalties[0].points``).

Only whole numbers are checked here: anything else (text, a list) is the
replay's to refuse, as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from scoring.core.numbers import is_int
from scoring.families.protocol import EntryData
from tournament.events.bounds import FINAL_SCORE, LEFTOVER_STICKS, Bound, value_bound
from tournament.results.sheet.errors import SheetInputError


def refused(bound: Bound, value, where: str) -> SheetInputError | None:
    """The refusal of ``value`` at ``where`` (a field path), or None when it is within bounds."""
    if not is_int(value):
        return None
    refusal = bound.refusal(value)
    if refusal is None:
        return None
    code, sentence = refusal
    return SheetInputError(where, code, {"value": value}, sentence)


def check(bound: Bound, value, where: str) -> None:
    """Raise the refusal of ``value`` at ``where``, if any."""
    error = refused(bound, value, where)
    if error is not None:
        raise error


def hand_problems(offered: EntryData, entry, where: str) -> Iterator[SheetInputError]:
    """Each number of a hand entry out of its bound: its value fields, and each winner's."""
    if not isinstance(entry, Mapping):
        return
    parts = [(entry, where)]
    wins = entry.get("wins")
    if isinstance(wins, list):
        parts += [(w, f"{where}.wins[{j}]") for j, w in enumerate(wins) if isinstance(w, Mapping)]
    for field in offered.value_fields:
        bound = value_bound(field)
        for data, place in parts:
            error = refused(bound, data.get(field.code), f"{place}.{field.code}")
            if error is not None:
                yield error


def check_hand(offered: EntryData, entry, where: str) -> None:
    """Raise the first refusal of :func:`hand_problems`."""
    for error in hand_problems(offered, entry, where):
        raise error


def score_problems(scores, where: str = "final_scores") -> Iterator[SheetInputError]:
    """Each seat's final score out of bounds (``final_scores.E``)."""
    if isinstance(scores, Mapping):
        for seat, value in scores.items():
            error = refused(FINAL_SCORE, value, f"{where}.{seat}")
            if error is not None:
                yield error


def check_final_scores(scores, leftover_sticks) -> None:
    for error in score_problems(scores):
        raise error
    check(LEFTOVER_STICKS, leftover_sticks, "leftover_sticks")
