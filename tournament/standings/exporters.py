"""The standings files as a registry: code -> what it is called, what it holds, how it is made.

Why: a new export format used to touch the views, both URL maps, the pages'
links, the public page's list and the command. Now it is one
:class:`Exporter` registered here; the URL maps (``urls``, ``urls_public``),
the download view, the links of the staff and public standings pages and the
``standings`` command's ``--format`` all loop over this registry. The
built-in formats are registered in one table (:mod:`.installed`, which the URL
maps load), and a test may register a format of its own the same way (modelled
on pretix's exporters: an identifier, a label, a content type, a file name
and a build function).

This module imports nothing of the standings: the formats register here, so
there is no circle.

Vocabulary:

- **code**: the format's identifier, and its address names:
  ``standings:staff_<code>`` under ``/manage/<slug>/`` and
  ``public_standings:<code>`` under ``/e/<slug>/``.
- **suffix**: the end of its file name, ``<slug>[-staff][-stage-N]-<suffix>``,
  and of its public address (the staff address's end is ``staff_path`` where it
  differs: ``standings.ema.csv`` for the EMA file, as it always was).
- **source**: ``source(event, scope, stage)`` -> ``(data, part)``: what
  ``build(event, data)`` is made of, and the part it adds to the file name
  (``"stage-2-"`` for a stage's own standings, else ``""``); a stage the event
  does not have raises :class:`NoSuchStage`.
- **audiences**: :data:`STAFF` (every confirmed sheet) and :data:`PUBLIC`
  (published rounds, no login); **group**: which list of links shows it,
  :data:`STANDINGS` (the standings pages) or :data:`TEAMS` (the team files);
  ``offered(event)``: whether an event's page shows it (team files: when the
  event has team rankings).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import NoReverseMatch, reverse

STAFF = "staff"
PUBLIC = "public"
STANDINGS = "standings"
TEAMS = "teams"


class NoSuchStage(LookupError):
    """``?stage=`` (or ``--stage``) names no stage of the event that has players."""

    def __init__(self, wanted: object):
        super().__init__(f"no stage {wanted} with players")
        self.wanted = wanted


def _always(event: Any) -> bool:
    return True


@dataclass(frozen=True)
class Exporter:
    code: str
    label: Any  # lazy text: the download link's words
    content_type: str
    suffix: str
    build: Callable[[Any, Any], bytes]
    source: Callable[[Any, str, str | None], tuple[Any, str]]
    audiences: frozenset[str] = frozenset({STAFF, PUBLIC})
    staff_path: str = ""
    group: str = STANDINGS
    offered: Callable[[Any], bool] = _always

    def path(self, audience: str) -> str:
        """The end of its address for ``audience``, after ``<slug>/``."""
        return (self.staff_path or self.suffix) if audience == STAFF else self.suffix

    def url_name(self, audience: str) -> str:
        return (
            f"standings:staff_{self.code}" if audience == STAFF else f"public_standings:{self.code}"
        )


_EXPORTERS: dict[str, Exporter] = {}


def register_exporter(exporter: Exporter) -> Exporter:
    """Add ``exporter``; a code names one format only."""
    known = _EXPORTERS.get(exporter.code)
    if known is not None and known is not exporter:
        raise ValueError(f"there is already an export format {exporter.code!r}")
    if not exporter.audiences <= {STAFF, PUBLIC}:
        raise ValueError(f"{exporter.code}: audiences are {STAFF!r} and {PUBLIC!r}")
    _EXPORTERS[exporter.code] = exporter
    return exporter


def unregister_exporter(code: str) -> None:
    """Remove a format added by :func:`register_exporter` (tests that add a toy one)."""
    _EXPORTERS.pop(code, None)


def find(code: object, audience: str | None = None) -> Exporter | None:
    """The format called ``code`` (offered to ``audience``, if given), or None."""
    found = _EXPORTERS.get(code) if isinstance(code, str) else None
    if found is None or (audience is not None and audience not in found.audiences):
        return None
    return found


def exporters(audience: str | None = None, group: str | None = None) -> list[Exporter]:
    """The formats, in the order they were registered (the order links show them)."""
    return [
        exporter
        for exporter in _EXPORTERS.values()
        if (audience is None or audience in exporter.audiences)
        and (group is None or exporter.group == group)
    ]


def offered(event: Any, audience: str, group: str) -> list[Exporter]:
    """The formats a page of ``event`` links for ``audience`` in ``group``."""
    return [exporter for exporter in exporters(audience, group) if exporter.offered(event)]


def links(event: Any, audience: str, group: str) -> list[tuple[str, Any]]:
    """(address, words) of each file a page of ``event`` links for ``audience`` in ``group``.

    A format registered after the URL maps were built has no address yet, and no link.
    """
    out = []
    for exporter in offered(event, audience, group):
        try:
            out.append((reverse(exporter.url_name(audience), args=[event.slug]), exporter.label))
        except NoReverseMatch:
            continue
    return out
