"""A round's results as a PDF (issue #18). Scaffolding: filled in by that work."""

from __future__ import annotations


def round_results_pdf(round_, *, progress=None, language=None) -> bytes:
    raise NotImplementedError
