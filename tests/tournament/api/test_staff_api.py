"""The staff API (``/api/v1/manage/``): each endpoint's happy path and its refusals.

Every write goes through the pages' services, so the checks here are the
API's own promises: the error body names the field, in the reader's
language; a stale ``base_version`` is 409 and the entry is kept; the same
``entry_key`` again is 200 ``replayed`` and saves nothing; the four-eyes
rule and the director's correction hold; a revoked token is 401.
"""

from __future__ import annotations

import uuid
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournament.results.conftest import make_table, staff  # noqa: F401  (fixtures)
from tournament.api.tokens import make_token, revoke_token
from tournament.events.models import Event, Registration, StaffRole
from tournament.events.services import add_player, create_event, grant_role, start_event
from tournament.printing.models import PrintJob
from tournament.results.models import ScoreSheet
from tournament.rounds.services import publish_round, seat_round

MANAGE = "/api/v1/manage/"
RON = {"outcome": "ron", "level": "value", "winner": "S", "discarder": "W", "han": 2, "fu": 30}
# N wins by self-draw, menzen tsumo only (30 fu 1 han): E (dealer) pays 500, S and W 300.
TSUMO_TILES = {
    "outcome": "tsumo",
    "level": "tiles",
    "winner": "N",
    "hand": {"concealed": "13m456p789s234s55p", "melds": [], "win_tile": "2m", "flags": []},
}
FINAL = {"E": 48200, "S": 41100, "W": 18500, "N": 12200}  # Σ = 4 × 30,000


def client_for(user, lang=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(user, 'test')[1]}")
    if lang:
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = lang
    return client


@pytest.fixture
def ev(db):
    """A started WRC event, 8 players, round 1 seated and published; its staff and clients."""
    User = get_user_model()
    users = {n: User.objects.create_user(f"sa-{n}", password="pw") for n in PEOPLE}
    event = create_event(
        slug="staff-api", name="Staff API Cup", ruleset="wrc", is_public=True, by=users["director"]
    )
    for name, role in PEOPLE.items():
        if role and name != "director":
            grant_role(event, users[name], role)
    for i in range(8):
        add_player(event, name=f"Player {i + 1}", by=users["director"])
    start_event(event, by=users["director"])
    publish_round(seat_round(event, 1, by=users["director"], seed=1), by=users["director"])
    api = {n: client_for(u) for n, u in users.items()}
    base = f"{MANAGE}events/{event.slug}/"
    return SimpleNamespace(
        event=event, users=users, api=api, base=base, table=base + "rounds/1/tables/1/"
    )


PEOPLE = {
    "director": StaffRole.Role.DIRECTOR,
    "judge": StaffRole.Role.JUDGE,
    "judge2": StaffRole.Role.JUDGE,
    "viewer": StaffRole.Role.VIEWER,
    "outsider": None,
}


def write(client, url, base_version=0, key=None, method="post", **body):
    body = {"base_version": base_version, "entry_key": str(key or uuid.uuid4()), **body}
    return getattr(client, method)(url, body, format="json")


def codes(response) -> list[tuple[str, str | None]]:
    return [(e["code"], e["field"]) for e in response.json()["errors"]]


# --- events --------------------------------------------------------------------------------


