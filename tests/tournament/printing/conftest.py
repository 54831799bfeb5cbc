"""Fixtures for the printing tests (shared with the print job tests: keep the names stable).

- ``seated_round(ruleset="mcr", tables=2, **event_fields)`` -> a seated
  :class:`Round` (number 1) of a started event, four players a table, seated
  E, S, W, N. Names mix scripts on purpose: Japanese, Chinese (simplified and
  traditional), Latin with diacritics and Korean, so every PDF test also
  checks the CJK fonts. ``PLAYER_NAMES`` lists them in seating order.
- ``play_round(round_, hands=None, *, tables=None, publish=False)`` -> the
  round with a confirmed sheet per table (all tables, or the numbers in
  ``tables``): hand rows when ``hands`` is given (entries as the results
  services take them), else final scores only. ``publish=True`` also
  publishes the round and its results (standings, score cards).
- ``pdf_text(pdf_bytes)`` -> the text of each page (pypdf); also the plain
  function :func:`page_texts`.
- :func:`save_pages` keeps pages as PNG files (pypdfium2, 100 dpi) in
  test-artifacts/ (git-ignored) for a person to look at.
- The print job tests' world: ``cup`` (a started event, round 1 seated, staff of every
  role), ``documents`` (fake document functions returning ``FAKE_PDF``), ``worker_mode``
  (tasks caught on their way to a broker) and ``broker`` (a real one in memory, see
  ``broker.py``); their settings stay autouse fixtures of the modules that want them.
- ``celery_worker(**overrides)``: a real Celery worker for the ``needs_worker`` tests
  (``worker.py``).
"""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from tests.tournament.printing.broker import Broker
from tests.tournament.printing.worker import Worker, worker_possible
from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.printing import jobs, tasks
from tournament.printing.models import PrintJob
from tournament.results.sheet import services
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.seating.models import Round, Seat, Table

# Sixteen names, then numbered copies: table 1 is Japanese, table 2 Chinese, …
PLAYER_NAMES = [
    "山田 太郎",
    "佐藤 花子",
    "鈴木 一郎",
    "高橋 美咲",
    "王小明",
    "李娜",
    "張偉",
    "陳美玲",
    "Zoë Müller",
    "Åsa Öberg",
    "François Lefèvre",
    "Łukasz Żółć",
    "김민준",
    "Olivia Brown",
    "渡辺 健",
    "刘洋",
]
WINDS = ("E", "S", "W", "N")
FAKE_PDF = b"%PDF-1.7\n% fake document for the job tests\n%%EOF\n"


def player_name(index: int) -> str:
    """The ``index``-th seated player's name (0-based), unique however many tables."""
    base = PLAYER_NAMES[index % len(PLAYER_NAMES)]
    lap = index // len(PLAYER_NAMES)
    return base if lap == 0 else f"{base} {lap + 1}"


@pytest.fixture
def seated_round(make_event, make_player):
    """``seated_round(ruleset="mcr", tables=2, **event_fields)`` -> a seated round 1."""

    def make(ruleset="mcr", tables=2, **fields):
        fields.setdefault("name", "World Open 世界大会 2026")
        event = make_event(ruleset=ruleset, **fields)
        start_event(event)
        event.refresh_from_db()
        round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
        index = 0
        for number in range(1, tables + 1):
            table = Table.objects.create(round=round_, number=number)
            for wind in WINDS:
                registration = Registration.objects.create(
                    event=event,
                    player=make_player(),
                    name=player_name(index),
                    club="Club",
                    country="JP",
                )
                Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
                index += 1
        return round_

    return make


def _judges(event):
    User = get_user_model()
    people = []
    for name in ("judge", "director"):
        user, _ = User.objects.get_or_create(username=f"print-{name}-{event.slug}")
        StaffRole.objects.get_or_create(event=event, user=user, defaults={"role": name})
        people.append(user)
    return people


FINAL_SCORES = {
    "riichi": [{"E": 45000, "S": 31000, "W": 24000, "N": 20000}],
    "points": [{"E": 40, "S": 12, "W": -20, "N": -32}],
}


@pytest.fixture
def play_round(db):
    """``play_round(round_, hands=None, *, tables=None, publish=False)``: confirmed sheets."""

    def play(round_, hands=None, *, tables=None, publish=False):
        event = round_.event
        judge, director = _judges(event)
        for table in round_.tables.order_by("number"):
            if tables is not None and table.number not in tables:
                continue
            sheet = None
            if hands:
                for entry in hands:
                    base = sheet.version if sheet else 0
                    sheet = services.add_hand(table, entry, by=judge, base_version=base)
            else:
                start = services.empty_result(event).start
                scores = FINAL_SCORES["points" if start == 0 else "riichi"][0]
                scores = {seat: start + value - (0 if start == 0 else 30000) for seat, value in
                          scores.items()}  # fmt: skip
                sheet = services.save_final_scores(table, scores, by=judge, base_version=0)
            sheet = submit_sheet(table, by=judge, version=sheet.version)
            confirm_sheet(table, by=director, version=sheet.version)
        if publish:
            from django.utils import timezone

            Round.objects.filter(pk=round_.pk).update(
                status=Round.Status.PUBLISHED,
                published_at=timezone.now(),
                results_published_at=timezone.now(),
            )
            round_.refresh_from_db()
        return round_

    return play


