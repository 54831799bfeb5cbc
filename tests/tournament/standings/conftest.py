"""A small event with seated, published rounds and staff, for the standings tests.

``tournament(ruleset, tables=2, rounds=2)`` seats players in a fixed pattern
(no planner) and ``play(round, table, scores)`` saves, submits and confirms a
sheet through the judges' services: the director enters, a judge confirms.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from tests.tournament.staff_users import staff_users
from tournament.events.models import Event, Registration, StaffRole
from tournament.events.services import start_event
from tournament.results.sheet import services
from tournament.results.sheet.state import head_of
from tournament.seating.models import Round, Seat, Table

WINDS = "ESWN"


@dataclass
class Tournament:
    event: Event
    users: dict
    registrations: list[Registration]
    tables: dict = field(default_factory=dict)  # (round, table) -> Table

    def seats(self, round_no: int, table_no: int) -> dict[str, Registration]:
        table = self.tables[(round_no, table_no)]
        return {s.wind: s.registration for s in table.seats.select_related("registration")}

    def play(self, round_no: int, table_no: int, scores, *, reason: str = ""):
        """Enter (director), submit and confirm (judge) the table's final scores."""
        table = self.tables[(round_no, table_no)]
        head = head_of(table)
        base = head.version if head else 0
        director, judge = self.users["director"], self.users["judge"]
        sheet = services.save_final_scores(
            table,
            dict(zip(WINDS, scores, strict=True)),
            by=director,
            base_version=base,
            reason=reason,
        )
        sheet = services.submit_sheet(table, by=director, version=sheet.version)
        return services.confirm_sheet(table, by=judge, version=sheet.version)

    def play_round(self, round_no: int, scores_by_table):
        for number, scores in enumerate(scores_by_table, start=1):
            self.play(round_no, number, scores)


@pytest.fixture
def tournament(make_event, make_player):
    User = get_user_model()

    def build(ruleset="jpml-b", tables=2, rounds=2, **fields):
        event = make_event(ruleset=ruleset, **fields)
        start_event(event)
        Role = StaffRole.Role
        users = staff_users(event, director=Role.DIRECTOR, judge=Role.JUDGE, viewer=Role.VIEWER)
        users["outsider"] = User.objects.create_user(f"outsider-{event.slug}", password="pw")
        registrations = [
            Registration.objects.create(
                event=event,
                player=make_player(ema_id=f"0400{i:04d}"),
                name=f"Player {i:02d}",
                country="DE",
                club="Club",
            )
            for i in range(1, 4 * tables + 1)
        ]
        built = Tournament(event, users, registrations)
        for r in range(1, rounds + 1):
            round_ = Round.objects.create(event=event, number=r, status=Round.Status.SEATED)
            # Round r shifts each seat's player by r tables: a fixed, simple rotation.
            for t in range(1, tables + 1):
                table = Table.objects.create(round=round_, number=t)
                built.tables[(r, t)] = table
                for i, wind in enumerate(WINDS):
                    index = i * tables + (t - 1 + i * (r - 1)) % tables
                    Seat.objects.create(
                        round=round_, table=table, wind=wind, registration=registrations[index]
                    )
            round_.status = Round.Status.PUBLISHED
            round_.published_at = timezone.now()
            round_.save()
        return built

    return build
