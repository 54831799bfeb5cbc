"""One glossary (issue #33): every code a family or the replay declares has a word, in 3 languages.

Walks every registered family and each of its rulesets (and the toy family of
tests/toy_family.py, registered here the same way) and asks what they
declare: the form's outcomes, flags, value fields and total unit, the printed
sheet's columns, footer lines and notes, the standings precedence, the
time-up policy and what a ruling enters; then the engine's own lists (penalty
categories, score parts, value units, limits, replay notes, label kinds,
refusal codes). Each code must have an entry in :mod:`tournament.glossary`,
and the entry must read differently in Japanese and in simplified Chinese
than in English (the compiled catalogue translates it), unless it is listed
in :data:`SAME_IN_EVERY_LANGUAGE` with its reason. A family's fan and yaku
names are data (``scoring/data/<names_table>.tsv``): every row has all three.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from scoring.core.errors import ERROR_CODES
from scoring.core.names import LANGUAGES, name_table
from scoring.core.seats import SEATS
from scoring.families import all_families
from scoring.families.riichi.points import _LIMIT_NAMES, _YAKUMAN_NAMES
from scoring.sheets.labels import KINDS
from scoring.sheets.messages import ENGLISH
from scoring.sheets.parts import OUTSIDE_CODES, PART_CODES
from scoring.sheets.penalties import CATEGORIES as PENALTY_CATEGORIES
from scoring.sheets.values import UNITS as VALUE_UNITS
from tests.toy_family import registered_toy
from tournament import glossary
from tournament.glossary import (
    CATEGORIES,
    COLUMNS,
    FLAGS,
    FOOTER_LINES,
    LIMITS,
    METRICS,
    NOTES,
    OUTCOMES,
    SCORE_PARTS,
    TIME_POLICIES,
    UNITS,
    VALUE_LABELS,
)
from tournament.glossary.clock import CLOCK_EVENTS
from tournament.glossary.hand_labels import LABEL_FORMATS, WIND_WORDS
from tournament.glossary.history import HISTORY_REASONS, ROUND_HISTORY, ROUND_HISTORY_KINDS
from tournament.glossary.notes import NOTES as REPLAY_NOTES
from tournament.glossary.reasons import VERSION_REASONS
from tournament.glossary.refusals import FIELDS, NUMBERED, REFUSALS, REFUSALS_WITHOUT_NUMBERS
from tournament.glossary.tiles import FLOWER_TILES, MELD_TYPES
from tournament.results.models import ScoreSheet
from tournament.results.words_review import declared  # the codes a proofreader reads too

TRANSLATED = ("ja", "zh-hans")
# Words that read the same in every language, each with its reason.
SAME_IN_EVERY_LANGUAGE = {
    "#": "the number sign heads the hand-number column on every sheet",
    "Δ": "the change in points is written Δ on riichi, Chinese and English sheets alike",
    "V": "the value paid on a discard, as the note under the grid defines it",
}
# Value units that are not words: a limit names itself (LIMITS), "paid as" is a sentence.
UNITS_WITHOUT_A_WORD = {"limit", "paid_as"}
# Engine error codes a judge never meets: the event's ruleset is always a registered one.
REFUSALS_NOT_SHOWN = {"unknown_ruleset", "unsupported_ruleset"}
# What happens at time (``Family.time_policy``): the protocol's codes.
TIME_POLICY_CODES = {"finish_current", "abandon_current"}


def missing_words(codes) -> list[str]:
    """What has no word: no glossary entry, or an entry a catalogue leaves in English."""
    missing = []
    for what, table, code in codes:
        if code not in table:
            missing.append(f"{what} {code!r}: no entry in the glossary")
            continue
        missing += [f"{what} {code!r}: {problem}" for problem in untranslated(table[code])]
    return sorted(set(missing))


def untranslated(word) -> list[str]:
    """The languages whose compiled catalogue does not translate ``word`` (a lazy string)."""
    with translation.override("en"):
        english = str(word)
    if english in SAME_IN_EVERY_LANGUAGE:
        return []
    problems = []
    for lang in TRANSLATED:
        with translation.override(lang):
            if str(word) == english:
                problems.append(f"“{english}” is not translated in {lang}")
    return problems


FAMILIES = [family.name for family in all_families()]


@pytest.mark.parametrize("name", FAMILIES)
def test_every_code_a_family_declares_has_a_word_in_every_language(name):
    (family,) = [f for f in all_families() if f.name == name]
    assert not missing_words(declared(family))


def test_the_toy_family_is_covered_the_same_way():
    """A family added from the tests alone declares codes too; they need words like any other."""
    for family in registered_toy():
        assert family.name not in FAMILIES
        assert not missing_words(declared(family))


def test_every_family_names_its_fan_and_yaku_in_every_language():
    for family in all_families():
        rows = name_table(family.names_table)
        assert rows, family.name
        for key, row in rows.items():
            missing = [lang for lang in LANGUAGES if not (row.get(lang) or "").strip()]
            assert not missing, f"{family.names_table}: {key} has no name in {missing}"


def test_every_code_of_the_engine_has_a_word_in_every_language():
    codes = [("penalty category", CATEGORIES, code) for code in PENALTY_CATEGORIES]
    codes += [("score part", SCORE_PARTS, code) for code in (*PART_CODES, *OUTSIDE_CODES)]
    units = [unit for unit in VALUE_UNITS if unit not in UNITS_WITHOUT_A_WORD]
    codes += [("value unit", UNITS, unit) for unit in units]
    codes += [("limit", LIMITS, code) for code in (*_LIMIT_NAMES.values(), *_YAKUMAN_NAMES)]
    codes += [("replay note", REPLAY_NOTES, code) for code in ENGLISH]
    codes += [("label kind", LABEL_FORMATS, kind) for kind in KINDS]
    codes += [("prevailing wind", WIND_WORDS, seat) for seat in SEATS]
    shown = (ERROR_CODES - REFUSALS_NOT_SHOWN) | set(REFUSALS_WITHOUT_NUMBERS)
    codes += [("refusal", REFUSALS, code) for code in sorted(shown)]
    codes += [("time policy", TIME_POLICIES, code) for code in sorted(TIME_POLICY_CODES)]
    codes += [("version reason", VERSION_REASONS, code) for code in ScoreSheet.ReasonCode.values]
    assert not missing_words(codes)
    assert set(VERSION_REASONS) == set(ScoreSheet.ReasonCode.values)
    assert set(REPLAY_NOTES) == set(ENGLISH)


def test_every_word_of_the_glossary_is_translated():
    """Every entry, declared by a family or not (a code of an older result, a ruling's field)."""
    tables = [
        OUTCOMES,
        glossary.SHARPER_OUTCOMES,
        FLAGS,
        UNITS,
        glossary.UNITS_ONE,
        VALUE_LABELS,
        LIMITS,
        COLUMNS,
        FOOTER_LINES,
        NOTES,
        glossary.CELL_WORDS,
        METRICS,
        SCORE_PARTS,
        CATEGORIES,
        TIME_POLICIES,
        FIELDS,
        NUMBERED,
        REFUSALS,
        REFUSALS_WITHOUT_NUMBERS,
        REPLAY_NOTES,
        WIND_WORDS,
        VERSION_REASONS,
        HISTORY_REASONS,
        ROUND_HISTORY,
        ROUND_HISTORY_KINDS,
        CLOCK_EVENTS,
        dict(MELD_TYPES[1:]),
        dict(FLOWER_TILES),
    ]
    words = [("word", table, code) for table in tables for code in table]
    words += [
        ("label", {kind: sentence}, kind)
        for kind, sentences in LABEL_FORMATS.items()
        for sentence in sentences
        if sentence is not None
    ]
    assert not missing_words(words)


# A table's entry giving a unit code its word: "han": _("han"), "points": gettext_lazy("points") …
# (a model field's verbose name "points" is a column's name, not a unit's word).
UNIT_ENTRY = re.compile(
    r"""["'](han|fan|faan|points)["']\s*:\s*(?:_|gettext|gettext_lazy)\(\s*["']\1["']\s*\)"""
)


def test_the_unit_words_are_written_once():
    """han, fan, faan and points are the glossary's words (values.UNITS), not another table's."""
    root = Path(settings.BASE_DIR) / "tournament"
    places = {}
    for path in sorted(root.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for unit in UNIT_ENTRY.findall(path.read_text(encoding="utf-8")):
            places.setdefault(unit, []).append(str(path.relative_to(root)))
    assert places == {unit: ["glossary/values.py"] for unit in ("han", "fan", "faan", "points")}
