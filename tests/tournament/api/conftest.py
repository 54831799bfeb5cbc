"""Shared fixtures for the API tests (helper C owns this file; others append fixtures).

``api_event`` is a small published riichi event built through the same
services as the pages: 8 players, round 1 seated and published, table 1
entered hand by hand (with a ruling), table 2 by final scores, both submitted
by one judge and confirmed by another, the results published. Its personas:
the director, a judge, a second judge (the confirmer), a viewer of this event
and a judge of another event.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tournament.api.tokens import make_token
from tournament.events.models import Event, StaffRole
from tournament.events.services import add_player, create_event, grant_role, start_event
from tournament.results.models import Ruling
from tournament.results.sheet import services as results
from tournament.results.sheet.confirmation import confirm_sheet, submit_sheet
from tournament.rounds.services import publish_round, seat_round
from tournament.seating.models import Round
from tournament.standings.services import publish_results

NAMES = [
    "Akagi Shigeru",
    "Bai Lan",
    "Carla Diaz",
    "Dmitri Orlov",
    "Emi Sato",
    "Fu Qiang",
    "Greta Lind",
    "Hugo Weber",
]
# Riichi hands as the judges' form sends them (value level: han and fu).
RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}
TSUMO = {"outcome": "tsumo", "level": "value", "winner": "E", "han": 3, "fu": 30}
FINAL = {"E": 48200, "S": 41100, "W": 18500, "N": 12200}  # Σ = 4 × 30000 (WRC)


@dataclass
class ApiEvent:
    """The event, its round, tables and registrations, and the people around it."""

    event: Event
    round: Round
    tables: list
    registrations: list
    users: dict = field(default_factory=dict)
    other_event: Event | None = None
    ruling: object = None

    def __getattr__(self, name):  # api_event.director, .judge, ...
        users = self.__dict__.get("users", {})
        if name in users:
            return users[name]
        raise AttributeError(name)


@pytest.fixture
def api_client():
    """A DRF test client (no session; pass a token with ``credentials``)."""
    return APIClient()


@pytest.fixture
def token_for(db):
    """``token_for(user) -> key``: a fresh live API token of ``user``."""

    def make(user, name="tests"):
        return make_token(user, name)[1]

    return make


@pytest.fixture
def bearer(api_client, token_for):
    """``bearer(user)`` -> the API client sending that user's token (None: anonymous)."""

    def use(user):
        if user is None:
            api_client.credentials()
        else:
            api_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_for(user)}")
        return api_client

    return use


def _people(event, other_event) -> dict:
    User = get_user_model()
    users = {
        "director": User.objects.create_user("api-director", password="pw"),
        "judge": User.objects.create_user("api-judge", password="pw"),
        "judge2": User.objects.create_user("api-judge2", password="pw"),
        "viewer": User.objects.create_user("api-viewer", password="pw"),
        "outsider": User.objects.create_user("api-outsider", password="pw"),
    }
    for name, role in [
        ("director", StaffRole.Role.DIRECTOR),
        ("judge", StaffRole.Role.JUDGE),
        ("judge2", StaffRole.Role.JUDGE),
        ("viewer", StaffRole.Role.VIEWER),
    ]:
        if not StaffRole.objects.filter(event=event, user=users[name]).exists():
            grant_role(event, users[name], role)
    grant_role(other_event, users["outsider"], StaffRole.Role.JUDGE)
    return users


def build_api_event(slug="api-open", ruleset="wrc") -> ApiEvent:
    """The published event of the module doc, built through the real services."""
    User = get_user_model()
    founder = User.objects.create_user(f"{slug}-founder", password="pw")
    event = create_event(
        slug=slug, name="API Open", ruleset=ruleset, is_public=True, entry_level="value", by=founder
    )
    other = create_event(slug=f"{slug}-other", name="Other Cup", ruleset=ruleset, by=founder)
    users = _people(event, other)
    grant_role(event, users["director"], StaffRole.Role.DIRECTOR)
    director, judge, judge2 = users["director"], users["judge"], users["judge2"]
    registrations = [add_player(event, name=name, by=director) for name in NAMES]
    start_event(event, by=director)
    round_ = seat_round(event, 1, by=director, seed=1)
    round_ = publish_round(round_, by=director)
    tables = list(round_.tables.order_by("number"))
    # Table 1: hand by hand, with a ruling on the way.
    sheet = results.add_hand(tables[0], RON, by=judge, base_version=0)
    sheet = results.add_hand(tables[0], TSUMO, by=judge, base_version=sheet.version)
    results.record_ruling(
        tables[0],
        by=judge,
        base_version=sheet.version,
        kind="conduct",
        player="N",
        decision="warned",
        penalties=[],
        hand_entry=None,
    )
    head = results.head_of(tables[0])
    ruling = Ruling.objects.get(sheet=head)  # its ``key`` names it in every later version
    submit_sheet(tables[0], by=judge, version=head.version)
    confirm_sheet(tables[0], by=judge2, version=head.version)
    # Table 2: final scores only.
    sheet = results.save_final_scores(tables[1], FINAL, by=judge, base_version=0)
    submit_sheet(tables[1], by=judge, version=sheet.version)
    confirm_sheet(tables[1], by=judge2, version=sheet.version)
    round_ = publish_results(round_, by=director)
    return ApiEvent(
        event=Event.objects.get(pk=event.pk),
        round=round_,
        tables=tables,
        registrations=registrations,
        users=users,
        other_event=other,
        ruling=ruling,
    )


@pytest.fixture
def api_event(db):
    """The small published riichi event (see module doc)."""
    return build_api_event()


@pytest.fixture
def api_event_tx(transactional_db):
    """The same event for a live server test (data committed, visible to its thread)."""
    return build_api_event()
