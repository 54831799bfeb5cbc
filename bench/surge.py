"""A burst of judges saving at once, on SQLite, through a real server (issue 16).

The venue laptop lost saves under a burst: ``database is locked`` answered
500 and the judge typed the hand again. This replays the burst the issue
measured, on a fresh SQLite file (WAL, ``IMMEDIATE`` transactions, a busy
timeout: ``tournament.envconfig.SQLITE_VENUE_OPTIONS``):

1. **50 judges × 4 saves at once**, each at their own table of one MCR round
   (value-level discard wins), every judge released by one barrier;
2. **20 judges × 3 saves on one table**, all from the same page version, so
   all but one of each wave meet a newer version.

Each answer is *saved* (302 back to the table), *conflict kept* (409: both
versions stored, the judge compares) or *failed* (anything else: the entry is
lost). The bar is 0 failed. It runs behind both servers the README names:
``make run``'s ``runserver`` and ``make venue``'s gunicorn (processes ×
threads), and records counts and save times (p50/p99, ms) per server.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import secrets
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from bench.load import _free_port, _percentile, _stop, _wait_ready

ROOT = Path(__file__).resolve().parent.parent
SLUG = "surge"
TABLES = 50  # phase 1: one judge per table; phase 2 uses table TABLES + 1
SAVES = 4
CROWD = 20  # phase 2: judges on one table
CROWD_SAVES = 3
PASSWORD = "surge-judge-pw"  # noqa: S105 (a throwaway database)
HAND = {"level": "value", "outcome": "discard", "winner": "S", "discarder": "W", "fan": "8"}
# The venue command's server (Makefile ``venue``), as it serves the LAN.
VENUE_SERVER = ["-m", "gunicorn", "tournament.wsgi:application", "--workers", "3"]
VENUE_SERVER += ["--threads", "4", "--timeout", "60", "--log-level", "warning"]


def _setup(db_path: str, tables: int) -> None:
    """Run in a child process: migrate a fresh SQLite file, then :func:`make_event`."""
    os.environ.update(
        DATABASE_URL=f"sqlite:///{db_path}", DJANGO_SETTINGS_MODULE="tournament.settings"
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    make_event(tables)


def make_event(tables: int, director: str | None = None) -> None:
    """An MCR event with ``tables`` + 1 seated tables and ``tables`` judges (Django set up)."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournament.events.models import Event, Player, Registration, StaffRole
    from tournament.events.services import start_event
    from tournament.seating.models import Round, Seat, Table

    day = datetime.date(2026, 12, 5)
    event = Event.objects.create(
        slug=SLUG, name="Surge", start_date=day, end_date=day, ruleset="mcr", is_public=True
    )
    start_event(event)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
    for t in range(1, tables + 2):
        table = Table.objects.create(round=round_, number=t)
        for wind in "ESWN":
            registration = Registration.objects.create(
                event=event, player=Player.objects.create(), name=f"Player {t}{wind}"
            )
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    users = get_user_model().objects
    for j in range(1, tables + 1):
        user = users.create_user(f"judge{j}", password=PASSWORD)
        StaffRole.objects.create(event=event, user=user, role=StaffRole.Role.JUDGE)
    if director:
        user = users.create_user(director, password=PASSWORD)
        StaffRole.objects.create(event=event, user=user, role=StaffRole.Role.DIRECTOR)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Judge:
    """One judge's browser: cookies, the CSRF token, no redirects followed."""

    def __init__(self, base: str, username: str):
        self.base, self.username = base, username
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect
        )

    def request(self, path: str, data: dict | None = None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        try:
            with self.opener.open(self.base + path, data=body, timeout=120) as response:
                return response.status, response.read().decode(errors="replace")
        except urllib.error.HTTPError as answer:
            return answer.code, answer.read().decode(errors="replace")
        except OSError:  # refused or reset: the judge's phone shows a network error
            return 0, ""

    def _token(self, page: str) -> str:
        return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)

    def log_in(self) -> None:
        _, page = self.request("/accounts/login/")
        fields = {"username": self.username, "password": PASSWORD}
        status, _ = self.request(
            "/accounts/login/", {**fields, "csrfmiddlewaretoken": self._token(page)}
        )
        if status != 302:
            raise RuntimeError(f"{self.username} could not log in ({status})")

    def open_table(self, table: int) -> dict:
        """The table page's form: the version it shows and the CSRF token."""
        status, page = self.request(f"/j/{SLUG}/1/{table}/")
        if status != 200:
            raise RuntimeError(f"table {table} answered {status}")
        return self.form_of(page)

    def form_of(self, page: str) -> dict:
        """The hand form's hidden fields: base version, CSRF token, one-time key."""
        version = re.search(r'name="base_version" value="(\d+)"', page).group(1)
        form = {"base_version": version, "csrfmiddlewaretoken": self._token(page)}
        key = re.search(r'name="entry_key" value="([0-9a-f-]{36})"', page)
        return form | ({"entry_key": key.group(1)} if key else {})

    def save(self, table: int, form: dict) -> tuple[str, float]:
        start = time.perf_counter()
        status, _ = self.request(f"/j/{SLUG}/1/{table}/hand/", {**HAND, **form, "action": "save"})
        took = (time.perf_counter() - start) * 1000
        return {302: "saved", 409: "conflict_kept"}.get(status, f"failed_{status}"), took


