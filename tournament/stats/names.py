"""A pattern's name for people: the same name table the judge's page reads.

The statistics store item keys (codes); the name is looked up when shown, in
the reader's language, through ``tournament.results.page.display.names_table`` —
no second copy of the fan and yaku names.
"""

from __future__ import annotations

from scoring.core.names import display_name
from tournament.events.rules import family_of
from tournament.results.page.display import names_table


def pattern_name(event, code: str, lang: str) -> str:
    """The fan, yaku or pattern ``code`` of the event's family in ``lang`` (else the code)."""
    table = names_table(family_of(event))
    return display_name(table, code, lang) if table else code
