"""What the stages add to the standings' fingerprint (``standings.fingerprint_parts``).

The stages decide who is ranked where, and what is carried (issue #21): a
change to a stage or to its entrants must move the standings' snapshot.
"""

from __future__ import annotations

from django.db.models import OuterRef

from tournament.stages.models import Stage, StageEntrant
from tournament.standings.fingerprints import latest


def stage_part():
    return latest(Stage.history.filter(event_id=OuterRef("pk")))


def entrant_part():
    return latest(StageEntrant.history.filter(registration__event_id=OuterRef("pk")))
