"""The acceptance test of the staff API: a whole event run through ``/api/v1/`` alone.

Only the first account (a director who may create events) and the tokens
are made outside the API; everything else is an HTTP call: the event, its
16 players, a second judge's account, seating and publishing two rounds,
table 1 of round 1 entered hand by hand from the tiles, the other tables as
final scores, a false win ruled at table 2, every sheet submitted with one
token and confirmed with the other, the results published. The standings
the API gives then equal, player by player, the public standings page and
``manage.py standings --format json --published``.

Table 1, round 1 (WRC: start 30,000; the session ended early, at time):
  1. E1-0, N self-draws (menzen tsumo, 30 fu 1 han): E (dealer) −500, S, W −300, N +1,100.
  2. E2-0, E self-draws the same shape: S (dealer) −500, W, N −300, E +1,100.
  3. E3-0, S wins on N's discard with 234m 456p 678s 345s 66p, the 6p completing 45p:
     pinfu and tanyao, 30 fu 2 han: 2,000.
  4. E4-0, W self-draws like hand 1: N (dealer) −500, E, S −300, W +1,100.
  Totals: E 30,300, S 30,900, W 30,500, N 28,300.
"""

from __future__ import annotations

import io
import json
import uuid
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management import call_command
from rest_framework.test import APIClient

from tournament.api.tokens import make_token
from tournament.results.models import ScoreSheet

SLUG = "api-whole"
MANAGE = f"/api/v1/manage/events/{SLUG}/"
NAMES = [f"{first} {last}" for first in ("Aki", "Bo", "Cai", "Dora") for last in "KLMN"]
NAMES[5] = "佐藤 花子"  # a name in another script travels through every path


def tsumo(winner: str) -> dict:
    """Menzen tsumo only: 13m 456p 789s 234s 55p, the 2m drawn (kanchan)."""
    return {
        "outcome": "tsumo",
        "level": "tiles",
        "winner": winner,
        "hand": {"concealed": "13m456p789s234s55p", "melds": [], "win_tile": "2m", "flags": []},
    }


PINFU_RON = {
    "outcome": "ron",
    "level": "tiles",
    "winner": "S",
    "discarder": "N",
    "hand": {"concealed": "234m456p678s345s6p", "melds": [], "win_tile": "6p", "flags": []},
}
HANDS = [
    (tsumo("N"), {"E": -500, "S": -300, "W": -300, "N": 1100}),
    (tsumo("E"), {"E": 1100, "S": -500, "W": -300, "N": -300}),
    (PINFU_RON, {"E": 0, "S": 2000, "W": 0, "N": -2000}),
    (tsumo("W"), {"E": -300, "S": -300, "W": 1100, "N": -500}),
]
TOTALS = {"E": 30300, "S": 30900, "W": 30500, "N": 28300}
# Final scores, E S W N, each Σ = 4 × 30,000, no ties.
FINALS = {
    1: {2: (41000, 33000, 26000, 20000), 3: (25000, 38000, 31000, 26000),
        4: (30100, 29900, 35500, 24500)},
    2: {1: (45000, 31000, 27000, 17000), 2: (22000, 28000, 36000, 34000),
        3: (33300, 30700, 29400, 26600), 4: (39000, 24000, 32000, 25000)},
}  # fmt: skip


class Api:
    """One token's client, failing loudly on an unexpected status."""

    def __init__(self, user):
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(user, 'whole event')[1]}")

    def call(self, method, url, body=None, expect=200):
        response = getattr(self.client, method)(url, body, format="json")
        assert response.status_code == expect, (url, response.status_code, response.content)
        return response.json()

    def get(self, url):
        return self.call("get", url)

    def post(self, url, body=None, expect=200):
        return self.call("post", url, body, expect)

    def write(self, url, base_version, **body):
        body = {"base_version": base_version, "entry_key": str(uuid.uuid4()), **body}
        return self.post(url, body, expect=201)


class StandingsPage(HTMLParser):
    """[(rank, player, first metric as shown)] from the public standings page's table body."""

    def __init__(self):
        super().__init__()
        self.rows, self.cell, self.in_body = [], None, False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append({})
        elif tag == "td" and self.in_body:
            self.cell = next(
                (c for c in ("col-rank", "col-player", "col-main") if c in classes), None
            )
            if self.cell in self.rows[-1]:
                self.cell = None  # only the first main metric: the ranking value

    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_body = False
        elif tag == "td":
            self.cell = None

    def handle_data(self, data):
        if self.cell and self.rows:
            row = self.rows[-1]
            row[self.cell] = row.get(self.cell, "") + data


def shown_number(text: str) -> Fraction:
    """A number as the page prints it (+12.3, −4.0, 1,234) read back exactly."""
    clean = text.strip().replace("\u2212", "-").replace("+", "").replace(",", "")
    return Fraction(clean.replace("\u2009", "").replace("\xa0", ""))


