"""A small event played through the judges' services, for the public results pages.

Shared by the page tests (``conftest.py``) and the browser test.

Eight players at two tables, riichi (WRC: start and return 30,000, uma
+15/+5/−5/−15); each round's sheets are final-scores entries submitted by a
judge and confirmed by the director, as at a real venue; a penalty is a
"conduct" ruling of −10,000 points off the overall total (−10 in the
standings). Publishing a round's results is left to each test.
"""

from __future__ import annotations

from tournament.events.models import Registration
from tournament.events.services import start_event
from tournament.results.sheet import services
from tournament.seating.models import Round, Seat, Table

# Two tables of four; a round's seating is a list of tables, each E, S, W, N by player index.
NAMES = [
    "Akagi Shigeru",
    "Bai Lan",
    "Carla Diaz",
    "Dmitri Orlov",
    "佐藤 花子",
    "Finn Murphy",
    "王芳",
    "Hanna Berg",
]
CLUBS = ["Tokyo Riichi", "", "Riichi Madrid", "", "東京麻雀倶楽部", "Dublin Riichi", "北京麻将", ""]
COUNTRIES = ["JP", "CN", "ES", "", "JP", "IE", "CN", "SE"]
SEATINGS = {
    1: [[0, 1, 2, 3], [4, 5, 6, 7]],
    2: [[0, 4, 1, 5], [2, 6, 3, 7]],
    3: [[0, 6, 5, 3], [2, 4, 7, 1]],
}

# The standings pages' rounds (``test_standings_pages.py`` works round 1 out): table 2 ends
# four times 30,000, a four-way tie, and Bai (table 1, S) has a conduct penalty in round 1.
ROUND_1 = [
    {"E": 45200, "S": 31000, "W": 24800, "N": 19000},
    {"E": 30000, "S": 30000, "W": 30000, "N": 30000},
]
BAI_PENALTY = {1: {"S": ("conduct", "Slow play after two warnings")}}
ROUND_2 = [
    {"E": 20000, "S": 40000, "W": 35000, "N": 25000},
    {"E": 30000, "S": 30000, "W": 30000, "N": 30000},
]
# The projector's and the browser's rounds: no tie at table 2, every place is one player's.
UNTIED_ROUND_1 = [
    {"E": 45200, "S": 31000, "W": 24800, "N": 19000},
    {"E": 36000, "S": 32000, "W": 28000, "N": 24000},
]
UNTIED_ROUND_2 = [
    {"E": 20000, "S": 40000, "W": 35000, "N": 25000},
    {"E": 52000, "S": 30000, "W": 21000, "N": 17000},
]


class Played:
    """The event, its registrations by index, its users, and helpers to play rounds."""

    def __init__(self, event, registrations, users):
        self.event = event
        self.registrations = registrations
        self.users = users

    def seat(self, number: int) -> Round:
        round_ = Round.objects.create(event=self.event, number=number, status=Round.Status.SEATED)
        for t, four in enumerate(SEATINGS[number], start=1):
            table = Table.objects.create(round=round_, number=t)
            for wind, index in zip("ESWN", four, strict=True):
                Seat.objects.create(
                    round=round_, table=table, wind=wind, registration=self.registrations[index]
                )
        round_.status = Round.Status.PUBLISHED
        round_.save()
        return round_

    def play(self, round_: Round, scores: list[dict], penalties: dict | None = None) -> None:
        """Enter, submit and confirm each table's final scores (``scores[t]``: seat -> points)."""
        judge, director = self.users["judge"], self.users["director"]
        for table, final in zip(round_.tables.order_by("number"), scores, strict=True):
            version = 0
            for seat, (kind, decision) in (penalties or {}).get(table.number, {}).items():
                sheet = services.record_ruling(
                    table,
                    by=judge,
                    base_version=version,
                    kind=kind,
                    player=seat,
                    decision=decision,
                    penalties=[{"player": seat, "points": -10000, "scope": "overall_score"}],
                )
                version = sheet.version
            sheet = services.save_final_scores(table, final, by=judge, base_version=version)
            services.submit_sheet(table, by=judge, version=sheet.version)
            services.confirm_sheet(table, by=director, version=sheet.version)


def make_played(make_event, make_player, users) -> Played:
    """The event "spring", started, with its eight players registered; ``users(event)`` -> staff."""
    event = make_event(ruleset="wrc", entry_level="final", name="Spring Open", slug="spring")
    start_event(event)
    event.refresh_from_db()  # started: a caller that saves this event keeps it started
    registrations = []
    for name, club, country in zip(NAMES, CLUBS, COUNTRIES, strict=True):
        registrations.append(
            Registration.objects.create(
                event=event, player=make_player(), name=name, club=club, country=country
            )
        )
    return Played(event, registrations, users(event))
