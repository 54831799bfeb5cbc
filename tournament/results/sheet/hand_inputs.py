"""A hand's inputs held to what the event's rules take, where a judge's entry is saved.

Why (issue #35): the page shows only the inputs the family declares
(``EntryData.inputs`` and its flags), but the API, a keyboard, a hand-edited
draft or a player's phone can still send others. The pure check
(:mod:`scoring.sheets.inputs`) names what the rules do not take; here it
becomes a :class:`SheetInputError` at the input's place, so the hand is
refused with the input and the rules named, and nothing is saved.

Only the services that put a judge's hand on a sheet call it (``_put_entry``:
the page, the API, players' phones, ``preview``): replaying a stored sheet
and restoring a backup do not, so an old record replays as it was stored.
"""

from __future__ import annotations

from scoring.families.protocol import EntryData
from scoring.sheets.inputs import first_input_problem
from tournament.results.sheet.errors import SheetInputError


def check_inputs(offered: EntryData, entry, where: str, ruleset: str) -> None:
    """Raise the refusal of the first input of ``entry`` the rules do not take, if any."""
    problem = first_input_problem(entry, offered, ruleset, where)
    if problem is not None:
        raise SheetInputError(problem.field, problem.code, dict(problem.params))
