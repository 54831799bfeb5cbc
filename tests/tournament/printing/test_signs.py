"""Table signs and seat cards (issue #18), read back with pypdf.

The hall: 4 tables, 3 planned rounds of which 2 are seated (round 1 played and
published, round 2 planned only). One player withdrew after round 1 and a
reserve took the seat in round 2; another reserve never played. Names mix
scripts: 山田太郎 (with a Latin name), 张伟, Korean, accented Latin.
"""

from __future__ import annotations

import io
import re
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from pypdf import PdfReader

from tests.tournament.printing.conftest import page_texts, save_pages
from tests.tournament.public_round import public_round
from tournament.events.errors import EventError
from tournament.events.models import Registration, StaffRole
from tournament.events.services import start_event
from tournament.printing import documents, jobs, signs
from tournament.printing.models import PrintJob
from tournament.seating.models import Round, Seat, Table

# No name is a part of another, so "this name is on that page" means what it says.
ACTIVE = [
    "山田太郎",
    "张伟",
    "佐藤花子",
    "李娜",
    "Zoë Müller",
    "Åsa Öberg",
    "François Lefèvre",
    "김민준",
    "Olivia Brown",
    "渡辺健",
    "陳美玲",
    "Łukasz Żółć",
    "Maria Rossi",
    "鈴木一郎",
    "Kenji Watanabe",
]
WITHDRAWN = "Walter Withdrawn"
RESERVE = "Rita Reserve"
IDLE_RESERVE = "Ida Idle"
WINDS = "ESWN"
WIND_WORDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
WIND_CHARS = {"E": "東", "S": "南", "W": "西", "N": "北"}


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def _seat(round_, names: list[str], regs: dict) -> dict[str, tuple[int, str]]:
    """Seat ``names`` four a table in order; returns name -> (table, wind)."""
    where = {}
    for index, name in enumerate(names):
        number, wind = index // 4 + 1, WINDS[index % 4]
        table, _ = Table.objects.get_or_create(round=round_, number=number)
        Seat.objects.create(round=round_, table=table, wind=wind, registration=regs[name])
        where[name] = (number, wind)
    return where


@pytest.fixture
def hall(make_event, make_player):
    event = make_event(slug="hall", name="World Open 世界大会 2026", rounds_planned=3)
    start_event(event)
    regs = {}
    for name in [*ACTIVE, WITHDRAWN, RESERVE, IDLE_RESERVE]:
        latin = (
            {"latin_first_name": "Taro", "latin_last_name": "Yamada"} if name == "山田太郎" else {}
        )
        status = Registration.Status.RESERVE if name in (RESERVE, IDLE_RESERVE) else "active"
        regs[name] = Registration.objects.create(
            event=event, player=make_player(**latin), name=name, club="Club", status=status
        )
    first = public_round(event, 1)
    second = Round.objects.create(event=event, number=2, status=Round.Status.SEATED)
    round1 = _seat(first, [*ACTIVE, WITHDRAWN], regs)
    # Round 2: the reserve in the withdrawn player's place, everyone moved on.
    regs[WITHDRAWN].status = Registration.Status.DROPPED
    regs[WITHDRAWN].save()
    order2 = [*ACTIVE[5:], RESERVE, *ACTIVE[:5]]
    round2 = _seat(second, order2, regs)
    users = {}
    for role in ("director", "judge"):
        users[role] = get_user_model().objects.create_user(f"hall-{role}")
        StaffRole.objects.create(event=event, user=users[role], role=role)
    return SimpleNamespace(
        event=event, rounds=(first, second), where={1: round1, 2: round2}, users=users
    )


def _names_by_table(where: dict[str, tuple[int, str]]) -> dict[int, set[str]]:
    tables: dict[int, set[str]] = {}
    for name, (table, _wind) in where.items():
        tables.setdefault(table, set()).add(name)
    return tables


