"""Each family's false win, chombo and penalty at the three entry levels, through the page.

rules/sessions.md §5 says what a ruling does in each family; this checks that
it does it whether the table enters hands by tiles, by value, or only the
final scores (where a riichi chombo leaves no hand to replay, yet its
deduction must still be made, and the final-scores form must still be
reachable after a chombo ruled earlier in the session).

Expected numbers, worked by hand:
- jpml-b: a false win is a chombo, −20 after uma (rules/riichi.md §7).
- mcr: a false win is −30 to the offender, +10 to each other player (§5 table).
- zung-jung: a false win costs no points (seed 001 L97); the offender may not win
  on a discard in that hand (checked at both hand levels).
- hkos: the offender pays each opponent the 13-faan value, V = u(13) × 4 =
  384 × 4 = 1,536 (rules/hkos.md §4, §8): −4,608 and +1,536 each.
Uses the results fixtures (``make_table``, ``staff``); players sit E, S, W, N.
"""

from __future__ import annotations

import re

import pytest

from tests.tournament.results.test_tile_field_junk import HANDS
from tournament.results.sheet import services

URL = "/j/cup/1/1/"
RIICHI_TILES = {  # tanyao: 234m 567p 678s 345s + 8p8p, S rons on W's 8p
    "outcome": "ron",
    "winner": "S",
    "discarder": "W",
    "concealed": "234m 567p 678s 345s 8p",
    "win_tile": "8p",
}
TILES = {**HANDS, "jpml-b": RIICHI_TILES}
VALUES = {
    "jpml-b": {"outcome": "ron", "winner": "S", "discarder": "W", "han": "3", "fu": "40"},
    "mcr": {"outcome": "discard", "winner": "S", "discarder": "W", "fan": "8"},
    "zung-jung": {"outcome": "discard", "winner": "S", "discarder": "W", "points": "25"},
    "hkos": {"outcome": "discard", "winner": "S", "discarder": "W", "faan": "3"},
}
# Final scores that add up under each ruleset (jpml-b starts at 30,000: 4 × 30,000).
FINALS = {
    "jpml-b": (40000, 20000, 30000, 30000),
    "mcr": (10, 20, -10, -20),
    "zung-jung": (10, 20, -10, -20),
    "hkos": (10, 20, -10, -20),
}
# The false win's penalty in the session, per seat E, S, W, N (W is the offender).
FALSE_WIN = {
    "jpml-b": ("0", "0", "-20", "0"),
    "mcr": ("10", "10", "-30", "10"),
    "zung-jung": ("0", "0", "0", "0"),
    "hkos": ("1536", "1536", "-4608", "1536"),
}


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def table_at(make_table, staff, client):
    def make(ruleset, level):
        table = make_table(ruleset, slug="cup", entry_level=level)
        table.judge = staff(table.round.event)["judge"]
        client.force_login(table.judge)
        return table

    return make


def version(table) -> int:
    head = services.head_of(table)
    return head.version if head else 0


def post_hand(client, table, level, data):
    fields = {"base_version": str(version(table)), "level": level, "action": "save", **data}
    return client.post(URL + "hand/", fields)


def post_ruling(client, table, kind="false_win", **more):
    fields = {"base_version": str(version(table)), "kind": kind, "player": "W"}
    fields |= {"decision": "Declared a win that was not one", "after_hand": "", **more}
    return client.post(URL + "ruling/", fields)


def post_finals(client, table, ruleset):
    scores = dict(zip("ESWN", FINALS[ruleset], strict=True))
    fields = {f"score_{seat}": str(points) for seat, points in scores.items()}
    fields |= {"base_version": str(version(table)), "leftover_sticks": "0"}
    return client.post(URL + "final/", fields)


def penalties(table) -> tuple[str, ...]:
    session = services.head_of(table).result["session"]
    return tuple(str(session[seat]["penalty"]) for seat in "ESWN")


@pytest.mark.parametrize("level", ["tiles", "value"])
@pytest.mark.parametrize("ruleset", list(FALSE_WIN))
def test_a_false_win_during_the_hand_being_played(client, table_at, ruleset, level):
    table = table_at(ruleset, level)
    hand = (TILES if level == "tiles" else VALUES)[ruleset]
    response = post_hand(client, table, level, hand)
    assert response.status_code == 302, text(response)
    response = post_ruling(client, table, after_hand="2")
    assert response.status_code == 302, text(response)
    assert penalties(table) == FALSE_WIN[ruleset]
    assert services.head_of(table).rulings.get().after_hand in (2, None)


@pytest.mark.parametrize("ruleset", list(FALSE_WIN))
def test_a_false_win_then_the_final_scores(client, table_at, ruleset):
    table = table_at(ruleset, "final")
    assert post_ruling(client, table).status_code == 302
    # The final-scores form is still the one offered after the ruling's row.
    assert 'name="score_E"' in text(client.get(URL))
    response = post_finals(client, table, ruleset)
    assert response.status_code == 302, text(response)
    assert penalties(table) == FALSE_WIN[ruleset]