def test_create_an_event_and_its_creator_directs_it(db):
    User = get_user_model()
    boss = User.objects.create_superuser("boss", password="pw")
    body = {"slug": "new-cup", "name": "New Cup", "ruleset": "wrc", "rounds_planned": 4}
    response = client_for(boss).post(f"{MANAGE}events/", body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert (data["slug"], data["ruleset"], data["status"], data["rounds_planned"]) == (
        "new-cup",
        "wrc",
        "draft",
        4,
    )
    assert data["roles"] == [{"username": "boss", "role": "director"}]
    started = client_for(boss).post(f"{MANAGE}events/new-cup/start/")
    assert started.status_code == 200 and started.json()["status"] == "running"
    again = client_for(boss).post(f"{MANAGE}events/new-cup/start/")
    assert again.status_code == 400


def test_creating_events_needs_the_right_and_good_input(ev):
    body = {"slug": "x-cup", "name": "X", "ruleset": "wrc"}
    assert ev.api["director"].post(f"{MANAGE}events/", body, format="json").status_code == 403
    boss = get_user_model().objects.create_superuser("boss2", password="pw")
    bad = client_for(boss).post(f"{MANAGE}events/", {**body, "ruleset": "nope"}, format="json")
    assert bad.status_code == 400 and codes(bad)[0][1] == "ruleset"
    taken = client_for(boss).post(f"{MANAGE}events/", {**body, "slug": "staff-api"}, format="json")
    assert taken.status_code == 400 and "staff-api" in taken.json()["errors"][0]["message"]
    assert not Event.objects.filter(slug="x-cup").exists()


def test_event_as_staff_see_it(ev):
    data = ev.api["viewer"].get(ev.base).json()
    assert data["rounds"][0]["number"] == 1 and data["rounds"][0]["status"] == "published"
    assert {"username": "sa-judge", "role": "judge"} in data["roles"]
    assert ev.api["outsider"].get(ev.base).status_code == 403
    assert client_for(None).get(ev.base).status_code == 401
    assert ev.api["viewer"].get(f"{MANAGE}events/none/").status_code == 404


def test_a_revoked_token_is_refused(ev):
    token, key = make_token(ev.users["viewer"], "script")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    assert client.get(ev.base).status_code == 200
    revoke_token(token, by=ev.users["viewer"])
    response = client.get(ev.base)
    assert response.status_code == 401
    assert response.json()["errors"][0]["code"] == "authentication_failed"


# --- players and staff -----------------------------------------------------------------------


def test_register_one_player_or_several_at_once(ev):
    url = ev.base + "players/"
    one = ev.api["director"].post(
        url,
        {"name": "佐藤 花子", "latin_first_name": "Hanako", "latin_last_name": "Sato",
         "country": "jp", "ema_id": "04290042"},
        format="json",
    )  # fmt: skip
    assert one.status_code == 201, one.json()
    made = one.json()["registrations"][0]
    assert (made["name"], made["country"], made["latin_last_name"]) == ("佐藤 花子", "JP", "Sato")
    several = {"players": [{"name": "Ann"}, {"name": "Bob", "club": "Tiles"}]}
    assert ev.api["director"].post(url, several, format="json").status_code == 201
    listed = ev.api["viewer"].get(url).json()["registrations"]
    assert len(listed) == 11 and all("id" in r for r in listed)


def test_a_bad_player_in_a_list_saves_none_and_is_named(ev):
    before = Registration.objects.count()
    body = {"players": [{"name": "Cleo"}, {"name": "Dan", "country": "XX"}]}
    response = ev.api["director"].post(ev.base + "players/", body, format="json")
    assert response.status_code == 400
    assert codes(response)[0][1] == "players[1]"
    assert "XX" in response.json()["errors"][0]["message"]
    assert Registration.objects.count() == before
    missing = ev.api["director"].post(ev.base + "players/", {"club": "x"}, format="json")
    assert codes(missing) == [("required", "name")]
    empty = ev.api["director"].post(ev.base + "players/", {"players": []}, format="json")
    assert codes(empty) == [("empty", "players")]
    assert ev.api["judge"].post(ev.base + "players/", {"name": "Eve"}).status_code == 403


def test_staff_roles_and_new_accounts(ev):
    url = ev.base + "staff/"
    get_user_model().objects.create_user("helper", password="pw")
    given = ev.api["director"].post(url, {"username": "helper", "role": "judge"}, format="json")
    assert given.status_code == 201 and given.json()["one_time_link"] is None
    made = ev.api["director"].post(
        url, {"username": "scorer", "role": "judge", "create": True}, format="json"
    )
    assert made.status_code == 201 and made.json()["one_time_link"].startswith("http")
    unknown = ev.api["director"].post(url, {"username": "ghost", "role": "judge"}, format="json")
    assert unknown.status_code == 400 and "ghost" in unknown.json()["errors"][0]["message"]
    roles = ev.api["viewer"].get(url).json()["roles"]
    assert {"username": "scorer", "role": "judge"} in roles
    assert ev.api["judge"].post(url, {"username": "x", "role": "judge"}).status_code == 403


# --- rounds ------------------------------------------------------------------------------------


def test_seat_publish_and_read_a_round(ev):
    round_1 = ev.api["viewer"].get(ev.base + "rounds/1/").json()
    assert len(round_1["tables"]) == 2
    assert [s["wind"] for s in round_1["tables"][0]["seats"]] == ["E", "S", "W", "N"]
    assert round_1["tables"][0]["sheet_version"] is None
    early = ev.api["director"].post(ev.base + "rounds/", {"number": 3}, format="json")
    assert early.status_code == 400
    seated = ev.api["director"].post(ev.base + "rounds/", {"number": 2}, format="json")
    assert seated.status_code == 201 and seated.json()["status"] == "seated"
    published = ev.api["director"].post(ev.base + "rounds/2/publish/")
    assert published.status_code == 200 and published.json()["status"] == "published"
    assert ev.api["director"].post(ev.base + "rounds/2/publish/").status_code == 400
    assert ev.api["viewer"].get(ev.base + "rounds/9/").status_code == 404
    assert ev.api["judge"].post(ev.base + "rounds/", {"number": 3}).status_code == 403


# --- the sheet ---------------------------------------------------------------------------------


def test_add_a_hand_made_by_the_tokens_user(ev):
    response = write(ev.api["judge"], ev.table + "hands/", entry=TSUMO_TILES)
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["version"] == 1 and data["replayed"] is False
    hand = data["hands"][0]
    assert hand["deltas"] == {"E": -500, "S": -300, "W": -300, "N": 1100}
    assert hand["entry"]["hand"]["win_tile"] == "2m"
    assert data["created_by"] == "sa-judge" and hand["entered_by"] == "sa-judge"
    sheet = ScoreSheet.objects.get(table__round__event=ev.event, version=1, table__number=1)
    assert sheet.created_by == ev.users["judge"]  # the history, as on the pages
    read = ev.api["viewer"].get(ev.table + "sheet/").json()
    assert read["version"] == 1 and read["totals"] == hand["totals"]


def test_a_wrong_tile_count_names_the_hand_in_the_readers_language(ev):
    entry = {**TSUMO_TILES, "hand": {**TSUMO_TILES["hand"], "concealed": "13m456p789s234s5p"}}
    response = write(ev.api["judge"], ev.table + "hands/", entry=entry)
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["code"] == "wrong_tile_count" and error["field"].startswith("hands[0].hand")
    assert error["message"].startswith("Hand 1")
    japanese = client_for(ev.users["judge"], lang="ja")
    error = write(japanese, ev.table + "hands/", entry=entry).json()["errors"][0]
    assert error["code"] == "wrong_tile_count"
    assert any("\u3040" <= c <= "\u9fff" for c in error["message"]), error["message"]
    assert not ScoreSheet.objects.exists()


def test_bad_bodies_name_their_field(ev):
    response = ev.api["judge"].post(ev.table + "hands/", {"entry": RON}, format="json")
    assert response.status_code == 400
    assert {f for _, f in codes(response)} == {"base_version", "entry_key"}
    other = write(ev.api["judge"], ev.table + "hands/", entry={**RON, "discarder": "S"})
    assert codes(other) == [("winner_is_discarder", codes(other)[0][1])]
    assert ev.api["viewer"].post(ev.table + "hands/", {}).status_code == 403
    assert ev.api["judge"].get(ev.base + "rounds/1/tables/9/sheet/").status_code == 404


def test_a_stale_version_is_409_and_the_entry_is_kept(ev):
    write(ev.api["judge"], ev.table + "hands/", entry=RON)
    write(ev.api["judge2"], ev.table + "hands/", base_version=1, entry=RON)
    late = write(ev.api["judge"], ev.table + "hands/", base_version=1, entry=TSUMO_TILES)
    assert late.status_code == 409
    body = late.json()
    assert codes(late) == [("stale_version", "base_version")]
    assert body["version"] == 2 and body["kept_as"] == 3
    kept = ScoreSheet.objects.get(version=3, table__number=1, table__round__number=1)
    assert kept.status == "conflict" and kept.created_by == ev.users["judge"]


def test_the_same_entry_key_again_saves_once(ev):
    key = uuid.uuid4()
    first = write(ev.api["judge"], ev.table + "hands/", key=key, entry=RON)
    again = write(ev.api["judge"], ev.table + "hands/", key=key, entry=RON)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] is True and again.json()["version"] == 1
    assert ScoreSheet.objects.filter(table__number=1, table__round__number=1).count() == 1
    elsewhere = write(ev.api["judge"], ev.base + "rounds/1/tables/2/hands/", key=key, entry=RON)
    assert codes(elsewhere) == [("key_used", "entry_key")]


