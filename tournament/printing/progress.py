"""How far a document has come, and its one render: what every document module shares.

Why a module of its own: every document (``documents``, ``signs``,
``results_doc``, ``stage_docs``) reports progress the same way and renders
through the same call, and ``documents`` imports the others to list them; with
these helpers here, below all of them, the imports go one way.

Every document takes ``progress``, an optional ``callable(done, total)``: it
is called as each table, player or row block is prepared and as WeasyPrint
lays out each page, and last with ``done == total``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language

from tournament.printing.render import render_pdf

ProgressCallback = Callable[[int, int], None]


class Progress:
    """``done`` of ``total`` steps: ``items`` prepared, then about ``pages`` laid out."""

    def __init__(self, callback: ProgressCallback | None, items: int, pages: int):
        self.callback = callback
        self.items = items
        self.total = max(items + pages, 1)
        self.done = 0

    def _report(self, done: int) -> None:
        # Monotonic, and short of the end until the PDF is written.
        done = min(max(done, self.done), self.total - 1)
        if done != self.done or done == 0:
            self.done = done
            if self.callback is not None:
                self.callback(done, self.total)

    def item(self, n: int) -> None:
        self._report(n)

    def page(self, n: int) -> None:
        self._report(self.items + n)

    def finish(self) -> None:
        self.done = self.total
        if self.callback is not None:
            self.callback(self.total, self.total)


def language_code(language: str | None) -> str:
    """The two-letter language of a document (``zh-hans`` -> ``zh``), the active one if None."""
    return (language or get_language() or "en").split("-")[0]


def render_steps(template: str, context: dict, progress: Progress, language: str | None) -> bytes:
    """``template`` as PDF bytes, its pages counted in ``progress``, which then ends."""
    pdf = render_pdf(template, context, language=language, on_page=progress.page)
    progress.finish()
    return pdf
