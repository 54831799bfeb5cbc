"""import_event checks a file like the services before writing: crafted files are refused whole.

Each test takes the played demo event's real backup, breaks one thing the
way a hand-edited or hostile file would, and imports it through the command:
the import exits 1 with every problem listed at its place in the file
(``event.slug``, ``sheets[0].result``), and nothing is written. A stored
result that disagrees with its entries is not a refusal: the import stores
what the replay of the entries gives (``tournament/backup/replaying.py``).
Files that are too large or too deeply nested are in ``test_import_bounds``.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.tournament.backup.snapshot import row_counts
from tournament.events.models import Event
from tournament.results.models import HandRecord, ScoreSheet

CONFIRMED_HANDS = 15  # sheets[15]: round 2 table 1, confirmed, hand by hand (hands 15 to 17)
CONFLICT = 12  # sheets[12]: a conflict version (hands 6 to 8)
FINAL = 0  # sheets[0]: round 1 table 1, confirmed, final scores only


@pytest.fixture
def backup(played_event, tmp_path) -> dict:
    """The played event's backup, under a short name free in this database."""
    path = tmp_path / "backup.json"
    call_command("export_event", played_event.slug, "--output", str(path), verbosity=0)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["sheets"][CONFIRMED_HANDS]["status"] == "confirmed"
    assert document["sheets"][CONFIRMED_HANDS]["kind"] == "hands"
    assert document["sheets"][CONFLICT]["status"] == "conflict"
    assert document["hands"][CONFIRMED_HANDS]["sheet"] == document["sheets"][CONFIRMED_HANDS]["id"]
    document["event"]["slug"] = "demo-copy"
    return document


def _counts() -> dict:
    return {**row_counts(), "hands": HandRecord.objects.count()}


def imported(document: dict, tmp_path) -> Event:
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_event", str(path), verbosity=0)
    return Event.objects.get(slug=document["event"]["slug"])


def refused(document: dict, tmp_path) -> str:
    """The command's message for a file it refuses; asserts it wrote nothing."""
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = _counts()
    with pytest.raises(CommandError) as info:
        call_command("import_event", str(path), verbosity=0)
    assert info.value.returncode == 1
    assert _counts() == before
    message = str(info.value)
    assert message.startswith("the backup was refused and nothing was imported")
    return message


# --- the event --------------------------------------------------------------------


@pytest.mark.parametrize(
    "slug",
    ["../../etc", "spring open", "früh-jahr", "春季", "Spring-Open", "a_b", "-open", "a--b",
     "a" * 65, ""],
)  # fmt: skip
def test_a_short_name_the_site_cannot_route_is_refused(backup, tmp_path, slug):
    backup["event"]["slug"] = slug
    message = refused(backup, tmp_path)
    assert "event.slug:" in message


def test_an_unknown_ruleset_is_refused(backup, tmp_path):
    backup["event"]["ruleset"] = "no-such-rules"
    message = refused(backup, tmp_path)
    assert "event.ruleset: 'no-such-rules' is not one of" in message and "jpml-b" in message


@pytest.mark.parametrize(
    ("overrides", "said"),
    [
        ({"no_such_option": 1}, "is not an option of this ruleset"),
        ({"uma": "lots"}, "uma"),
        (["uma", 15], "must be an object"),
    ],
)
def test_options_that_do_not_resolve_are_refused(backup, tmp_path, overrides, said):
    backup["event"]["ruleset_overrides"] = overrides
    message = refused(backup, tmp_path)
    assert "event.ruleset_overrides:" in message and said in message


def test_frozen_rules_that_do_not_thaw_are_refused(backup, tmp_path):
    backup["event"]["ruleset_config"]["rules"] = {"ruleset": "jpml-b", "hand": 3}
    message = refused(backup, tmp_path)
    assert "event.ruleset_config.rules: the frozen rules are unreadable" in message


def test_an_event_ending_before_it_starts_is_refused(backup, tmp_path):
    backup["event"]["end_date"] = "1999-01-01"
    assert "event.end_date: the event cannot end before it starts" in refused(backup, tmp_path)


# --- scoresheets ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("section", "index", "name", "value", "said"),
    [
        ("sheets", CONFIRMED_HANDS, "result", "oops", "must be an object"),
        ("sheets", FINAL, "final_scores", {"E": "lots"}, "must be null or an object of seat"),
        ("sheets", FINAL, "reason_params", {"n": [1]}, "must be an object of name: text or number"),
        ("hands", CONFIRMED_HANDS, "entry", 7, "must be an object"),
        ("hands", CONFIRMED_HANDS, "deltas", [1, 2], "must be an object"),
        ("hands", CONFIRMED_HANDS, "score", "3 han", "must be an object or null"),
    ],
)
def test_a_json_column_of_the_wrong_shape_is_refused(
    backup, tmp_path, section, index, name, value, said
):
    backup[section][index][name] = value
    message = refused(backup, tmp_path)
    assert f"{section}[{index}].{name}: {said}" in message