def play_table_by_tiles(td, table_url: str) -> dict:
    version = 0
    for number, (entry, deltas) in enumerate(HANDS, start=1):
        sheet = td.write(table_url + "hands/", version, entry=entry)
        version = sheet["version"]
        hand = sheet["hands"][number - 1]
        assert hand["deltas"] == deltas, (number, hand)
    assert sheet["totals"] == TOTALS and sheet["balanced"] and not sheet["complete"]
    return sheet


def enter_finals(td, judge, url: str, round_number: int) -> None:
    for number, scores in FINALS[round_number].items():
        table = f"{url}rounds/{round_number}/tables/{number}/"
        head = td.get(table + "sheet/")["version"] or 0
        body = {"scores": dict(zip("ESWN", scores, strict=True)), "leftover_sticks": 0}
        sheet = td.write(table + "final-scores/", head, **body)
        submit_and_confirm(td, judge, table, sheet["version"])


def submit_and_confirm(td, judge, table: str, version: int, **submit) -> None:
    submitted = td.post(table + "submit/", {"version": version, **submit})
    assert submitted["status"] == "submitted" and submitted["submitted_by"] == "td"
    confirmed = judge.post(table + "confirm/", {"version": version})
    assert confirmed["status"] == "confirmed" and confirmed["confirmed_by"] == "judge-two"


def play_round(td, judge, number: int) -> None:
    seated = td.post(MANAGE + "rounds/", {"number": number}, expect=201)
    assert len(seated["tables"]) == 4
    assert all(len(t["seats"]) == 4 for t in seated["tables"])
    assert td.post(MANAGE + f"rounds/{number}/publish/")["status"] == "published"


@pytest.mark.django_db
def test_a_whole_event_through_the_api(client):
    User = get_user_model()
    director = User.objects.create_user("td", password="pw")
    director.user_permissions.add(Permission.objects.get(codename="add_event"))
    td = Api(director)
    event = {"slug": SLUG, "name": "API Whole Cup", "ruleset": "wrc", "rounds_planned": 2}
    assert td.post("/api/v1/manage/events/", event, expect=201)["slug"] == SLUG
    made = td.post(MANAGE + "players/", {"players": [{"name": n} for n in NAMES]}, expect=201)
    assert [r["name"] for r in made["registrations"]] == NAMES
    staff = {"username": "judge-two", "role": "judge", "create": True}
    assert td.post(MANAGE + "staff/", staff, expect=201)["one_time_link"]
    judge = Api(User.objects.get(username="judge-two"))
    assert td.post(MANAGE + "start/")["status"] == "running"

    play_round(td, judge, 1)
    table_1 = MANAGE + "rounds/1/tables/1/"
    sheet = play_table_by_tiles(td, table_1)
    refused = td.client.post(table_1 + "submit/", {"version": sheet["version"]}, format="json")
    assert refused.status_code == 400  # not complete: the "ended early" box, as on the page
    submit_and_confirm(td, judge, table_1, sheet["version"], ended_early=True)
    ruling = {
        "kind": "false_win",
        "player": "S",
        "decision": "Declared tsumo on a tile that does not complete the hand",
    }
    ruled = td.write(MANAGE + "rounds/1/tables/2/rulings/", 0, **ruling)
    assert [r["kind"] for r in ruled["rulings"]] == ["false_win"]
    enter_finals(td, judge, MANAGE, 1)
    td.post(MANAGE + "rounds/1/results/publish/")
    play_round(td, judge, 2)
    enter_finals(td, judge, MANAGE, 2)
    td.post(MANAGE + "rounds/2/results/publish/")

    round_1 = judge.get(MANAGE + "rounds/1/")
    assert {t["sheet_status"] for t in round_1["tables"]} == {"confirmed"}
    tiles_sheet = ScoreSheet.objects.filter(table__round__number=1, table__number=1)
    assert {s.created_by.username for s in tiles_sheet} == {"td"}  # the history's who
    assert_standings_agree(client)


def assert_standings_agree(client) -> None:
    """The API's standings == the public page's rows == ``manage.py standings --published``."""
    api = APIClient().get(f"/api/v1/events/{SLUG}/standings/").json()
    assert api["rounds"] == [1, 2]
    from_api = [(r["rank"], r["name"], Fraction(str(r["points"]))) for r in api["rows"]]
    assert len(from_api) == 16

    out = io.StringIO()
    call_command("standings", SLUG, "--format", "json", "--published", stdout=out)
    command = [
        (r["rank"], r["player"], Fraction(str(r["points"]))) for r in json.loads(out.getvalue())
    ]
    assert command == from_api

    page = StandingsPage()
    page.feed(client.get(f"/e/{SLUG}/standings/").content.decode())
    shown = [
        (
            int(r["col-rank"].strip().rstrip("=")),
            r["col-player"].strip(),
            shown_number(r["col-main"]),
        )
        for r in page.rows
    ]
    assert shown == from_api
    assert sorted(name for _, name, _ in shown) == sorted(NAMES)
