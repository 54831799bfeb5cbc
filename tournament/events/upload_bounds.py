"""Size and row limits of the players CSV, so a wrong file is refused, not a timeout.

A 48 MB file once ran past the 30 s request timeout and a 4.9 MB one made a
51 MB preview page. The limits (settings ``PLAYERS_CSV_MAX_BYTES``,
``PLAYERS_CSV_MAX_ROWS``, ``PLAYERS_CSV_PREVIEW_ROWS``) sit far above any real
event, so only a wrong or hostile file meets them. An upload is measured
before it is read, pasted or posted-back text before it is parsed, and the
parser stops at the first row past the limit. The preview page lists at most
``PLAYERS_CSV_PREVIEW_ROWS`` rows and problems and says how many more there are.
"""

from __future__ import annotations

from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from tournament.events.bounds import CSV_FILE_BYTES, CSV_FILE_ROWS
from tournament.events.errors import EventError

MAX_BYTES = CSV_FILE_BYTES  # defaults when a settings module does not set them
MAX_ROWS = CSV_FILE_ROWS
PREVIEW_ROWS = 500


def max_bytes() -> int:
    return getattr(settings, "PLAYERS_CSV_MAX_BYTES", MAX_BYTES)


def max_rows() -> int:
    return getattr(settings, "PLAYERS_CSV_MAX_ROWS", MAX_ROWS)


def preview_rows() -> int:
    return getattr(settings, "PLAYERS_CSV_PREVIEW_ROWS", PREVIEW_ROWS)


def size_message(size: int) -> str | None:
    """Why a file of ``size`` bytes is refused, or None when it is within the limit."""
    if size <= max_bytes():
        return None
    return _(
        "The file is %(size)s; a players file can be at most %(limit)s. "
        "Check that it is the right file."
    ) % {"size": filesizeformat(size), "limit": filesizeformat(max_bytes())}


def text_size(text: str) -> int:
    """Bytes of ``text`` as a file: a browser posts a text area back with CRLF line ends."""
    return len(text.replace("\r\n", "\n").encode("utf-8", "surrogatepass"))


def rows_message() -> str:
    return _(
        "The file has more than %(limit)s player rows, the most one file may hold. "
        "Check that it is the right file."
    ) % {"limit": max_rows()}


def read_upload(upload) -> bytes:
    """The bytes of an uploaded file, refused by its size before anything is read."""
    message = size_message(upload.size or 0)
    if message is not None:
        raise EventError(message)
    data = upload.read(max_bytes() + 1)
    message = size_message(len(data))  # a size the upload misreported
    if message is not None:
        raise EventError(message)
    return data


def check_text(text: str) -> None:
    """An :class:`EventError` when pasted text is larger than a file may be."""
    message = size_message(text_size(text))
    if message is not None:
        raise EventError(message)
