"""Printing benchmarks: a big round's pack of scoresheets, a big event's standings.

- ``round_pack_64_tables``: :func:`tournament.printing.documents.round_pack`
  (the seating list, then one blank MCR scoresheet per table) for one seated
  round of 64 tables, 256 players whose names mix Japanese, Chinese, Korean
  and accented Latin. The bar: under :data:`PACK_BAR_SECONDS`.
- ``standings_pdf_1000_players``: :func:`~tournament.printing.documents.standings_pdf`
  of a 1,000-player MCR event with 4 published rounds
  (:func:`tournament.public.bench_data.build_event`), the standings snapshot
  already stored (``cold_seconds`` is the first call, which computes it). The
  bar: under :data:`STANDINGS_BAR_SECONDS`.

Each is the best of :data:`REPEATS` runs. They run in a child process
(``python -m bench.printing``) on a fresh SQLite file in a temporary folder,
set up as ``bench/standings.py`` does: Django is set up once per process.
"""

from __future__ import annotations

import io
import json
import random

from bench.child import on_fresh_database, rows_from_child
from bench.timing import best_of as _best_of

PACK_TABLES = 64
PACK_BAR_SECONDS = 20
STANDINGS_PLAYERS, STANDINGS_ROUNDS = 1_000, 4
STANDINGS_BAR_SECONDS = 15
REPEATS = 2
# Family and given names in several scripts: every page needs CJK glyphs.
FAMILY = [
    "山田",
    "佐藤",
    "王",
    "李",
    "張",
    "陳",
    "김",
    "Müller",
    "Öberg",
    "Lefèvre",
    "Żółć",
    "Brown",
]
GIVEN = [
    "太郎",
    "花子",
    "小明",
    "娜",
    "偉",
    "美玲",
    "민준",
    "Zoë",
    "Åsa",
    "François",
    "Łukasz",
    "Liv",
]


def _pages(pdf: bytes) -> int | None:
    try:
        from pypdf import PdfReader
    except ImportError:  # a runtime-only install: the count is a nicety
        return None
    return len(PdfReader(io.BytesIO(pdf)).pages)


def _timed_pdf(name: str, make_pdf, bar: float, **figures) -> dict:
    """The row of one MCR PDF benchmark: its pages, size and best time against its bar."""
    seconds, pdf = _best_of(make_pdf, REPEATS)
    return {
        "name": name,
        "kind": "pdf",
        "ruleset": "mcr",
        **figures,
        "pages": _pages(pdf),
        "bytes": len(pdf),
        "seconds": round(seconds, 2),
        "bar_seconds": bar,
        "ok": seconds < bar,
    }


def seated_round(tables: int = PACK_TABLES, seed: int = 1):
    """A started MCR event with ``4 × tables`` players, round 1 seated at random."""
    import datetime

    from tournament.events.models import Event, Player, Registration
    from tournament.events.services import start_event
    from tournament.seating.models import WIND_ORDER, Round, Seat, Table

    rng = random.Random(seed)
    day = datetime.date(2026, 6, 1)
    event = Event.objects.create(
        slug="bench-print", name="Bench Open 世界大会", start_date=day, end_date=day, ruleset="mcr"
    )
    start_event(event)
    event.refresh_from_db()
    people = Player.objects.bulk_create(Player() for _ in range(4 * tables))
    registrations = Registration.objects.bulk_create(
        Registration(
            event=event,
            player=p,
            name=f"{FAMILY[i % len(FAMILY)]} {GIVEN[i * 5 % len(GIVEN)]} {i}",
            country="JP",
        )
        for i, p in enumerate(people)
    )
    rng.shuffle(registrations)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
    made = Table.objects.bulk_create(Table(round=round_, number=n + 1) for n in range(tables))
    Seat.objects.bulk_create(
        Seat(round=round_, table=table, wind=wind, registration=registrations[4 * t + w])
        for t, table in enumerate(made)
        for w, wind in enumerate(WIND_ORDER)
    )
    return round_


def bench_round_pack() -> dict:
    from tournament.printing.documents import round_pack

    round_ = seated_round()
    name = f"round_pack_{PACK_TABLES}_tables"
    figures = {"tables": PACK_TABLES, "players": 4 * PACK_TABLES}
    return _timed_pdf(name, lambda: round_pack(round_), PACK_BAR_SECONDS, **figures)


def bench_standings_pdf() -> dict:
    from tournament.printing.documents import standings_pdf
    from tournament.public.bench_data import build_event

    event = build_event(
        players=STANDINGS_PLAYERS, rounds=STANDINGS_ROUNDS, ruleset="mcr", slug="bench-print-1000"
    )
    cold, _pdf = _best_of(lambda: standings_pdf(event), repeats=1)
    name = f"standings_pdf_{STANDINGS_PLAYERS}_players"
    figures = {
        "players": STANDINGS_PLAYERS,
        "rounds": STANDINGS_ROUNDS,
        "cold_seconds": round(cold, 2),
    }
    return _timed_pdf(name, lambda: standings_pdf(event), STANDINGS_BAR_SECONDS, **figures)


def run_here() -> list[dict]:
    """Both benchmarks in this process, on a temporary database (Django not set up yet)."""
    return on_fresh_database("bench-printing-", lambda: [bench_round_pack(), bench_standings_pdf()])


def printing_benchmarks() -> list[dict]:
    """The benchmarks in a child process: this one may have set Django up already."""
    return rows_from_child("bench.printing", "the printing benchmarks")


if __name__ == "__main__":
    print(json.dumps(run_here()))