def _check_signs(pdf: bytes, where: dict, round_number: int) -> None:
    texts = [" ".join(text.split()) for text in page_texts(pdf)]  # a long name may wrap
    tables = _names_by_table(where)
    assert len(texts) == len(tables)
    everyone = set(where)
    for number, text in enumerate(texts, start=1):
        assert set(name for name in everyone if name in text) == tables[number], number
        assert f"Round {round_number}" in text
        assert re.search(rf"Table\s*{number}\D", text), number


# --- table signs ---------------------------------------------------------------------------


def test_one_sign_per_table_with_its_four_names(hall):
    pdf = documents.table_signs(hall.rounds[0], language="en")
    save_pages(pdf, "table-signs-en", pages=1)
    _check_signs(pdf, hall.where[1], 1)
    first = page_texts(pdf)[0]
    assert "Taro Yamada" in first  # the Latin name under the kanji
    for wind in WINDS:
        assert WIND_CHARS[wind] in first and WIND_WORDS[wind] in first
    # The withdrawn player played round 1: the sign of that round names him.
    assert WITHDRAWN in " ".join(page_texts(pdf)[3].split())


def test_signs_are_a4_landscape_with_the_fonts_embedded(hall):
    reader = PdfReader(io.BytesIO(documents.table_signs(hall.rounds[0])))
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width * 25.4 / 72), round(height * 25.4 / 72)) == (297, 210)
    fonts = {f["/BaseFont"] for f in reader.pages[0]["/Resources"]["/Font"].values()}
    assert any("CJK" in str(name) for name in fonts)


@pytest.mark.parametrize(
    ("language", "words"),
    [("ja", ["第1回戦", "卓", "東家", "北家"]), ("zh-hans", ["第1轮", "桌号", "东家", "北家"])],
)
def test_signs_in_japanese_and_chinese(hall, language, words):
    pdf = documents.table_signs(hall.rounds[0], language=language)
    save_pages(pdf, f"table-signs-{language}", pages=1)
    text = page_texts(pdf)[0]
    for word in words:
        assert word in text
    assert "山田太郎" in text and "张伟" in text


def test_a_three_digit_table_and_a_long_name_keep_to_one_page(hall):
    Table.objects.filter(round=hall.rounds[0], number=4).update(number=124)
    long_name = "Maximilian Alexander Featherstonehaugh-Wolfeschlegel"
    Registration.objects.filter(name="Olivia Brown").update(name=long_name)
    pdf = documents.table_signs(hall.rounds[0], language="en")
    save_pages(pdf, "table-signs-long", pages=4)
    texts = [" ".join(t.split()) for t in page_texts(pdf)]
    assert len(texts) == 4
    assert "Table 124" in texts[3]
    assert long_name.replace(" ", "") in texts[2].replace(" ", "")  # wrapped, on its own sign


def test_a_round_without_tables_prints_one_page_saying_so(hall):
    empty = Round.objects.create(event=hall.event, number=3)
    texts = page_texts(documents.table_signs(empty, language="en"))
    assert len(texts) == 1 and "Nobody is seated in this round." in texts[0]


def test_a_missing_seat_keeps_its_wind(hall):
    Seat.objects.filter(round=hall.rounds[1], table__number=1, wind="S").delete()
    data = signs.sign_data(hall.rounds[1])
    assert [s["code"] for s in data[0]["seats"]] == list(WINDS)
    assert data[0]["seats"][1]["name"] == ""


# --- through a print job -------------------------------------------------------------------


def test_signs_of_a_planned_round_through_a_print_job(hall, django_capture_on_commit_callbacks):
    director = hall.users["director"]
    with django_capture_on_commit_callbacks(execute=True):
        job = jobs.request_job(
            hall.event, "table_signs", round_=hall.rounds[1], by=director, language="en"
        )
    job.refresh_from_db()
    assert job.status == PrintJob.Status.DONE, job.error
    pdf = job.file.read()
    _check_signs(pdf, hall.where[2], 2)
    text = "".join(page_texts(pdf))
    assert RESERVE in text and WITHDRAWN not in text


