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
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
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