ARTIFACTS = Path(settings.BASE_DIR) / "test-artifacts"


def save_pages(pdf: bytes, name: str, pages: int = 1, dpi: int = 100) -> list[Path]:
    """The first ``pages`` pages as ``test-artifacts/printing-<name>-<n>.png``."""
    import pypdfium2

    ARTIFACTS.mkdir(exist_ok=True)
    document = pypdfium2.PdfDocument(pdf)
    saved = []
    for index in range(min(pages, len(document))):
        path = ARTIFACTS / f"printing-{name}-{index + 1}.png"
        document[index].render(scale=dpi / 72).to_pil().save(path)
        saved.append(path)
    return saved


def page_texts(pdf: bytes) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def pdf_text():
    """``pdf_text(pdf_bytes)`` -> one string per page."""
    return page_texts


@pytest.fixture
def cup(make_event, make_player):
    """A started event, round 1 seated at two tables, staff of every role, and another event."""
    event = make_event(slug="cup", name="Cup", ruleset="jpml-b")
    start_event(event)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.SEATED)
    for t in (1, 2):
        table = Table.objects.create(round=round_, number=t)
        for wind in WINDS:
            registration = Registration.objects.create(
                event=event, player=make_player(), name=f"Player {t}{wind}"
            )
            Seat.objects.create(round=round_, table=table, wind=wind, registration=registration)
    other = make_event(slug="other", name="Other")
    User = get_user_model()
    users = {}
    for role in ("director", "judge", "viewer"):
        users[role] = User.objects.create_user(role)
        StaffRole.objects.create(event=event, user=users[role], role=role)
    users["outsider"] = User.objects.create_user("outsider")  # director of the other event
    StaffRole.objects.create(event=other, user=users["outsider"], role="director")
    return SimpleNamespace(event=event, round=round_, other=other, users=users)


@pytest.fixture
def documents(monkeypatch):
    """Fake document functions: ``calls`` records them, ``steps`` is the progress they report."""
    fake = SimpleNamespace(calls=[], steps=3, error=None, seen=[])

    def make(kind):
        def document(subject, *, progress=None, **options):
            fake.calls.append((kind, subject, options))
            if fake.error is not None:
                raise fake.error
            for done in range(1, fake.steps + 1):
                progress(done, fake.steps)
                job = PrintJob.objects.latest("pk")
                fake.seen.append((job.status, job.progress_done, job.progress_total))
            return FAKE_PDF

        return document

    monkeypatch.setattr(jobs, "document_for", make)
    return fake


@pytest.fixture
def worker_mode(monkeypatch):
    """Tasks go to a broker (recorded in the returned list) instead of running here."""
    sent = []
    monkeypatch.setattr(jobs, "eager", lambda: False)
    monkeypatch.setattr(tasks.render_job, "delay", lambda *args: sent.append(args))
    return sent


@pytest.fixture
def broker():
    from tournament.celery import app

    saved = app.conf.get("broker_write_url"), app.conf.task_always_eager
    server = Broker(app)
    server.use("memory://")
    server.sent()  # what a test before left behind
    yield server
    server.use("memory://")
    server.sent()
    server.use(saved[0], eager=saved[1])


@pytest.fixture
def celery_worker(transactional_db, settings, tmp_path):
    """``start(**overrides) -> Worker``: a real worker (see the module docstring)."""
    if not worker_possible():
        pytest.skip("needs a Redis broker and PostgreSQL (make test-stack)")
    from tournament.celery import app

    assert not app.conf.task_always_eager, "a needs_worker test must not run tasks eagerly"
    settings.MEDIA_ROOT = tmp_path / "media"
    app.control.purge()  # messages a test before left behind
    workers: list[Worker] = []

    def start(**overrides) -> Worker:
        for name, value in overrides.items():
            setattr(settings, name, value)
        overrides = {"MEDIA_ROOT": str(settings.MEDIA_ROOT), **overrides}
        worker = Worker(tmp_path / f"worker-{len(workers) + 1}.log", overrides)
        workers.append(worker)
        return worker.start()

    yield start
    for worker in workers:
        worker.stop()
    app.control.purge()