def test_seat_cards_through_a_print_job_over_http(client, hall, django_capture_on_commit_callbacks):
    client.force_login(hall.users["director"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/manage/hall/print/start/", {"kind": "seat_cards"})
    job = PrintJob.objects.get()
    assert response.status_code == 302 and job.status == PrintJob.Status.DONE, job.error
    assert job.round is None
    download = client.get(f"/manage/hall/print/{job.uuid}/download/")
    pdf = b"".join(download.streaming_content)
    assert len(page_texts(pdf)) == 2  # 16 cards, eight a page


def test_only_the_director_prints_them(client, hall, django_capture_on_commit_callbacks):
    judge = hall.users["judge"]
    with pytest.raises(EventError):
        jobs.request_job(hall.event, "table_signs", round_=hall.rounds[0], by=judge)
    with pytest.raises(EventError):
        jobs.request_job(hall.event, "seat_cards", by=judge)
    client.force_login(judge)
    with django_capture_on_commit_callbacks(execute=True):
        for fields in ({"kind": "seat_cards"}, {"kind": "table_signs", "round": "1"}):
            assert client.post("/manage/hall/print/start/", fields).status_code == 403
    client.logout()
    response = client.post("/manage/hall/print/start/", {"kind": "seat_cards"})
    assert response.status_code in (302, 403) and PrintJob.objects.count() == 0


def test_kinds_are_checked_against_their_subject(hall):
    director = hall.users["director"]
    with pytest.raises(EventError):
        jobs.request_job(hall.event, "table_signs", by=director)  # which round?
    with pytest.raises(EventError):
        jobs.request_job(hall.event, "seat_cards", round_=hall.rounds[0], by=director)


# --- seat cards ----------------------------------------------------------------------------


MM = 72 / 25.4  # PDF points a millimetre


def _pieces(page) -> list[tuple[float, float, str]]:
    """(mm from the top, mm from the left, text) of each piece of text drawn on ``page``."""
    height = float(page.mediabox.height)
    pieces = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            pieces.append(((height - y) / MM, x / MM, text.strip()))

    page.extract_text(visitor_text=visit)
    return pieces


def _cards(pdf: bytes, card_height_mm: float = 68) -> list[str]:
    """The text of each card, found by where it is drawn: the cards' grid is fixed.

    A card's lines are read top to bottom, the pieces of a line left to right
    (pypdf's own order follows the drawing order, which puts tables first).
    """
    cards = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        cells: dict[tuple[int, int], list] = {}
        for top, left, text in _pieces(page):
            cell = (int((top - 12.5) // card_height_mm), int((left - 10) // 95))
            cells.setdefault(cell, []).append((top, left, text))
        for cell in sorted(cells):
            lines: list[list] = []  # pieces whose baselines are within 0.7 mm make a line
            for top, left, text in sorted(cells[cell]):
                if lines and top - lines[-1][0] <= 0.7:
                    lines[-1][1].append((left, text))
                else:
                    lines.append([top, [(left, text)]])
            cards.append("\n".join(" ".join(t for _x, t in sorted(p)) for _t, p in lines))
    return cards


def _name_on(card: str, names: list[str]) -> str:
    """The name on a card: its second line (pieces in another font, Ł, may come out of order)."""
    line = sorted(card.splitlines()[1].replace(" ", ""))
    return next(n for n in names if n in card or sorted(n.replace(" ", "")) == line)


def test_one_card_per_player_with_every_planned_round(hall):
    pdf = documents.seat_cards(hall.event, language="en")
    save_pages(pdf, "seat-cards-en", pages=1)
    carded = sorted([*ACTIVE, RESERVE])
    cards = _cards(pdf)
    assert len(cards) == len(carded) == 16
    assert len(page_texts(pdf)) == 2
    text = "".join(page_texts(pdf))
    for name in carded:
        assert text.count(name) == 1, name
    assert WITHDRAWN not in text and IDLE_RESERVE not in text
    assert sorted(_name_on(card, carded) for card in cards) == carded
    for card in cards:
        name = _name_on(card, carded)
        lines = re.findall(r"^\s*(\d+)\s+(\d+|—)\s*(?:([東南西北])\s+(\w+))?", card, re.M)
        listed = {int(r): (t, c, w) for r, t, c, w in lines}
        assert sorted(listed) == [1, 2, 3], (name, card)
        for number in (1, 2):
            table, wind = hall.where[number].get(name, (None, None))
            if table is None:  # the reserve sat out round 1
                assert listed[number][0] == "—"
            else:
                assert listed[number] == (str(table), WIND_CHARS[wind], WIND_WORDS[wind]), name
        assert listed[3][0] == "—"  # planned, not seated yet
        assert "not seated yet" in card
    assert "Taro Yamada" in next(c for c in cards if "山田太郎" in c)


@pytest.mark.parametrize(("language", "word"), [("ja", "東家"), ("zh-hans", "东家")])
def test_seat_cards_in_japanese_and_chinese(hall, language, word):
    pdf = documents.seat_cards(hall.event, language=language)
    save_pages(pdf, f"seat-cards-{language}", pages=1)
    text = "".join(page_texts(pdf))
    assert word in text and "山田太郎" in text and "张伟" in text


def test_card_data_follows_the_rules_of_who_gets_one(hall):
    data = signs.card_data(hall.event)
    assert data["rounds"] == [1, 2, 3]
    names = [card["name"] for card in data["cards"]]
    assert WITHDRAWN not in names and IDLE_RESERVE not in names and RESERVE in names
    reserve = next(card for card in data["cards"] if card["name"] == RESERVE)
    assert [line["table"] for line in reserve["lines"]] == [None, hall.where[2][RESERVE][0], None]


def test_many_rounds_get_larger_cards_in_two_columns():
    assert signs.card_layout(6) == {"per_page": 8, "columns": 1, "size": "small"}
    assert signs.card_layout(12) == {"per_page": 8, "columns": 2, "size": "small"}
    assert signs.card_layout(20) == {"per_page": 4, "columns": 2, "size": "large"}


def _seat_cards_of(hall, rounds: int, language: str, shot: str) -> bytes:
    """The seat cards of ``hall``'s event with ``rounds`` planned, page 1 saved as ``shot``."""
    hall.event.rounds_planned = rounds
    hall.event.save()
    pdf = documents.seat_cards(hall.event, language=language)
    save_pages(pdf, shot, pages=1)
    return pdf


def test_eight_rounds_fit_a_small_card(hall):
    pdf = _seat_cards_of(hall, 8, "ja", "seat-cards-8-rounds-ja")
    cards = _cards(pdf)
    assert len(cards) == 16 and len(page_texts(pdf)) == 2
    for card in cards:
        assert len(re.findall(r"(?:^|\s)\d+ (?:\d+|—)", card)) == 8, card


def test_twelve_rounds_fit_each_card(hall):
    pdf = _seat_cards_of(hall, 12, "en", "seat-cards-12-rounds")
    cards = _cards(pdf)
    assert len(cards) == 16
    for card in cards:
        assert len(re.findall(r"(?:^|\s)\d+ (?:\d+|—)", card)) == 12, card


def test_an_event_without_players_prints_one_page_saying_so(make_event):
    pdf = documents.seat_cards(make_event(), language="en")
    texts = page_texts(pdf)
    assert len(texts) == 1 and "No active players." in texts[0]


def test_progress_reaches_the_total(hall):
    seen = []
    documents.seat_cards(hall.event, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] and seen == sorted(seen)


# --- the print page ------------------------------------------------------------------------


def test_print_page_offers_signs_cards_and_published_results(client, hall):
    client.force_login(hall.users["director"])
    html = client.get("/manage/hall/print/").content.decode()
    assert 'id="print-seat-cards"' in html
    assert 'id="print-table-signs-1"' in html and 'id="print-table-signs-2"' in html
    assert 'id="print-round-results-1"' in html  # results published
    assert 'id="print-round-results-2"' not in html  # not yet
    client.force_login(hall.users["judge"])
    html = client.get("/manage/hall/print/").content.decode()
    assert "print-seat-cards" not in html and "print-table-signs" not in html
