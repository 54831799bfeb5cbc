"""The round results grid's service for a 500-player round (issue #34): 125 tables at once.

- ``results_grid_preview_125_tables``: :func:`tournament.results.entry.bulk.preview`
  of a pasted block of 500 rows (one seated round of 125 tables, riichi
  ``wrc``): reading, the checks, and the dry-run save rolled back.
- ``results_grid_save_125_tables``: :func:`~tournament.results.entry.bulk.save`
  of the same block on a fresh round: each table's final scores saved and
  submitted through the judges' services, one transaction.
- ``results_grid_confirm_all_125_tables``: a second person's *Confirm all
  submitted* of those 125 tables.

Reading the paste is timed with the preview and the save, as the page does
it. Each is the best of :data:`REPEATS` (a save needs a round of its own
each time, so :data:`REPEATS` rounds are seated). They run in a child
process on a fresh SQLite file, as ``bench/printing.py`` does.
"""

from __future__ import annotations

import json
import random
import uuid

from bench.child import on_fresh_database, rows_from_child
from bench.timing import best_of

PLAYERS = 500
TABLES = PLAYERS // 4
REPEATS = 3


def _seat_rounds(event, count: int) -> list:
    from tournament.seating.models import Round, Seat, Table

    registrations = list(event.registrations.order_by("pk"))
    rounds = []
    rng = random.Random(7)
    for number in range(1, count + 1):
        round_ = Round.objects.create(event=event, number=number, status=Round.Status.SEATED)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n) for n in range(1, TABLES + 1)
        )
        order = registrations[:]
        rng.shuffle(order)
        Seat.objects.bulk_create(
            Seat(round=round_, table=tables[i // 4], wind="ESWN"[i % 4], registration=r)
            for i, r in enumerate(order)
        )
        rounds.append(round_)
    return rounds


def _paste(round_, start: int) -> str:
    """The round's 500 rows, tab-separated as a spreadsheet copies them."""
    from tournament.public.bench_data import _final_scores

    rng = random.Random(round_.number)
    lines = ["table\tplayer\tseat\tscore"]
    seats = round_.seats.select_related("table", "registration").order_by("table__number", "wind")
    by_table: dict = {}
    for seat in seats:
        by_table.setdefault(seat.table.number, {})[seat.wind] = seat.registration.name
    for number, names in sorted(by_table.items()):
        scores = _final_scores(rng, start, start == 0)
        lines += [f"{number}\t{names[s]}\t{s}\t{scores[s]}" for s in "ESWN"]
    return "\n".join(lines) + "\n"


def bench_grid() -> list[dict]:
    from tournament.events.models import StaffRole
    from tournament.public.bench_data import _staff, build_event
    from tournament.results.entry import bulk, result_rows
    from tournament.results.models import ScoreSheet
    from tournament.results.page.reasons import Reason
    from tournament.results.sheet.state import SheetState, replay

    event = build_event(players=PLAYERS, rounds=0, slug="bench-grid")
    judge, director = _staff()
    StaffRole.objects.create(event=event, user=judge, role=StaffRole.Role.JUDGE)
    StaffRole.objects.create(event=event, user=director, role=StaffRole.Role.DIRECTOR)
    start = replay(event, SheetState(kind=ScoreSheet.Kind.FINAL)).start
    rounds = _seat_rounds(event, REPEATS)
    reason = Reason(ScoreSheet.ReasonCode.RESULTS_GRID)

    def rows(round_):
        text = _paste(round_, start)
        lines, _problems = result_rows.lines_of_text(text, round_number=round_.number)
        return result_rows.read(event, lines, round_number=round_.number)

    def preview():
        outcome = bulk.preview(event, rows(rounds[0]), by=judge, reason=reason)
        assert outcome.ok, outcome.problems[:3]
        return outcome

    preview_seconds, _ = best_of(preview, REPEATS)
    todo = list(rounds)

    def save():
        round_ = todo.pop(0)
        batch = bulk.Batch(str(uuid.uuid4()))
        return bulk.save(event, rows(round_), by=judge, reason=reason, batch=batch)

    save_seconds, saved = best_of(save, REPEATS)
    assert len(saved.saving) == TABLES
    confirms = list(rounds)

    def confirm():
        round_ = confirms.pop(0)
        versions = {s.table.number: s.head.version for s in bulk.submitted_tables(round_, director)}
        return bulk.confirm_all(round_, by=director, versions=versions)

    confirm_seconds, (confirmed, _already) = best_of(confirm, REPEATS)
    assert confirmed == TABLES
    figures = {"kind": "results_grid", "tables": TABLES, "players": PLAYERS}
    return [
        {"name": f"results_grid_preview_{TABLES}_tables", **figures,
         "seconds": round(preview_seconds, 3)},
        {"name": f"results_grid_save_{TABLES}_tables", **figures,
         "seconds": round(save_seconds, 3)},
        {"name": f"results_grid_confirm_all_{TABLES}_tables", **figures,
         "seconds": round(confirm_seconds, 3)},
    ]  # fmt: skip


def run_here() -> list[dict]:
    return on_fresh_database("bench-results-grid-", bench_grid)


def results_grid_benchmarks() -> list[dict]:
    """The benchmarks in a child process: this one may have set Django up already."""
    return rows_from_child("bench.results_grid", "the results grid benchmarks")


if __name__ == "__main__":
    print(json.dumps(run_here()))
