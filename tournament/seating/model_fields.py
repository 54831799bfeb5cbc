"""The table a record belongs to, written once for the apps above seating.

A hand check, a judge call, a PIN attempt, a clock event: each goes with its
table (``part_of`` in :mod:`tournament.events.model_fields`) and is named
"table" on every form and admin page. Only ``related_name`` differs.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournament.events.model_fields import part_of


def of_table(related_name: str, *, optional: bool = False):
    """The table this record belongs to (``optional``: or none, for every table)."""
    return part_of("seating.Table", related_name, _("table"), optional=optional)
