"""Table signs and seat cards (issue #18). Scaffolding: filled in by that work."""

from __future__ import annotations


def table_signs(round_, *, progress=None, language=None) -> bytes:
    raise NotImplementedError


def seat_cards(event, *, progress=None, language=None) -> bytes:
    raise NotImplementedError
