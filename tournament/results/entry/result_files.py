"""An uploaded results file, CSV or XLSX, as result lines (``result_rows``).

A spreadsheet saved as XLSX is read with openpyxl (read-only, values not
formulas: the number a cell shows), its first sheet only, row by row, and
stops at the row bound as a CSV does. A CSV is read in the encodings
``tournament.events.csv_encoding`` accepts. Either is refused unread past
``CSV_FILE_BYTES``.
"""

from __future__ import annotations

import io
import zipfile

from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from openpyxl import load_workbook

from tournament.events.bounds import CSV_FILE_BYTES, CSV_FILE_ROWS
from tournament.events.csv_encoding import decode_csv
from tournament.events.errors import EventError
from tournament.results.entry.result_rows import Problem, lines_of_cells, lines_of_text

XLSX_MAGIC = b"PK\x03\x04"  # a zip file: XLSX is one
XLSX_COLUMNS = 10  # the columns read from each row (the results file has at most 7)


def too_large() -> str:
    return _("The file is larger than %(limit)s, the most a results file may be.") % {
        "limit": filesizeformat(CSV_FILE_BYTES)
    }


def read_upload(upload, *, round_number: int | None = None):
    """``(lines, problems)`` of an uploaded CSV or XLSX file."""
    if (upload.size or 0) > CSV_FILE_BYTES:
        return [], [Problem(too_large())]
    data = upload.read(CSV_FILE_BYTES + 1)
    if len(data) > CSV_FILE_BYTES:
        return [], [Problem(too_large())]
    if data.startswith(XLSX_MAGIC):
        return _xlsx_lines(data, round_number)
    try:
        text = decode_csv(data)[0]
    except EventError as error:
        return [], [Problem(str(error))]
    return lines_of_text(text, round_number=round_number)


def _cell(value) -> str:
    """A spreadsheet cell as the text a CSV would hold (a whole float without ``.0``)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _xlsx_lines(data: bytes, round_number: int | None):
    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
        return [], [Problem(_("The file cannot be read as XLSX: %(error)s") % {"error": error})]
    try:
        sheet = book.worksheets[0]
        rows = []
        for row in sheet.iter_rows(max_col=XLSX_COLUMNS, values_only=True):
            rows.append([_cell(v) for v in row])
            if len(rows) > CSV_FILE_ROWS + 1:
                break
    finally:
        book.close()
    return lines_of_cells(rows, round_number=round_number)
