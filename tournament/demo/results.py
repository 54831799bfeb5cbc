"""Demo staff and round-1 results for ``load_demo``, entered through the judges' services.

The demo shows the real flow: round 1's eight tables submitted by one judge,
confirmed by another and published (so the public standings have data), and
round 2's table 1 still being entered hand by hand, so the judge's page has a
sheet in progress. The logins are for a demo on
localhost only (password ``demo``); ``load_demo`` prints them.
"""

from __future__ import annotations

import csv

from django.contrib.auth import get_user_model

from tournament.events.models import StaffRole
from tournament.events.services import add_player, grant_role
from tournament.hall.clock.services import start_clock
from tournament.hall.models import RoundClock
from tournament.results.sheet import services
from tournament.standings.services import publish_results

DEMO_PASSWORD = "demo"
DEMO_STAFF = {
    "demo-director": StaffRole.Role.DIRECTOR,
    "demo-judge": StaffRole.Role.JUDGE,
    "demo-judge2": StaffRole.Role.JUDGE,
}
# Final points of round 1's tables (jpml-b: 4 x 30,000 = 120,000), E, S, W, N; one four-way tie.
FINAL_SCORES = [
    (36800, 33400, 27300, 22500),
    (45200, 32100, 24700, 18000),
    (38000, 31000, 29000, 22000),
    (52300, 27700, 21000, 19000),
    (33000, 31000, 30000, 26000),
    (41500, 35500, 25000, 18000),
    (30000, 30000, 30000, 30000),
    (60100, 28900, 18000, 13000),
]
TABLE_1_HANDS = [
    {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30,
     "riichi": ["E"]},
    {"outcome": "tsumo", "level": "value", "winner": "S", "han": 3, "fu": 30},
    {"outcome": "draw", "level": "value", "tenpai": ["S", "N"], "riichi": ["N"]},
]  # fmt: skip


def register_demo_players(event, path) -> int:
    """Register the players of the CSV file ``path`` not registered yet; how many were added.

    Both demo events read their players this way, so running the demo again adds nothing.
    """
    registered = set(event.registrations.values_list("name", flat=True))
    added = 0
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            if row["name"] not in registered:
                add_player(event, reason="registration.demo", **row)
                added += 1
    return added


def demo_staff(event) -> dict:
    """The demo's director and two judges, created once."""
    User = get_user_model()
    users = {}
    for username, role in DEMO_STAFF.items():
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(username, password=DEMO_PASSWORD)
        if not event.staff_roles.filter(user=user).exists():
            grant_role(event, user, role)
        users[username] = user
    return users


def demo_results(event, users: dict) -> int:
    """Round 1 confirmed and published, round 2's table 1 in progress; returns tables entered."""
    judge, other = users["demo-judge"], users["demo-judge2"]
    entered = 0
    first = event.rounds.filter(number=1).first()
    if first is not None:
        for table in first.tables.order_by("number"):
            if services.head_of(table) is not None or table.number > len(FINAL_SCORES):
                continue
            scores = dict(zip("ESWN", FINAL_SCORES[table.number - 1], strict=True))
            sheet = services.save_final_scores(table, scores, by=judge, base_version=0)
            services.submit_sheet(table, by=judge, version=sheet.version)
            services.confirm_sheet(table, by=other, version=sheet.version)
            entered += 1
        confirmed = first.tables.filter(sheets__status="confirmed").distinct().count()
        if first.results_published_at is None and confirmed == first.tables.count():
            publish_results(first, by=users["demo-director"])
    second = event.rounds.filter(number=2).first()
    table = second.tables.filter(number=1).first() if second is not None else None
    if table is not None and services.head_of(table) is None:
        sheet = None
        for entry in TABLE_1_HANDS:
            sheet = services.add_hand(
                table, entry, by=judge, base_version=sheet.version if sheet else 0
            )
        entered += 1
    return entered


DEMO_CLOCK_MINUTES = 90  # the demo event has no time limit of its own


def demo_clock(event, users: dict) -> bool:
    """Round 2 (being played) with its clock running, so the clock pages show something.

    Started once, by the demo director, when ``load_demo`` first runs: a
    later run leaves a clock that has run out alone (a director resets it).
    """
    round_ = event.rounds.filter(number=2).first()
    if round_ is None or RoundClock.objects.filter(round=round_, started_at__isnull=False).exists():
        return False
    director = next(u for name, u in users.items() if DEMO_STAFF[name] == StaffRole.Role.DIRECTOR)
    start_clock(round_, by=director, minutes=event.time_limit_minutes or DEMO_CLOCK_MINUTES)
    return True