def test_correct_and_remove_hands(ev):
    write(ev.api["judge"], ev.table + "hands/", entry=RON)
    write(ev.api["judge"], ev.table + "hands/", base_version=1, entry=RON)
    fixed = write(
        ev.api["judge"], ev.table + "hands/2/", base_version=2, method="put", entry=TSUMO_TILES
    )
    assert fixed.status_code == 201 and fixed.json()["hands"][1]["outcome"] == "tsumo"
    removed = write(ev.api["judge"], ev.table + "hands/1/remove/", base_version=3, reason="typo")
    assert removed.status_code == 201 and len(removed.json()["hands"]) == 1
    missing = write(ev.api["judge"], ev.table + "hands/5/remove/", base_version=4)
    assert missing.status_code == 400


def test_final_scores_submit_and_the_four_eyes_rule(ev):
    saved = write(ev.api["judge"], ev.table + "final-scores/", scores=FINAL)
    assert saved.status_code == 201 and saved.json()["kind"] == "final"
    submitted = ev.api["judge"].post(ev.table + "submit/", {"version": 1}, format="json")
    assert submitted.status_code == 200 and submitted.json()["status"] == "submitted"
    own = ev.api["judge"].post(ev.table + "confirm/", {"version": 1}, format="json")
    assert own.status_code == 403 and codes(own) == [("not_allowed", None)]
    assert ev.api["viewer"].post(ev.table + "confirm/", {"version": 1}).status_code == 403
    confirmed = ev.api["judge2"].post(ev.table + "confirm/", {"version": 1}, format="json")
    assert confirmed.status_code == 200 and confirmed.json()["confirmed_by"] == "sa-judge2"
    bad = write(ev.api["judge"], ev.base + "rounds/1/tables/2/final-scores/", scores={"E": 1})
    assert {f for _, f in codes(bad)} == {"scores.S", "scores.W", "scores.N"}


