"""Whether a printed document still shows the seating: "seating changed since".

Why: a round pack printed before a swap, a fill, a re-seat or a correction
names the wrong players at a table, and nothing on the print jobs page said
so. A document made of the seating (``Document.seated`` in the registry)
keeps, on its job, the **seating print** of what it was made from: a short
hash of every seat it shows (round, table, wind, player). The same hash made
now and compared says whether the paper is still right.

Why a hash of the seats rather than the seats' history dates: a swap undone
(two players swapped back) leaves the paper right, and is never flagged; a
change of anything else (a name, a result) is not a change of seating.

Vocabulary:

- **subject** of a job: its round (a round's documents) or every round of
  the event (an event's documents made of the seating, such as seat cards).
- **outdated**: a finished job (``done``) whose seating print is not the
  subject's seating print now. A job made before prints were kept (an empty
  print) was given one by the migration from the seats' history.
"""

from __future__ import annotations

import hashlib

from tournament.printing import registry
from tournament.seating.models import Seat

SEATING_PRINT_LENGTH = 40  # PrintJob.seating_print's column


def seating_print_of(seats) -> str:
    """The seating print of ``seats``: rows of (round number, table number, wind, registration)."""
    rows = sorted(
        (round_number, table_number, wind, registration)
        for round_number, table_number, wind, registration in seats
    )
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:SEATING_PRINT_LENGTH]


def _seats(event_id: int, round_id: int | None):
    seats = Seat.objects.filter(round__event_id=event_id)
    if round_id is not None:
        seats = seats.filter(round_id=round_id)
    return seats.values_list("round__number", "table__number", "wind", "registration_id")


def is_seated(kind: str) -> bool:
    """Whether the document ``kind`` shows the seating (a change of seats makes it out of date)."""
    document = registry.find(kind)
    return document is not None and document.seated


def current_print(job) -> str:
    """The seating print of ``job``'s subject now ("" for a document not made of the seating)."""
    if not is_seated(job.kind):
        return ""
    return seating_print_of(_seats(job.event_id, job.round_id))


def mark_outdated(jobs) -> list:
    """``jobs`` with ``seating_changed`` set on each: True when a done job's seating moved since.

    Each subject's seating is read once, whatever the number of its jobs.
    """
    now: dict[int | None, str] = {}
    for job in jobs:
        job.seating_changed = False
        if job.status != job.Status.DONE or not job.seating_print or not is_seated(job.kind):
            continue
        if job.round_id not in now:
            now[job.round_id] = seating_print_of(_seats(job.event_id, job.round_id))
        job.seating_changed = job.seating_print != now[job.round_id]
    return list(jobs)


def outdated_of_round(round_) -> list:
    """The round's latest finished job of each seated document, where the seating moved since.

    For the round page: a job printed again (a newer one of the same kind and
    options) is no longer news, so only the latest of each is looked at.
    """
    latest = {}
    for job in round_.print_jobs.filter(status="done").order_by("-created_at", "-pk"):
        options = {k: v for k, v in (job.params or {}).items() if k != "language"}
        key = (job.kind, repr(sorted(options.items())))
        latest.setdefault(key, job)
    return [job for job in mark_outdated(list(latest.values())) if job.seating_changed]
