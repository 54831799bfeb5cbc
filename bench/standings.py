"""Standings benchmarks: the pure ranking, the database recompute, the public page.

- ``standings_rank_<ruleset>_1000x10``: :func:`scoring.standings.rank_players`
  over 1,000 players × 10 sessions of synthetic session lines (riichi
  ``wrc`` and ``mcr``), best of three. Making the lines is not timed.
- ``standings_compute_1000x10``: :func:`tournament.standings.services.compute`
  on a real database (1,000 players, 10 published rounds of confirmed
  sheets): loading the lines, ranking, building the rows; best of three.
  Then ``standings()`` cold (compute and store the snapshot) and warm (the
  fingerprint only).
- ``public_standings_page_500x4``: ``GET /e/<slug>/standings/`` for a
  500-player event with 4 published rounds, through Django's test client in
  this process, the snapshot and the page cache warm: median and p90 of
  :data:`PAGE_REQUESTS` requests. The bar: median under :data:`PAGE_BAR_MS`.
  The same again with the page cache off (``PUBLIC_PAGE_CACHE_SECONDS=0``:
  the view runs, the rendered table still cached by fingerprint). With it,
  the median of the three public standings downloads (CSV, XLSX, EMA CSV) of
  the same event.
- ``public_standings_load_500x4_c50``: the same page and event served by
  gunicorn to 50 concurrent clients (wrk); see :mod:`bench.load`.

The events come from :func:`tournament.public.bench_data.build_event` in a
fresh SQLite file in a temporary directory (migrated first, removed after);
``db/dev.sqlite3`` is never opened. Django is set up here with that file as
``DATABASE_URL`` and ``DEBUG`` off, as a venue server runs.
"""

from __future__ import annotations

import os
import random
import secrets
import statistics
import tempfile
import time
from fractions import Fraction
from pathlib import Path

from django.urls import reverse

from bench.load import load_benchmark
from bench.timing import best_of as _best_of
from scoring.core.placement import placements, rank_points
from scoring.families.riichi.session import RIICHI_SESSION_PRESETS, riichi_session_result
from scoring.standings import SessionLine, rank_players

PLAYERS, SESSIONS = 1_000, 10
PAGE_PLAYERS, PAGE_ROUNDS = 500, 4
PAGE_REQUESTS = 50
PAGE_BAR_MS = 50
DOWNLOAD_REQUESTS = 10
SEATS = ("E", "S", "W", "N")
MCR_TABLE_POINTS = (4, 2, 1, 0)  # rules/mcr.md §7
RIICHI_START = 30_000


def _table_lines(four, round_no, table_no, **by_seat) -> list[SessionLine]:
    """One line per seat of a table; ``by_seat`` maps each line's field to its value per seat."""
    return [
        SessionLine(
            player=player,
            round=round_no,
            table=table_no,
            seat=seat,
            **{field: values[seat] for field, values in by_seat.items()},
        )
        for seat, player in zip(SEATS, four, strict=True)
    ]


def _riichi_table(rng, four, round_no, table_no) -> list[SessionLine]:
    deltas = [rng.randint(-250, 250) * 100 for _ in range(3)]
    finals = dict(zip(SEATS, [RIICHI_START + d for d in [*deltas, -sum(deltas)]], strict=True))
    result = riichi_session_result(SEATS, finals, RIICHI_SESSION_PRESETS["wrc"])
    return _table_lines(
        four,
        round_no,
        table_no,
        placement={seat: p.placement for seat, p in result.players.items()},
        score={seat: p.session_score for seat, p in result.players.items()},
        rank_points=dict.fromkeys(SEATS),
        raw=finals,
    )


def _mcr_table(rng, four, round_no, table_no) -> list[SessionLine]:
    deltas = [rng.randint(-120, 120) for _ in range(3)]
    scores = dict(zip(SEATS, [*deltas, -sum(deltas)], strict=True))
    return _table_lines(
        four,
        round_no,
        table_no,
        placement=placements(scores),
        score={seat: Fraction(points) for seat, points in scores.items()},
        rank_points=rank_points(scores, MCR_TABLE_POINTS),
        raw=scores,
    )


