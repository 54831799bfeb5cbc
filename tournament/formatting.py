"""Numbers as the site writes them, in one place: pages, PDFs, the API and the files.

Why one module: the scoresheet's way of writing a number (a real minus sign,
thousands grouped, an exact fraction where no short decimal is exact) was
written in the template tags, and the exports, the API, the PDFs and the
statistics each kept a copy of their own. Each writer below names one way;
the template tags, exports, API shapes and PDFs call it. It sits at the bottom
of the layers (``pyproject.toml``): it imports nothing of the apps.

Vocabulary:

- **stored number**: what a snapshot, a sheet or a result keeps: an int, a
  :class:`~fractions.Fraction`, or its exact text ("153/10", "-8000", "12.5").
- **points** ("12,000", "−8,000", "15.3", "7/3"): as a scoresheet writes it,
  the same in every language; "–" when it is no number.
- **signed**: points with a "+" on a gain (a delta, a session score).
- **place**: a session placement; players sharing a place share its mean
  ("3/2" is written "1.5"). **rank**: a standings position, "3=" when shared.
- **exact**: the stored number's exact text, for the API ("153/10").
- **moment** ("Dec. 6, 2026, 15:05", "2026年12月6日 15:05"): a date and time
  as a page writes it in a sentence: the language's date and a 24-hour clock,
  as the pages' other times ("Updated at 15:05").
- **spreadsheet number**: a number a file keeps a number: an int, a decimal
  with at most :data:`EXACT_PLACES` places as it is, else rounded to
  :data:`ROUNDED_PLACES` (and flagged, so the file adds an "(exact)" column).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import pgettext

MINUS = "\u2212"  # a real minus sign: "−8,000" lines up with "+8,000"
NO_NUMBER = "–"  # a sheet's cell with no number
NO_RATE = "—"  # a statistic with nothing to divide by
EXACT_PLACES = 3  # a decimal with at most this many places is written as it is
ROUNDED_PLACES = 2  # any other value is rounded to this many places in a file
SHORT_DECIMAL_PLACES = 3  # 1/d written as a decimal on a sheet when d divides 10**3


def fraction(value) -> Fraction | None:
    """A stored number as a Fraction; None when it is empty or no number."""
    if value is None or value == "":
        return None
    if isinstance(value, int | Fraction):
        return Fraction(value)
    try:
        return Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return None


def _decimal_places(denominator: int) -> int | None:
    """Digits after the point when 1/denominator is a short decimal (2, 4, 5, 10 …), else None."""
    for places in range(1, SHORT_DECIMAL_PLACES + 1):
        if (10**places) % denominator == 0:
            return places
    return None


def _text(number: Fraction, sign: bool) -> str:
    places = _decimal_places(number.denominator)
    if number.denominator == 1:
        text = f"{abs(number.numerator):,}"
    elif places is not None:
        text = f"{abs(float(number)):,.{places}f}"
    else:
        text = f"{abs(number.numerator)}/{number.denominator}"
    if number < 0:
        return MINUS + text
    return ("+" + text) if sign and number > 0 else text


def _shown(value, sign: bool) -> str:
    number = fraction(value)
    return NO_NUMBER if number is None else _text(number, sign)


def points(value) -> str:
    """12000 -> "12,000"; -8000 -> "−8,000"; "7/3" -> "7/3"; "153/10" -> "15.3"."""
    return _shown(value, sign=False)


def signed(value) -> str:
    """Like :func:`points` with a "+" on gains: a delta or a session score."""
    return _shown(value, sign=True)


def sign_class(value) -> str:
    """The CSS class of a number's sign: "plus", "minus", or "zero" (also for no number)."""
    number = fraction(value)
    if number is None or number == 0:
        return "zero"
    return "plus" if number > 0 else "minus"


def place(value, tied: bool = False) -> str:
    """1 -> "1", "3/2" (a shared place) -> "1.5", written as :func:`points`; "1=" when ``tied``."""
    return points(value) + ("=" if tied else "")


def rank(value, tied: bool) -> str:
    """A standings position as the lists print it: "3", or "3=" when players share it."""
    return f"{value}{'=' if tied else ''}"


def exact(value) -> str | None:
    """A stored number as its exact text ("153/10"); None when not stored."""
    if value in (None, ""):
        return None
    return str(Fraction(str(value)))


def rounded(value: Fraction, places: int) -> int | Decimal:
    """An int when whole, else a Decimal rounded half up to ``places`` (a file's number)."""
    if value.denominator == 1:
        return int(value)
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP
    )


def spreadsheet_number(value: Fraction) -> tuple[int | Decimal, bool]:
    """``(number, exact)``: an int, an exact short decimal, or a rounded one (exact False)."""
    if value.denominator == 1:
        return int(value), True
    scaled = value * 10**EXACT_PLACES
    if scaled.denominator == 1:
        return Decimal(int(scaled)).scaleb(-EXACT_PLACES).normalize(), True
    return rounded(value, ROUNDED_PLACES), False


def json_number(value, places: int) -> int | float:
    """A stored number for JSON: an int when whole, else rounded to ``places``."""
    number = Fraction(value)
    if number.denominator == 1:
        return int(number)
    return round(float(number), places)


def json_rate(value, places: int) -> float | None:
    """A statistic for JSON: a float rounded to ``places``; None when nothing was divided."""
    return None if value is None else round(float(value), places)


def percent(rate: Fraction | None) -> str:
    """``Fraction(5, 12)`` -> "41.7%"; "—" when there was nothing to divide by."""
    if rate is None:
        return NO_RATE
    return f"{float(rate) * 100:.1f}%"


def decimal(rate: Fraction | None, places: int = 1) -> str:
    """A mean or rate as a plain number with ``places`` decimals, or "—"."""
    if rate is None:
        return NO_RATE
    return f"{float(rate):.{places}f}"


TIME_OF_DAY = "H:i"  # the site's clock: 24 hours, as every other time on the pages


def moment(value) -> str:
    """A stored date and time for a sentence: "Dec. 6, 2026, 15:05"; "" when there is none.

    Why not Django's ``DATETIME_FORMAT``: in English it ends in "p.m.", so a
    sentence that ends with it ("Results published …, 3:05 p.m..") doubles the
    period. The date stays the language's own; the glue between date and time
    is translated (a comma in English, a space in Japanese and Chinese).
    """
    if value is None:
        return ""
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    return pgettext("date and time", "%(date)s, %(time)s") % {
        "date": date_format(local, "DATE_FORMAT"),
        "time": date_format(local, TIME_OF_DAY),
    }
