"""Numbers written once (issue #33, "A read layer"): tournament.formatting and its callers."""

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.utils import translation

from tournament import formatting

LANGUAGES = ["en", "ja", "zh-hans"]
TOURNAMENT = Path(formatting.__file__).parent


@pytest.fixture(params=LANGUAGES)
def language(request):
    """Numbers are written the same in every language the site speaks."""
    with translation.override(request.param):
        yield request.param


@pytest.mark.parametrize(
    ("value", "shown", "with_sign"),
    [
        (12000, "12,000", "+12,000"),
        (-8000, "\u22128,000", "\u22128,000"),
        (0, "0", "0"),
        ("0", "0", "0"),
        ("153/10", "15.3", "+15.3"),
        ("-153/10", "\u221215.3", "\u221215.3"),
        (Fraction(7, 3), "7/3", "+7/3"),
        ("-7/3", "\u22127/3", "\u22127/3"),
        ("1/8", "0.125", "+0.125"),
        ("12.5", "12.5", "+12.5"),
        (Decimal("-4.5"), "\u22124.5", "\u22124.5"),
        (None, "–", "–"),
        ("", "–", "–"),
        ("abc", "–", "–"),
    ],
)
def test_points_and_signed_points(language, value, shown, with_sign):
    assert formatting.points(value) == shown
    assert formatting.signed(value) == with_sign


@pytest.mark.parametrize(
    ("value", "css"), [(5, "plus"), ("-1/3", "minus"), (0, "zero"), (None, "zero")]
)
def test_the_sign_class(value, css):
    assert formatting.sign_class(value) == css


def test_places_and_ranks_shared_by_a_tie(language):
    assert formatting.place(1) == "1"
    assert formatting.place("3/2") == "1.5"  # two players share first and second
    assert formatting.place("5/2", tied=True) == "2.5="
    assert formatting.place(None) == "–"
    assert formatting.rank(3, tied=True) == "3="
    assert formatting.rank(4, tied=False) == "4"


def test_exact_decimals_for_files_and_the_api(language):
    assert formatting.exact("12.5") == "25/2"
    assert formatting.exact(-8000) == "-8000"
    assert formatting.exact("") is None
    assert formatting.spreadsheet_number(Fraction(12)) == (12, True)
    assert formatting.spreadsheet_number(Fraction("12.3")) == (Decimal("12.3"), True)
    assert formatting.spreadsheet_number(Fraction(-1, 8)) == (Decimal("-0.125"), True)
    assert formatting.spreadsheet_number(Fraction(7, 3)) == (Decimal("2.33"), False)
    assert formatting.spreadsheet_number(Fraction(-7, 3)) == (Decimal("-2.33"), False)
    assert formatting.rounded(Fraction(1, 200), 2) == Decimal("0.01")  # half up
    assert formatting.json_number("7/3", 2) == 2.33
    assert formatting.json_number("-8000", 2) == -8000
    assert formatting.json_rate(Fraction(5, 12), 4) == 0.4167
    assert formatting.json_rate(None, 4) is None


def test_statistics(language):
    assert formatting.percent(Fraction(5, 12)) == "41.7%"
    assert formatting.percent(Fraction(0)) == "0.0%"
    assert formatting.percent(None) == "—"
    assert formatting.decimal(Fraction(-7, 3), 2) == "-2.33"
    assert formatting.decimal(None) == "—"


def test_no_other_module_writes_numbers_its_own_way():
    """The sheet's minus sign and the whole-or-decimal test live in formatting.py alone."""
    copies = []
    for path in sorted(TOURNAMENT.rglob("*.py")):
        if path.name == "formatting.py" or "migrations" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if "\\u2212" in text or ".denominator == 1" in text or "_decimal_places" in text:
            copies.append(str(path.relative_to(TOURNAMENT)))
    assert copies == []