def test_a_confirmed_sheet_is_corrected_by_a_director_with_a_reason(ev):
    write(ev.api["judge"], ev.table + "final-scores/", scores=FINAL)
    ev.api["judge"].post(ev.table + "submit/", {"version": 1}, format="json")
    ev.api["judge2"].post(ev.table + "confirm/", {"version": 1}, format="json")
    fixed = {**FINAL, "E": 48100, "S": 41200}
    by_judge = write(ev.api["judge"], ev.table + "final-scores/", base_version=1, scores=fixed)
    assert by_judge.status_code == 403
    no_reason = write(ev.api["director"], ev.table + "final-scores/", base_version=1, scores=fixed)
    assert codes(no_reason) == [("reason_needed", "reason")]
    ok = write(
        ev.api["director"], ev.table + "final-scores/", base_version=1, scores=fixed,
        reason="E and S swapped 100",
    )  # fmt: skip
    assert ok.status_code == 201 and ok.json()["final_scores"]["E"] == 48100
    assert ScoreSheet.objects.get(version=2, table__number=1, table__round__number=1).is_correction


def test_an_incomplete_session_is_submitted_only_when_it_ended_early(ev):
    write(ev.api["judge"], ev.table + "hands/", entry=RON)
    refused = ev.api["judge"].post(ev.table + "submit/", {"version": 1}, format="json")
    assert codes(refused) == [("ended_early_needed", "ended_early")]
    body = {"version": 1, "ended_early": True}
    assert ev.api["judge"].post(ev.table + "submit/", body, format="json").status_code == 200
    change = write(ev.api["judge"], ev.table + "hands/", base_version=1, entry=RON)
    assert codes(change) == [("reopen_needed", "reopen")]
    reopened = write(ev.api["judge"], ev.table + "hands/", base_version=1, entry=RON, reopen=True)
    assert reopened.status_code == 201 and reopened.json()["status"] == "draft"


