"""Every word shown for a code, in the reader's language: one glossary.

Why: the families, the replay and the services speak in codes (outcomes,
flags, value fields and units, layout columns, standings metrics, score
parts, penalty categories, limits, refusals, replay notes, version reasons …)
and the pages, printouts, exports and the API show words. Each code's word
is written once, in the module named for what it holds, and every caller
looks it up here; a test (tests/tournament/test_glossary.py) walks every
registered family and ruleset and fails when a declared code has no word in
English, Japanese or Chinese.

The glossary sits below every app (import-linter's layers): it imports only
Django's translation and the pure rules engine. A code without a word is
shown as itself, so a new family's page works before anyone names its codes
(the test then says which words are missing).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial

from django.utils.translation import gettext_lazy as _

from tournament.glossary.columns import CELL_WORDS, COLUMNS, FOOTER_LINES, NOTES, RUNNING_POINTS
from tournament.glossary.flags import FLAGS
from tournament.glossary.limits import LIMITS
from tournament.glossary.outcomes import OUTCOMES, SHARPER_OUTCOMES
from tournament.glossary.penalties import CATEGORIES
from tournament.glossary.precedence import METRICS
from tournament.glossary.score_parts import SCORE_PARTS
from tournament.glossary.time_policies import TIME_POLICIES
from tournament.glossary.values import UNITS, UNITS_ONE, VALUE_LABELS


def name_of(names: Mapping, code):
    """``code``'s word from ``names`` (one of the glossary's tables), or the code itself."""
    return names.get(code, code)


def outcome_name(code: str, features: Iterable[str] = ()):
    """An outcome's name; the sharper one a feature of the family gives, if any."""
    for feature in sorted(features):
        sharper = SHARPER_OUTCOMES.get((code, feature))
        if sharper is not None:
            return sharper
    return name_of(OUTCOMES, code)


def value_label(code: str):
    """A value field's label on the judge's form ("Han", "Fan (without flowers)")."""
    return name_of(VALUE_LABELS, code)


# A code's word from one table, or the code itself (see name_of).
flag_name = partial(name_of, FLAGS)
column_label = partial(name_of, COLUMNS)
footer_label = partial(name_of, FOOTER_LINES)
note_label = partial(name_of, NOTES)
cell_word = partial(name_of, CELL_WORDS)
part_name = partial(name_of, SCORE_PARTS)
category_name = partial(name_of, CATEGORIES)
time_policy_text = partial(name_of, TIME_POLICIES)


def running_points_heading(footer: tuple[str, ...]):
    """The word heading a session's running points, from the family's sheet footer."""
    return RUNNING_POINTS.get(footer[0] if footer else "", _("Points"))


def unit_word(code: str, amount=None) -> str:
    """A unit's word ("han", "faan"); the word for one where ``amount`` is 1 and it differs."""
    if amount == 1 and code in UNITS_ONE:
        return str(UNITS_ONE[code])
    return str(name_of(UNITS, code))


def limit_name(code: str) -> str:
    """A limit's name ("mangan"); an unknown code with its underscores as spaces."""
    return str(LIMITS.get(code, str(code).replace("_", " ")))


def metric_label(name: str) -> str:
    """A standings metric's label, or its name made readable for one not in the table."""
    return str(METRICS.get(name) or name.replace("_", " ").capitalize())
