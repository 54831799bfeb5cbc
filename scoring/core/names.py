"""Display names of scoring items, in English, Japanese and Chinese.

Names are data, not code: each ruleset has one table in ``scoring/data/``
(tab-separated, one row per item key, a column per language). The UI, the PDFs
and ``score_hands`` all read names from here, so a translation fix is a data
edit.
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

LANGUAGES = ("en", "ja", "zh")
DEFAULT_LANGUAGE = "en"
# The ``zh`` column is in simplified characters (zh-Hans pages); a table whose
# names players also write in traditional ones (HKOS) keeps those in ``zh_hant``.
TRADITIONAL_COLUMN = "zh_hant"
TRADITIONAL_TAGS = frozenset({"zh-hant", "zh-tw", "zh-hk", "zh-mo"})


@cache
def name_table(table: str) -> dict[str, dict[str, str]]:
    """Rows of ``scoring/data/<table>.tsv`` keyed by item key."""
    text = resources.files("scoring.data").joinpath(f"{table}.tsv").read_text("utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return {row["key"]: row for row in rows}


def display_name(table: str, key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The item's name in ``lang`` (``zh-hans`` and ``ja-JP`` style tags accepted).

    Falls back to English, then to the key itself, so a missing translation
    shows something readable rather than failing a judge's entry.
    """
    row = name_table(table).get(key)
    if row is None:
        return key
    short = (lang or DEFAULT_LANGUAGE).split("-")[0].lower()
    if _traditional(lang) and row.get(TRADITIONAL_COLUMN):
        return row[TRADITIONAL_COLUMN]
    return row.get(short) or row.get(DEFAULT_LANGUAGE) or key


def _traditional(lang: str | None) -> bool:
    """A traditional-Chinese tag (zh-Hant, zh-TW, zh-HK): the ``zh`` column is simplified."""
    return (lang or "").replace("_", "-").lower() in TRADITIONAL_TAGS


def names_in(table: str, lang: str) -> dict[str, str] | None:
    """Every key's :func:`display_name` in ``lang``, as one dict, for a ruleset's hot path.

    None for a tag outside :data:`LANGUAGES`: :func:`display_name` answers those
    one key at a time. A key missing from the dict is missing from the table.
    """
    short = (lang or DEFAULT_LANGUAGE).split("-")[0].lower()
    return _names_in(table, short) if short in LANGUAGES else None


@cache
def _names_in(table: str, short: str) -> dict[str, str]:
    rows = name_table(table)
    return {key: row.get(short) or row.get(DEFAULT_LANGUAGE) or key for key, row in rows.items()}