def test_a_hand_the_engine_refuses_is_refused_with_its_place(backup, tmp_path):
    backup["hands"][CONFIRMED_HANDS + 1]["entry"]["han"] = 0
    backup["hands"][CONFIRMED_HANDS + 2]["entry"]["outcome"] = "teleport"
    message = refused(backup, tmp_path)
    # The replay stops at the sheet's first refusal: hand 2 of round 2 table 1.
    assert f"hands[{CONFIRMED_HANDS + 1}].entry.han: version 7 of round 2 table 1:" in message


def test_final_scores_that_do_not_add_up_are_refused(backup, tmp_path):
    backup["sheets"][FINAL]["final_scores"]["E"] += 1000
    message = refused(backup, tmp_path)
    assert f"sheets[{FINAL}].final_scores: version 1 of round 1 table 1:" in message


def test_hands_out_of_order_are_refused(backup, tmp_path):
    backup["hands"][CONFIRMED_HANDS + 2]["number"] = 5
    message = refused(backup, tmp_path)
    assert f"sheets[{CONFIRMED_HANDS}]: the hands of version 7" in message
    assert "[1, 2, 5]" in message


def test_a_stored_result_is_replaced_by_the_replay(backup, tmp_path, played_event):
    """The entries are the record: a result the file states differently is recomputed."""
    sheet = backup["sheets"][CONFIRMED_HANDS]
    sheet["result"]["final_points"] = {"E": 99_000, "S": 7_000, "W": 7_000, "N": 7_000}
    sheet["result"]["session"] = "nobody won"  # a shape no page could read
    sheet["balanced"] = False
    backup["hands"][CONFIRMED_HANDS]["totals"] = {"E": 1}
    backup["hands"][CONFIRMED_HANDS]["label"] = "X9"
    event = imported(backup, tmp_path)

    def stored(event):
        sheet = ScoreSheet.objects.get(table__round__event=event, status="confirmed",
                                       table__round__number=2, table__number=1)  # fmt: skip
        return sheet.result, sheet.balanced, list(sheet.hands.values_list("label", "totals"))

    assert stored(event) == stored(played_event)
    assert stored(event)[0]["final_points"]["E"] != 99_000


def test_a_conflict_version_the_engine_refuses_is_kept_unreplayed(backup, tmp_path):
    """As the services keep a losing save that does not replay: its result empty."""
    backup["hands"][CONFLICT - 6]["entry"]["han"] = 0  # hand 1 of the conflict version
    event = imported(backup, tmp_path)
    conflict = ScoreSheet.objects.get(table__round__event=event, status="conflict")
    assert conflict.result == {} and not conflict.balanced and not conflict.complete
    assert list(conflict.hands.values_list("label", "deltas")) == [("", {})] * 3


# --- rows of any section ------------------------------------------------------------


def test_every_problem_is_listed_with_its_place(backup, tmp_path):
    backup["event"]["is_public"] = "yes"
    backup["registrations"][0]["name"] = 5
    backup["players"][1]["nickname"] = "Ace"
    backup["rounds"][0]["number"] = "1"
    backup["seats"][0]["wind"] = "X"
    backup["seats"][1]["table"] = 999_999
    del backup["tables"][0]["number"]
    backup["rulings"][0]["key"] = "not-a-uuid"
    backup["sheets"][2]["created_at"] = "yesterday"
    backup["penalties"][0]["points"] = 10**30
    backup["users"].append({"username": "", "first_name": "", "last_name": "", "email": ""})
    backup["history"]["seats"][0]["history_type"] = "?"
    backup["history"]["sheets"][0]["result"] = "oops"
    message = refused(backup, tmp_path)
    for place in (
        "event.is_public: must be true or false",
        "registrations[0].name: must be text",
        "players[1]: events.Player has no field(s) nickname",
        "rounds[0].number: must be a whole number",
        "seats[0].wind: 'X' is not one of E, S, W, N",
        "seats[1].table: seating.Seat.table refers to seating.Table 999999",
        "tables[0].number: is missing",
        "rulings[0].key:",
        "sheets[2].created_at:",
        "penalties[0].points: must be a whole number",
        "users[3].username: a user needs a username",
        "history.seats[0].history_type: '?' is not one of",
        "history.sheets[0].result: must be an object",
    ):
        assert place in message
    assert "(13 problems)" in message


def test_the_same_id_or_unique_values_twice_are_refused(backup, tmp_path):
    backup["players"][1]["id"] = backup["players"][0]["id"]
    backup["seats"][1]["wind"] = backup["seats"][0]["wind"]
    backup["seats"][1]["table"] = backup["seats"][0]["table"]
    message = refused(backup, tmp_path)
    assert "players[1].id:" in message and "is also the id of players[0]" in message
    assert "seats[1]: has the same table, wind as seats[0]" in message


# --- the site after a refusal -----------------------------------------------------


def test_the_site_answers_after_a_refused_import(backup, tmp_path, client):
    backup["event"]["slug"] = "../../etc"
    backup["sheets"][CONFIRMED_HANDS]["result"] = "oops"
    refused(backup, tmp_path)
    assert client.get("/").status_code == 200
    client.force_login(get_user_model().objects.get(username="demo-director"))
    assert client.get("/manage/").status_code == 200