def synthetic_lines(ruleset: str, players: int, sessions: int, seed: int = 1):
    """Every player plays every session, seated at random: ``players × sessions`` lines."""
    rng = random.Random(seed)
    make = _mcr_table if ruleset == "mcr" else _riichi_table
    ids = list(range(1, players + 1))
    lines = []
    for round_no in range(1, sessions + 1):
        rng.shuffle(ids)
        for t in range(players // 4):
            lines += make(rng, ids[4 * t : 4 * t + 4], round_no, t + 1)
    return list(range(1, players + 1)), lines


def bench_rank(ruleset: str) -> dict:
    players, lines = synthetic_lines(ruleset, PLAYERS, SESSIONS)
    seconds, ranked = _best_of(lambda: rank_players(ruleset, {}, players, lines))
    return {
        "name": f"standings_rank_{ruleset}_{PLAYERS}x{SESSIONS}",
        "kind": "standings",
        "players": PLAYERS,
        "sessions": SESSIONS,
        "lines": len(lines),
        "seconds": round(seconds, 4),
        "shared_ranks": sum(s.tied for s in ranked),
    }


# --- Django: a temporary database ----------------------------------------------------------


def _setup_django(db_path: Path) -> None:
    """Django on ``db_path`` (new, migrated), DEBUG off; refuses if Django already started."""
    from django.conf import settings

    if settings.configured:
        raise RuntimeError("Django is already set up: run the standings bench in its own process")
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ["DJANGO_SETTINGS_MODULE"] = "tournament.settings"
    os.environ["DEBUG"] = "false"
    os.environ["HTTPS"] = "0"  # plain http, as the test client speaks (no redirect to https)
    os.environ["SECRET_KEY"] = secrets.token_urlsafe(40)  # this process only
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    if Path(connection.settings_dict["NAME"]).resolve() != db_path.resolve():
        raise RuntimeError(f"the bench would use {connection.settings_dict['NAME']}, not {db_path}")
    call_command("migrate", verbosity=0, interactive=False)


def bench_compute() -> list[dict]:
    from tournament.public.bench_data import build_event
    from tournament.standings.models import StandingSnapshot
    from tournament.standings.services import compute, standings

    start = time.perf_counter()
    event = build_event(players=PLAYERS, rounds=SESSIONS, seed=2, slug="bench-compute")
    built = time.perf_counter() - start
    seconds, (rows, rounds) = _best_of(lambda: compute(event, "public"))
    StandingSnapshot.objects.filter(event=event).delete()
    cold, _snapshot = _best_of(lambda: standings(event, "public"), repeats=1)
    warm, _snapshot = _best_of(lambda: standings(event, "public"), repeats=10)
    return [
        {
            "name": f"standings_compute_{PLAYERS}x{SESSIONS}",
            "kind": "standings",
            "players": PLAYERS,
            "sessions": SESSIONS,
            "lines": sum(row["sessions"] for row in rows),
            "rounds": len(rounds),
            "seconds": round(seconds, 4),
            "snapshot_cold_seconds": round(cold, 4),
            "snapshot_warm_seconds": round(warm, 5),
            "build_seconds": round(built, 2),
        }
    ]


def _page_times(client, url: str, requests: int = PAGE_REQUESTS) -> list[float]:
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        if response.status_code != 200:
            raise RuntimeError(f"GET {url} answered {response.status_code}")
    return times


def bench_public_page() -> dict:
    from django.test import Client, override_settings

    from tournament.public.bench_data import build_event

    event = build_event(players=PAGE_PLAYERS, rounds=PAGE_ROUNDS, seed=1)
    url = reverse("public:standings", args=[event.slug])
    client = Client()
    start = time.perf_counter()
    first = client.get(url)
    cold = time.perf_counter() - start
    if first.status_code != 200:
        raise RuntimeError(f"GET {url} answered {first.status_code}")
    times = _page_times(client, url)
    # The view itself on every request (the rendered table still cached by fingerprint).
    with override_settings(PUBLIC_PAGE_CACHE_SECONDS=0):
        uncached = _page_times(client, url)
    median = statistics.median(times) * 1000
    p90 = statistics.quantiles(times, n=10)[-1] * 1000
    return {
        "name": f"public_standings_page_{PAGE_PLAYERS}x{PAGE_ROUNDS}",
        "kind": "page",
        "url": "/e/<slug>/standings/",
        "players": PAGE_PLAYERS,
        "rounds": PAGE_ROUNDS,
        "requests": PAGE_REQUESTS,
        "cold_ms": round(cold * 1000, 1),
        "median_ms": round(median, 2),
        "p90_ms": round(p90, 2),
        "page_cache_off_median_ms": round(statistics.median(uncached) * 1000, 2),
        "page_cache_off_p90_ms": round(statistics.quantiles(uncached, n=10)[-1] * 1000, 2),
        "bar_median_ms": PAGE_BAR_MS,
        "ok": median < PAGE_BAR_MS,
        "bytes": len(first.content),
        "slug": event.slug,
        "downloads_median_ms": _downloads(client, event),
    }


# The files measured, by the name the figures use and the URL name that serves them.
DOWNLOADS = {"csv": "csv", "xlsx": "xlsx", "ema": "ema_results"}


def _downloads(client, event) -> dict:
    """Median of :data:`DOWNLOAD_REQUESTS` warm requests per public standings file."""
    out = {}
    for name, url_name in DOWNLOADS.items():
        url = reverse(f"public_standings:{url_name}", args=[event.slug])
        times = _page_times(client, url, DOWNLOAD_REQUESTS)
        out[name] = round(statistics.median(times) * 1000, 1)
    return out


def standings_benchmarks() -> list[dict]:
    """The pure ranking, then the database ones in a temporary SQLite file."""
    results = [bench_rank("wrc"), bench_rank("mcr")]
    with tempfile.TemporaryDirectory(prefix="bench-standings-") as folder:
        _setup_django(Path(folder) / "bench.sqlite3")
        results += bench_compute()
        page = bench_public_page()
        results.append(page)
        from django.db import connections

        connections.close_all()
        # The same event under 50 concurrent clients, on a real server (bench/load.py).
        results.append(load_benchmark(Path(folder) / "bench.sqlite3", page["slug"], page))
    return results