def test_a_false_win_takes_the_rulesets_consequence_and_can_be_voided(ev):
    ruled = write(
        ev.api["judge"], ev.table + "rulings/", kind="false_win", player="S",
        decision="Declared ron on a tile that does not complete the hand",
    )  # fmt: skip
    assert ruled.status_code == 201, ruled.json()
    data = ruled.json()
    [ruling] = data["rulings"]
    assert (ruling["kind"], ruling["player"], ruling["voided"]) == ("false_win", "S", False)
    assert ruling["rule_reference"]  # the ruleset's own rule, as the page fills it in
    assert [h["outcome"] for h in data["hands"]] == ["chombo"]  # riichi: a chombo row
    bad = write(ev.api["judge"], ev.table + "rulings/", base_version=1, kind="x", player="S")
    assert {f for _, f in codes(bad)} == {"kind", "decision"}
    url = ev.table + f"rulings/{ruling['key']}/void/"
    voided = write(ev.api["judge"], url, base_version=1, reason="The tile did complete it")
    assert voided.status_code == 201
    assert voided.json()["rulings"][0]["voided"] is True and voided.json()["hands"] == []
    unsaid = write(ev.api["judge"], url, base_version=2)
    assert codes(unsaid) == [("required", "reason")]


# --- print jobs -----------------------------------------------------------------------------


def test_print_jobs_are_listed_with_their_state(ev):
    job = PrintJob.objects.create(
        event=ev.event,
        kind="seating_list",
        round=ev.event.rounds.get(number=1),
        status="failed",
        error="no fonts",
        finished_at=timezone.now(),
    )
    listed = ev.api["viewer"].get(ev.base + "print-jobs/").json()["jobs"]
    assert [(j["id"], j["status"], j["error"], j["url"]) for j in listed] == [
        (job.pk, "failed", "no fonts", None)
    ]
    assert [j["round"] for j in listed] == [1]
    one = ev.api["viewer"].get(ev.base + f"print-jobs/{job.pk}/")
    assert one.status_code == 200 and one.json()["kind"] == "seating_list"
    assert ev.api["viewer"].get(ev.base + "print-jobs/999999/").status_code == 404


def test_a_false_win_without_penalty_takes_the_familys_own(make_table, staff):  # noqa: F811
    """MCR: −30 shared +10 to each other player (the ruling form's default), typed in nowhere."""
    table = make_table("mcr")
    users = staff(table.round.event)
    url = f"{MANAGE}events/{table.round.event.slug}/rounds/1/tables/1/rulings/"
    ruled = write(client_for(users["judge"]), url, kind="false_win", player="W", decision="ruled")
    assert ruled.status_code == 201, ruled.json()
    [penalty] = ruled.json()["rulings"][0]["penalties"]
    assert (penalty["player"], penalty["points"], penalty["distribution"]) == (
        "W",
        -30,
        "equal_to_others",
    )
    typed = write(
        client_for(users["judge"]), url, base_version=1, kind="false_win", player="E",
        decision="ruled", points=-60,
    )  # fmt: skip
    assert typed.json()["rulings"][1]["penalties"][0]["points"] == -60