def _phase(judges: list[Judge], tables: list[int], saves: int) -> list[tuple[str, float]]:
    """Every judge saves ``saves`` hands at their table; all start at one barrier."""
    barrier = threading.Barrier(len(judges))
    answers: list[tuple[str, float]] = []
    lock = threading.Lock()

    def work(judge: Judge, table: int) -> None:
        mine = []
        try:
            form = judge.open_table(table)
        except Exception:
            barrier.abort()  # the others must not wait for this judge forever
            raise
        barrier.wait(timeout=600)
        for _ in range(saves):
            mine.append(judge.save(table, form))
            form = judge.open_table(table)
        with lock:
            answers.extend(mine)

    threads = [
        threading.Thread(target=work, args=pair) for pair in zip(judges, tables, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def _figures(answers: list[tuple[str, float]]) -> dict:
    times = sorted(ms for _, ms in answers)
    counts: dict[str, int] = {}
    for kind, _ in answers:
        counts[kind] = counts.get(kind, 0) + 1
    failed = sum(n for kind, n in counts.items() if kind.startswith("failed"))
    return {
        "saves": len(answers),
        "saved": counts.get("saved", 0),
        "conflict_kept": counts.get("conflict_kept", 0),
        "failed": failed,
        "answers": counts,
        "p50_ms": round(_percentile(times, 0.50), 1),
        "p99_ms": round(_percentile(times, 0.99), 1),
    }


def _serve(db_path: Path, port: int, venue: bool, log) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db_path}", "HTTPS": "0", "DEBUG": "0"}
    env |= {"SECRET_KEY": secrets.token_urlsafe(40), "ALLOWED_HOSTS": "127.0.0.1"}
    for name in ("CACHE_URL", "CELERY_BROKER_URL"):
        env.pop(name, None)  # the embedded stack: per-process cache, eager tasks
    if venue:
        command = [sys.executable, *VENUE_SERVER, "--bind", f"127.0.0.1:{port}"]
    else:
        env["DEBUG"] = "1"  # as ``make run`` serves it
        command = [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"]
    return subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        # Not a pipe: nobody reads it while the server runs, and a full pipe (the
        # log lines of 409s and slow requests) would block the server mid-request.
        stderr=log,
        start_new_session=True,
    )


def surge(
    venue: bool,
    tables: int = TABLES,
    saves: int = SAVES,
    crowd: int = CROWD,
    again: int = CROWD_SAVES,
) -> dict:
    """Both phases against a fresh database behind one server."""
    with tempfile.TemporaryDirectory() as tmp:
        db_path = Path(tmp) / "surge.sqlite3"
        setup = [sys.executable, "-m", "bench.surge", str(db_path), str(tables)]
        subprocess.run(setup, cwd=ROOT, check=True)
        port = _free_port()
        log = (Path(tmp) / "server.log").open("wb")
        process = _serve(db_path, port, venue, log)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_ready(process, base + "/healthz")
            judges = [Judge(base, f"judge{j}") for j in range(1, tables + 1)]
            for judge in judges:
                judge.log_in()
            spread = _figures(_phase(judges, list(range(1, tables + 1)), saves))
            packed = _figures(_phase(judges[:crowd], [tables + 1] * crowd, again))
        finally:
            _stop(process)
    return {f"spread_{tables}x{saves}": spread, f"one_table_{crowd}x{again}": packed}


def surge_benchmark() -> dict:
    servers = {
        "make run (runserver)": surge(venue=False),
        "make venue (gunicorn 3 processes x 4 threads)": surge(venue=True),
    }
    failed = sum(p["failed"] for s in servers.values() for p in s.values())
    return {
        "name": "judge_save_surge_sqlite",
        "kind": "surge",
        "what": f"{TABLES} judges x {SAVES} saves at once, "
        f"then {CROWD} x {CROWD_SAVES} on one table",
        "servers": servers,
        "failed": failed,
        "bar": "0 failed saves",
        "passed": failed == 0,
    }


if __name__ == "__main__":
    _setup(sys.argv[1], int(sys.argv[2]))
