"""The public page of a table, shown at the judges' address to everyone else.

``events.decorators.public_unless_staff`` shows it; the app that has the page
(the hall's, with its "Call a judge" button) gives it when it is ready, so the
events, at the bottom of the layers, name no view above them. Nothing here
reads a model: an AppConfig imports it before the models load.
"""

from __future__ import annotations

from collections.abc import Callable

_pages: list[Callable] = []


def show_public_table_page(view: Callable) -> None:
    """Make ``view(request, slug, round_number, table_number)`` the public table page."""
    _pages[:] = [view]


def public_table_page() -> Callable:
    """The view given by :func:`show_public_table_page`."""
    (view,) = _pages
    return view
