"""Every word a player of each ruleset reads, with its translation: for a proofreader.

Why: a translation is right only in context. 持ち点 is the riichi player's word
for a running score and wrong on an MCR sheet; 罚符 is a noten payment, not a
chombo. A reader who plays one ruleset checks the words that ruleset shows: the
codes its family declares (form, sheet, standings, rulings), its fan or yaku
names, then the words every page shares. ``manage.py review_words`` prints them.

The codes are the ones the glossary test walks (``declared``), so the list a
reader checks is the list the test holds to be complete.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.utils import translation

from scoring.core.names import name_table
from scoring.core.seats import SEATS
from tournament.glossary import (
    COLUMNS,
    FLAGS,
    FOOTER_LINES,
    METRICS,
    NOTES,
    OUTCOMES,
    TIME_POLICIES,
    UNITS,
    VALUE_LABELS,
    outcome_name,
)
from tournament.results.models import Ruling

# A language code of the pages -> the column of the names tables (scoring/data/*.tsv).
NAMES_COLUMN = {"ja": "ja", "zh-hans": "zh"}
# The catalogue's directory for a page language (Django's locale names).
LOCALE_DIRECTORY = {"ja": "ja", "zh-hans": "zh_Hans"}


def declared(family) -> list[tuple[str, dict, str]]:
    """(what, glossary table, code) for every code ``family`` declares, over all its rulesets."""
    codes = []
    for ruleset in family.rulesets:
        rules = family.resolve(ruleset, {})
        entry = family.entry(rules)
        codes += [("outcome", OUTCOMES, code) for code in entry.outcomes]
        codes += [("flag", FLAGS, code) for code in entry.flags]
        for field in entry.value_fields:
            codes += [("value field", VALUE_LABELS, field.code), ("unit", UNITS, field.code)]
        codes.append(("total unit", UNITS, entry.total_field))
        layout = family.layout(rules)
        codes += [("column", COLUMNS, column.code) for column in layout.columns]
        codes += [("footer line", FOOTER_LINES, code) for code in layout.footer]
        codes += [("note", NOTES, code) for code in layout.notes]
        codes += [("precedence step", METRICS, name) for name in family.precedence(rules)]
        policy = family.time_policy(rules)
        if policy is not None:
            codes.append(("time policy", TIME_POLICIES, policy))
        for kind in Ruling.Kind.values:
            hand = family.consequence(rules, kind, SEATS[0]).hand_entry
            if hand is not None:
                codes.append(("ruling outcome", OUTCOMES, hand["outcome"]))
    return codes


def _in(lang: str, word) -> str:
    with translation.override(lang):
        return str(word)


def family_lines(family, lang: str) -> Iterator[tuple[str, str, str, str]]:
    """(what, code, English, translation) for one family: titles, declared codes, names."""
    for ruleset in family.rulesets:
        yield "ruleset", ruleset, family.title(ruleset, "en"), family.title(ruleset, lang)
    # An outcome reads as the form names it: sharper where a feature of the family
    # makes it so (riichi's draw is the exhaustive draw).
    features = set()
    for ruleset in family.rulesets:
        features |= family.entry(family.resolve(ruleset, {})).features
    seen = set()
    for what, table, code in declared(family):
        if (what, code) in seen or code not in table:
            continue
        seen.add((what, code))
        word = outcome_name(code, features) if table is OUTCOMES else table[code]
        yield what, code, _in("en", word), _in(lang, word)
    column = NAMES_COLUMN.get(lang, lang)
    for key, row in name_table(family.names_table).items():
        yield "name", key, row.get("en", ""), row.get(column, "")


def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """Every (context, msgid) -> msgstr of the project's compiled catalogue for ``lang``."""
    directory = LOCALE_DIRECTORY.get(lang, lang)
    path = Path(settings.LOCALE_PATHS[0]) / directory / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as handle:
        messages = gettext.GNUTranslations(handle)._catalog
    entries = {}
    for key, text in messages.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid:
            continue  # the catalogue's header
        context, _, msgid = msgid.rpartition("\x04")
        entries.setdefault((context or None, msgid), text)
    return dict(sorted(entries.items(), key=lambda item: (item[0][1].lower(), item[0][0] or "")))
