"""A large published event for benchmarks and speed tests of the public pages.

``build_event(players=500, rounds=4, seed=1)`` makes a public, started event
with ``players`` active registrations (a multiple of four), ``rounds``
published rounds seated at random (seeded: the same arguments give the same
event), and one confirmed final-scores sheet per table whose ``result`` is
the rules engine's own replay (``tournament.results.sheet.state.replay``), so
standings read exactly what a judge's entry would have stored. Rows are bulk
inserted: building 500 players × 4 rounds takes a second or two, not the
minutes the one-table-at-a-time services would.

Used by ``make bench`` and by tests/tournament/public/test_standings_speed.py.
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.core.seats import SEATS
from tournament.events.models import Event, Player, Registration
from tournament.events.services import start_event
from tournament.results.models import ScoreSheet
from tournament.results.sheet.state import SheetState, replay
from tournament.seating.models import Round, Seat, Table

CLUBS = ["Tokyo Riichi", "Mahjong Club Hamburg", "Riichi Paris", "Dublin Riichi", "", "北京麻将"]
COUNTRIES = ["JP", "DE", "FR", "IE", "CN", "SE", "PL", ""]
# A riichi session's spread of final points: a few tens of thousands either way.
SPREAD = 250  # in hundreds of points


def _final_scores(rng: random.Random, start: int, point_total: bool) -> dict[str, int]:
    """Four final scores that balance: 4 × start for riichi, zero-sum for point totals."""
    unit = 1 if point_total else 100
    deltas = [rng.randint(-SPREAD, SPREAD) * unit for _ in range(3)]
    deltas.append(-sum(deltas))
    return {seat: start + delta for seat, delta in zip(SEATS, deltas, strict=True)}


def _fours(order: list) -> list[list]:
    return [order[i : i + 4] for i in range(0, len(order), 4)]


def _staff():
    User = get_user_model()
    judge, _ = User.objects.get_or_create(username="bench-judge")
    director, _ = User.objects.get_or_create(username="bench-director")
    return judge, director


@transaction.atomic
def build_event(
    players: int = 500, rounds: int = 4, seed: int = 1, ruleset: str = "wrc", slug: str = ""
) -> Event:
    """A public event with ``rounds`` rounds of confirmed, published results (see module doc)."""
    if players % 4 or players <= 0:
        raise ValueError(f"players must be a positive multiple of 4, not {players}")
    rng = random.Random(seed)
    slug = slug or f"bench-{players}-{rounds}-{seed}"
    today = datetime.date(2026, 6, 1)
    event = Event.objects.create(
        slug=slug,
        name=f"Bench Open {players}",
        start_date=today,
        end_date=today + datetime.timedelta(days=1),
        ruleset=ruleset,
        is_public=True,
        entry_level="final",
    )
    start_event(event)
    event.refresh_from_db()
    people = Player.objects.bulk_create(Player() for _ in range(players))
    registrations = Registration.objects.bulk_create(
        Registration(
            event=event,
            player=p,
            name=f"Player {i:04d}",
            club=CLUBS[i % len(CLUBS)],
            country=COUNTRIES[i % len(COUNTRIES)],
        )
        for i, p in enumerate(people, start=1)
    )
    judge, director = _staff()
    now = timezone.now()
    start = replay(event, SheetState(kind=ScoreSheet.Kind.FINAL)).start
    point_total = start == 0
    for number in range(1, rounds + 1):
        _play_round(event, number, registrations, rng, start, point_total, (judge, director), now)
    return event


def _play_round(event, number, registrations, rng, start, point_total, staff, now) -> Round:
    judge, director = staff
    round_ = Round.objects.create(
        event=event,
        number=number,
        status=Round.Status.PUBLISHED,
        method=Round.Method.RANDOM,
        published_at=now,
        results_published_at=now,
    )
    order = list(registrations)
    rng.shuffle(order)
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n) for n in range(1, len(order) // 4 + 1)
    )
    seats, sheets = [], []
    for table, four in zip(tables, _fours(order), strict=True):
        seats += [
            Seat(round=round_, table=table, wind=wind, registration=r)
            for wind, r in zip(SEATS, four, strict=True)
        ]
        scores = _final_scores(rng, start, point_total)
        state = SheetState(kind=ScoreSheet.Kind.FINAL, final_scores=scores)
        sheets.append(
            ScoreSheet(
                table=table,
                version=1,
                status=ScoreSheet.Status.CONFIRMED,
                kind=ScoreSheet.Kind.FINAL,
                final_scores=scores,
                result=replay(event, state).to_dict(),
                balanced=True,
                complete=True,
                reason_code=ScoreSheet.ReasonCode.FINAL_SCORES,
                created_by=judge,
                submitted_by=judge,
                submitted_at=now,
                confirmed_by=director,
                confirmed_at=now,
            )
        )
    Seat.objects.bulk_create(seats)
    ScoreSheet.objects.bulk_create(sheets)
    return round_
