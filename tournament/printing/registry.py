"""The printed documents as a registry: kind -> what it is, how it is made and where it is offered.

Why: a new document used to touch the job service, the model, the pages and
their buttons. Now it is one :class:`Document` registered here; the print
service (``jobs``), the job's name and file, and the print buttons of the
round page, the event page and the print jobs page (``printing_tags``) all
loop over this registry. The built-in documents are registered in one table
(:mod:`tournament.printing.documents`, loaded when the app is ready), and a
test may register a document of its own the same way.

This module is the bottom of the printing app: it imports none of the
documents, so they can register here without a circle.

Vocabulary:

- **kind**: the document's code, stored in ``PrintJob.kind`` and posted by a
  print button; at most :data:`KIND_MAX_LENGTH` characters.
- **per**: :data:`ROUND` (a document of one round) or :data:`EVENT` (of the
  whole event): which of ``PrintJob.round`` / ``PrintJob.event`` it is made of.
- **pages**: where a button offers it: :data:`ROUND_PAGE` (a round's staff
  page), :data:`EVENT_PAGE` (the event's dashboard), :data:`JOBS_PAGE` (the
  print jobs page).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ROUND = "round"
EVENT = "event"
ROUND_PAGE = "round"
EVENT_PAGE = "event"
JOBS_PAGE = "jobs"
KIND_MAX_LENGTH = 20  # PrintJob.kind's column
PDF = "application/pdf"


def _always(target: Any) -> bool:
    return True


def _no_options(event: Any, posted: dict) -> dict:
    return {}


@dataclass(frozen=True)
class Document:
    """One printable document.

    ``build(target, *, progress=None, language=None, **options)`` makes the
    file's bytes from the round or the event (``per``); ``options`` are the
    job's params as ``options(event, posted)`` cleaned them from a print
    button's form (raising ``EventError`` with a message for the director).
    ``offered(target)`` says whether a page shows its button for that round
    or event (round results: once published). ``fields`` are hidden inputs its
    button posts; ``more`` a template shown after the button (another form
    of the same document, such as a stage's standings). ``seated``: it shows
    the seating, so a change of seats after it was printed flags the job
    "seating changed since" (:mod:`tournament.printing.seating_print`).
    """

    kind: str
    label: Any  # lazy text: the job's name in lists and on its page
    per: str
    template: str  # the page template the document renders
    build: Callable[..., bytes]
    button: Any = ""  # the button's words where they differ from the label
    pages: frozenset[str] = frozenset()
    offered: Callable[[Any], bool] = _always
    options: Callable[[Any, dict], dict] = _no_options
    fields: tuple[tuple[str, str], ...] = ()
    more: str = ""
    content_type: str = PDF
    suffix: str = ".pdf"
    seated: bool = False

    @property
    def slug(self) -> str:
        """The kind as it reads in an address or an HTML id (``round-pack``)."""
        return self.kind.replace("_", "-")

    @property
    def button_text(self) -> Any:
        return self.button or self.label


_DOCUMENTS: dict[str, Document] = {}


def register_document(document: Document) -> Document:
    """Add ``document``; a kind names one document only."""
    kind = document.kind
    if not kind or len(kind) > KIND_MAX_LENGTH:
        raise ValueError(f"a document's kind has 1 to {KIND_MAX_LENGTH} characters: {kind!r}")
    if document.per not in (ROUND, EVENT):
        raise ValueError(f"{kind}: per must be {ROUND!r} or {EVENT!r}, not {document.per!r}")
    known = _DOCUMENTS.get(kind)
    if known is not None and known is not document:
        raise ValueError(f"there is already a document {kind!r}")
    _DOCUMENTS[kind] = document
    return document


def unregister_document(kind: str) -> None:
    """Remove a document added by :func:`register_document` (tests that add a toy one)."""
    _DOCUMENTS.pop(kind, None)


def find(kind: object) -> Document | None:
    return _DOCUMENTS.get(kind) if isinstance(kind, str) else None


def all_documents() -> list[Document]:
    """Every document, in the order they were registered (the order buttons show them)."""
    return list(_DOCUMENTS.values())


def offered(page: str, per: str, target: Any) -> list[Document]:
    """What ``page`` offers for ``target``: a round if ``per`` is ROUND, else the event."""
    return [
        document
        for document in _DOCUMENTS.values()
        if page in document.pages and document.per == per and document.offered(target)
    ]


def kind_choices() -> list[tuple[str, Any]]:
    """``PrintJob.kind``'s choices (a callable, so a new document needs no migration)."""
    return [(document.kind, document.label) for document in _DOCUMENTS.values()]
