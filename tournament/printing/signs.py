"""Table signs and seat cards: what a director puts on the tables and hands to the players.

- :func:`table_signs`: one A4 landscape page per table of a round, to stand on
  the table: the table number large enough to be found from across the hall,
  the round, the event, and the four seats with their winds and players.
- :func:`seat_cards`: one card per player, eight to an A4 page with dashed
  cut lines: the player's table and wind in every planned round, so the
  player does not queue at the seating board between rounds.

The event has no setting for its languages, so both print in the language of
whoever asked (a print job passes its requester's), as every other document
does. The wind is shown as its character (東南西北, as on the tiles, which every
player reads) and as the word of that language ("East", 東家, 东家).

Both follow :mod:`tournament.printing.documents` (``progress``, ``language``)
and use the helpers all documents share (:mod:`tournament.printing.progress`).
"""

from __future__ import annotations

import math
import unicodedata
from collections import defaultdict

from django.utils import timezone, translation
from django.utils.translation import get_language

from scoring.core.seats import SEATS
from tournament.events.models import Registration
from tournament.printing.lists import _sort_name
from tournament.printing.progress import Progress, render_steps
from tournament.results.page.display import WIND_CHARS
from tournament.seating.models import Seat, Wind

TABLE_SIGNS_TEMPLATE = "printing/table_signs.html"
SEAT_CARDS_TEMPLATE = "printing/seat_cards.html"

# Card grid: eight cards (2 x 4) on a page while a card's rounds fit in two
# columns of eight lines; more rounds than that get taller cards, four a page.
ROUND_LINES_PER_COLUMN = 8
SMALL_CARDS_PER_PAGE = 8
LARGE_CARDS_PER_PAGE = 4


def _wind(code: str) -> dict:
    """A seat's wind as the tile character and the word of the active language."""
    return {"code": code, "char": WIND_CHARS[code], "word": str(Wind(code).label)}


def latin_name(registration) -> str:
    """The person's name in Latin letters, when it is given and differs from the event's name.

    A 山田太郎 reads "Taro Yamada" under the kanji, so players who do not read
    Japanese can find him; a "Zoë Müller" is not printed twice.
    """
    player = registration.player
    latin = f"{player.latin_first_name} {player.latin_last_name}".strip()
    return latin if latin and latin != registration.name else ""


# --- Table signs ----------------------------------------------------------------------------

# A name wider than this (in half-width characters: 山 counts two) prints smaller
# on a sign, so that it keeps to its quarter of the page on one or two lines.
SIGN_NAME_WIDTH = 16


def _long(name: str) -> bool:
    width = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in name)
    return width > SIGN_NAME_WIDTH


def sign_data(round_) -> list[dict]:
    """One sign per table in table order: number, label and the four seats E, S, W, N.

    A seat nobody holds (a table short of a player) is kept, with an empty
    name, so every sign shows the same four winds in the same places.
    """
    at_table = defaultdict(dict)
    seats = Seat.objects.filter(round=round_).select_related("registration__player")
    for seat in seats.order_by():
        at_table[seat.table_id][seat.wind] = seat.registration
    signs = []
    for table in round_.tables.order_by("number"):
        players = at_table.get(table.pk, {})
        signs.append(
            {
                "number": table.number,
                "label": table.label,
                "seats": [
                    {
                        **_wind(code),
                        "name": players[code].name if code in players else "",
                        "long": code in players and _long(players[code].name),
                        "latin": latin_name(players[code]) if code in players else "",
                    }
                    for code in SEATS
                ],
            }
        )
    return signs


def table_signs(round_, *, progress=None, language=None) -> bytes:
    """A sign per table of ``round_``: its number, the round, and who sits at which wind."""
    with translation.override(language or get_language()):
        signs = sign_data(round_)
        steps = Progress(progress, 1, max(len(signs), 1))
        steps.item(1)
        context = {"event": round_.event, "round": round_, "signs": signs}
        return render_steps(TABLE_SIGNS_TEMPLATE, context, steps, language)


# --- Seat cards -----------------------------------------------------------------------------


def _gets_a_card(registration, seated: set[int]) -> bool:
    """Who a director hands a card to: everyone who plays or stands by to play.

    Active players always (a player not yet seated anywhere gets a card of
    dashes, which shows the director the gap); reserves and house substitutes
    when they hold a seat in some round; withdrawn players never, as they
    have left the hall, even if an older plan still seats them.
    """
    if registration.status == Registration.Status.DROPPED:
        return False
    return registration.status == Registration.Status.ACTIVE or registration.pk in seated


def planned_round_numbers(event, seated_rounds: set[int]) -> list[int]:
    """Every round a card lists: those seated (published or not) and the ``rounds_planned``."""
    return sorted(set(range(1, (event.rounds_planned or 0) + 1)) | seated_rounds)


def card_data(event) -> dict:
    """The cards by name and the round numbers they list, in a few queries.

    Every round with seats counts, published or not: a director prints the
    cards after "Plan all rounds", before the later rounds are announced. A
    planned round not seated yet is listed with a dash.
    """
    seats = Seat.objects.filter(round__event=event).select_related("round", "table")
    where = defaultdict(dict)  # registration -> round number -> seat
    for seat in seats.order_by():
        where[seat.registration_id][seat.round.number] = seat
    numbers = planned_round_numbers(event, {n for rounds in where.values() for n in rounds})
    seated = set(where)
    registrations = [
        r
        for r in event.registrations.select_related("player").order_by()
        if _gets_a_card(r, seated)
    ]
    registrations.sort(key=lambda r: (_sort_name(r.name), r.pk))
    cards = []
    for r in registrations:
        lines = [_card_line(n, where[r.pk].get(n)) for n in numbers]
        cards.append(
            {
                "name": r.name,
                "latin": latin_name(r),
                "lines": lines,
                "unseated": any(line["table"] is None for line in lines),
            }
        )
    return {"cards": cards, "rounds": numbers}


def _card_line(number: int, seat) -> dict:
    if seat is None:
        return {"round": number, "table": None}
    return {
        "round": number,
        "table": seat.table.number,
        "table_label": seat.table.label,
        **_wind(seat.wind),
    }


def card_layout(rounds: int) -> dict:
    """Cards a page and round columns a card, so that every round fits on the card."""
    columns = 1 if rounds <= ROUND_LINES_PER_COLUMN else 2
    large = rounds > 2 * ROUND_LINES_PER_COLUMN
    return {
        "per_page": LARGE_CARDS_PER_PAGE if large else SMALL_CARDS_PER_PAGE,
        "columns": columns,
        "size": "large" if large else "small",
    }


def _pages(cards: list[dict], layout: dict) -> list[list[dict]]:
    """Cards in pages, each card's round lines split into the layout's columns."""
    for card in cards:
        lines = card["lines"]
        per_column = max(1, math.ceil(len(lines) / layout["columns"]))
        card["columns"] = [lines[i : i + per_column] for i in range(0, len(lines), per_column)]
    n = layout["per_page"]
    return [cards[i : i + n] for i in range(0, len(cards), n)]


def seat_cards(event, *, progress=None, language=None) -> bytes:
    """A card per player (see :func:`_gets_a_card`): table and wind in every planned round."""
    with translation.override(language or get_language()):
        data = card_data(event)
        layout = card_layout(len(data["rounds"]))
        pages = _pages(data["cards"], layout)
        steps = Progress(progress, 1, max(len(pages), 1))
        steps.item(1)
        context = {
            "event": event,
            "pages": pages,
            "layout": layout,
            "as_of": timezone.localtime(),
        }
        return render_steps(SEAT_CARDS_TEMPLATE, context, steps, language)