@pytest.mark.parametrize("ruleset", list(FALSE_WIN))
def test_the_final_scores_then_a_false_win(client, table_at, ruleset):
    table = table_at(ruleset, "final")
    assert post_finals(client, table, ruleset).status_code == 302
    response = post_ruling(client, table)
    assert response.status_code == 302, text(response)
    assert penalties(table) == FALSE_WIN[ruleset]


# A typed conduct penalty of −10 (riichi: −3,000 points), scope and distribution
# left to the ruleset (rules/sessions.md §5 defaults): riichi after uma (−3),
# MCR and HK in the table score, Zung Jung off the overall score; nobody receives it.
TYPED = {
    "jpml-b": ("-3000", "session_after_uma", ("0", "0", "-3", "0")),
    "mcr": ("-10", "table_score", ("0", "0", "-10", "0")),
    "zung-jung": ("-10", "overall_score", ("0", "0", "-10", "0")),
    "hkos": ("-10", "table_score", ("0", "0", "-10", "0")),
}


def start(client, table, ruleset, level):
    if level == "final":
        response = post_finals(client, table, ruleset)
    else:
        response = post_hand(client, table, level, (TILES if level == "tiles" else VALUES)[ruleset])
    assert response.status_code == 302, text(response)


@pytest.mark.parametrize("level", ["tiles", "value", "final"])
@pytest.mark.parametrize("ruleset", list(TYPED))
def test_a_typed_penalty_goes_where_the_ruleset_says(client, table_at, ruleset, level):
    table = table_at(ruleset, level)
    start(client, table, ruleset, level)
    points, scope, expected = TYPED[ruleset]
    response = post_ruling(client, table, kind="conduct", points=points)
    assert response.status_code == 302, text(response)
    result = services.head_of(table).result
    (entry,) = result["penalties"]
    assert (entry["scope"], entry["distribution"], str(entry["points"])) == (scope, "none", points)
    column = "overall_penalty" if scope == "overall_score" else "penalty"
    assert tuple(str(result["session"][s][column]) for s in "ESWN") == expected


@pytest.mark.parametrize("level", ["tiles", "value", "final"])
def test_a_riichi_chombo_costs_20_after_uma_at_every_level(client, table_at, level):
    table = table_at("jpml-b", level)
    start(client, table, "jpml-b", level)
    response = post_ruling(client, table, kind="chombo")
    assert response.status_code == 302, text(response)
    assert penalties(table) == ("0", "0", "-20", "0")
    page = text(client.get(URL))
    assert '<span class="badge">Chombo</span> <b>Carla Diaz</b> −20,000' in page


@pytest.mark.parametrize("ruleset", ["mcr", "zung-jung", "hkos"])
def test_a_chombo_elsewhere_is_logged_with_the_points_the_judge_gives(client, table_at, ruleset):
    # Only riichi fixes a chombo's cost (rules/sessions.md §5); elsewhere a ruling of that
    # name is logged at 0 unless the judge types points.
    table = table_at(ruleset, "value")
    start(client, table, ruleset, "value")
    assert post_ruling(client, table, kind="chombo").status_code == 302
    head = services.head_of(table)
    assert list(head.rulings.values_list("kind", "player")) == [("chombo", "W")]
    assert head.result["penalties"] == []
    assert penalties(table) == ("0", "0", "0", "0")
    response = post_ruling(client, table, kind="chombo", points="-5")
    assert response.status_code == 302, text(response)
    session = services.head_of(table).result["session"]["W"]
    column = "overall_penalty" if TYPED[ruleset][1] == "overall_score" else "penalty"
    assert str(session[column]) == "-5"


def test_a_version_the_sheet_never_had_is_refused_not_a_server_error(client, table_at):
    table = table_at("jpml-b", "final")
    response = client.post(
        URL + "ruling/",
        {"base_version": "7", "kind": "chombo", "player": "W", "decision": "x"},
    )
    assert response.status_code == 403
    assert "This page is out of date: reload it and enter again." in text(response)
    assert services.head_of(table) is None


@pytest.mark.parametrize("level", ["tiles", "value"])
def test_after_a_zung_jung_false_win_the_offender_may_not_win_on_a_discard(client, table_at, level):
    # Seed 001 L97 and rules/zung-jung.md §6: the exposed hand stays as penalty tiles,
    # so W's discard win later in the same hand is refused; a self-draw is not.
    table = table_at("zung-jung", level)
    start(client, table, "zung-jung", level)
    assert post_ruling(client, table, after_hand="2").status_code == 302
    hand = (TILES if level == "tiles" else VALUES)["zung-jung"]
    response = post_hand(client, table, level, {**hand, "winner": "W", "discarder": "E"})
    assert response.status_code == 400
    shown = text(response)
    # The family's refusal in words, after the input's label only (issue #35).
    assert (
        '<a href="#id_outcome">Result</a>: West made a false win in this hand: the whole hand '
        "became penalty tiles, so only a self-draw can win. (Zung Jung §6, seed 001 L91-L92)"
    ) in shown
    response = post_hand(client, table, level, {**hand, "outcome": "self_draw", "winner": "W"})
    assert response.status_code == 302, text(response)
