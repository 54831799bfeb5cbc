"""Demo staff and round-1 results for ``load_demo``, entered through the judges' services.

The demo shows the real flow: seven tables submitted by one judge and
confirmed by another, and table 1 still being entered hand by hand, so the
judge's page has a sheet in progress. The logins are for a demo on
localhost only (password ``demo``); ``load_demo`` prints them.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from tournament.events.models import StaffRole
from tournament.events.services import grant_role
from tournament.results import services

DEMO_PASSWORD = "demo"
DEMO_STAFF = {
    "demo-director": StaffRole.Role.DIRECTOR,
    "demo-judge": StaffRole.Role.JUDGE,
    "demo-judge2": StaffRole.Role.JUDGE,
}
# Final points of tables 2-8 (jpml-b: 4 x 30,000 = 120,000), E, S, W, N; one four-way tie.
FINAL_SCORES = [
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
    """Round 1's sheets, where none exist yet; returns how many tables were entered."""
    round_ = event.rounds.filter(number=1).first()
    if round_ is None:
        return 0
    judge, other = users["demo-judge"], users["demo-judge2"]
    entered = 0
    for table in round_.tables.order_by("number"):
        if services.head_of(table) is not None:
            continue
        if table.number == 1:
            sheet = None
            for entry in TABLE_1_HANDS:
                sheet = services.add_hand(
                    table, entry, by=judge, base_version=sheet.version if sheet else 0
                )
        elif table.number - 2 < len(FINAL_SCORES):
            scores = dict(zip("ESWN", FINAL_SCORES[table.number - 2], strict=True))
            sheet = services.save_final_scores(table, scores, by=judge, base_version=0)
            services.submit_sheet(table, by=judge, version=sheet.version)
            services.confirm_sheet(table, by=other, version=sheet.version)
        entered += 1
    return entered
