"""Reading a sheet's versions with the people who wrote, submitted and confirmed them.

Why one place: a table's versions page and a round's history
(:mod:`tournament.rounds.history_sheets`) list versions with who did each
step; read together, any number of versions costs one query.
"""

from __future__ import annotations

# Who wrote a version, who submitted it, who confirmed it (None: a command or a player's phone).
PEOPLE = ("created_by", "submitted_by", "confirmed_by")


def with_people(sheets):
    """``sheets`` (a queryset of versions) with their people, newest first."""
    return sheets.select_related(*PEOPLE).order_by("-version")
