"""Rulings during the hand being played, numbered as judges count, in the judge's language.

Issue 15: a false win could not be recorded during the hand in progress (the
most common case); the refusal read "Ruling 1, after_hand … index of an
entered hand (0 to 2), not 3": 0-based, the wrong ruling, English on
Japanese pages; and engine errors other than ``bad_input`` lost their
explanation ("must be left empty for this result").

A ruling is during an entered hand (1 … N) or the hand being played now
(N + 1). Uses the results fixtures (``make_table``, ``staff``); players sit
E Akagi Shigeru, S Bai Lan, W Carla Diaz, N Dmitri Orlov.
"""

from __future__ import annotations

import re

import pytest

from tournament.results.models import Ruling
from tournament.results.sheet import services
from tournament.results.sheet.errors import SheetInputError

MCR_HAND = {"outcome": "self_draw", "level": "value", "winner": "N", "fan": 8, "flowers": 0}
URL = "/j/cup/1/1/"


def text(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.fixture
def mcr_table(make_table, staff, client):
    """An MCR table with 2 hands entered, its judge logged in."""
    table = make_table("mcr", slug="cup")
    table.judge = staff(table.round.event)["judge"]
    for version in (0, 1):
        services.add_hand(table, MCR_HAND, by=table.judge, base_version=version)
    client.force_login(table.judge)
    return table


def ruling(client, version: int, language: str = "en", **fields):
    data = {"base_version": str(version), "kind": "false_win", "player": "W"}
    data["decision"] = "Declared mahjong on 4p, not a winning hand"
    return client.post(URL + "ruling/", {**data, **fields}, HTTP_ACCEPT_LANGUAGE=language)


def error_at(html: str, field: str) -> str:
    """The error shown next to the ruling form's input ``field``."""
    found = re.search(rf'id="ruling_{field}".*?<p class="error">([^<]*)</p>', html)
    assert found, f"no error next to {field}"
    return found.group(1)


def test_an_mcr_false_win_during_the_hand_in_progress(client, mcr_table):
    page = text(client.get(URL))
    assert "the hand being played now is hand 3." in page  # said before choosing
    response = ruling(client, 2, after_hand="3")
    assert response.status_code == 302, text(response)
    sheet = services.head_of(mcr_table)
    assert sheet.rulings.get().after_hand == 3 and sheet.hands.count() == 2
    # The penalty lands: −30 for W, +10 to each other player (MCR §9), during hand 3.
    (penalty,) = sheet.result["penalties"]
    assert penalty["after_hand"] == 2 and penalty["effect"] == {"E": 10, "S": 10, "W": -30, "N": 10}
    assert str(sheet.result["session"]["W"]["penalty"]) == "-30"
    html = text(client.get(URL))
    found = re.search(r'<li class="ruling" id="ruling-[^"]+">.*?</li>', html)
    assert "False win" in found.group(0) and "hand 3" in found.group(0)
    assert "Carla Diaz −30" in found.group(0)
    # Hand 3 is then entered as it ended; the ruling stays on it.
    services.add_hand(mcr_table, MCR_HAND, by=mcr_table.judge, base_version=3)
    assert services.head_of(mcr_table).result["penalties"][0]["after_hand"] == 2


def test_a_hand_not_yet_played_is_refused_with_the_rulings_number(client, mcr_table):
    assert Ruling.objects.count() == 0
    # Ruling 1 is a logged decision with no points: the next one is ruling 2.
    response = ruling(client, 2, kind="other", decision="Warned for slow play")
    assert response.status_code == 302, text(response)
    response = ruling(client, 3, after_hand="5")
    assert response.status_code == 400
    # Next to its input, the sentence alone: the ruling form is ruling 2's (issue #35).
    message = (
        "hand 5 has not been played yet: choose hand 1 to 3 "
        "(3 is the hand being played now), or leave it empty."
    )
    assert error_at(text(response), "after_hand") == message
    assert services.head_of(mcr_table).version == 3  # nothing saved


def test_the_refusals_in_japanese(client, mcr_table):
    response = ruling(client, 2, language="ja", after_hand="5")
    assert response.status_code == 400
    assert error_at(text(response), "after_hand") == (
        "第5局はまだ行われていません。第1局から第3局までを選ぶか"
        "（第3局が現在の局です）、空欄にしてください。"
    )
    page = text(client.get(URL, HTTP_ACCEPT_LANGUAGE="ja"))
    assert "局は1から数えます。現在の局は第3局です。" in page


def test_an_earlier_rulings_error_names_that_ruling_at_the_top(client, mcr_table):
    """Removing hand 2 leaves ruling 2 during a hand that is neither entered nor in play."""
    ruling(client, 2, kind="other", decision="Warned for slow play")
    ruling(client, 3, after_hand="3")
    with pytest.raises(SheetInputError) as refused:
        services.remove_hand(mcr_table, 2, by=mcr_table.judge, base_version=4, reason="")
    assert refused.value.field == "rulings[1].after_hand"
    assert str(refused.value).startswith("Ruling 2, during hand: hand 3 has not been played yet")
    # The ledger's refusals name the ruling, not the ledger row (ruling 1 has no penalty).
    response = ruling(
        client, 4, kind="conduct", points="-10", distribution="equal_to_others", after_hand="2"
    )
    assert response.status_code == 400
    shown = error_at(text(response), "points")
    assert shown == "-10 cannot be shared equally by the other three."  # ruling 3's own form


def test_a_zung_jung_false_win_during_the_hand_in_progress(client, make_table, staff):
    table = make_table("zung-jung", slug="cup")
    judge = staff(table.round.event)["judge"]
    hand = {"outcome": "discard", "level": "value", "winner": "E", "discarder": "S", "points": 70}
    services.add_hand(table, hand, by=judge, base_version=0)
    client.force_login(judge)
    response = ruling(client, 1, after_hand="2")
    assert response.status_code == 302, text(response)
    assert services.head_of(table).rulings.get().after_hand == 2


# --- the engine's explanation is kept ------------------------------------------------------


def test_a_not_allowed_refusal_keeps_the_engines_explanation(client, make_table, staff):
    table = make_table("jpml-b", slug="cup")
    client.force_login(staff(table.round.event)["judge"])
    fields = {"kind": "conduct", "points": "-3000", "scope": "table_score", "distribution": "none"}
    response = ruling(client, 0, **fields)
    assert response.status_code == 400
    shown = error_at(text(response), "distribution")
    # The explanation is the family's refusal, in words, with no code name (issue #35).
    assert shown == (
        "a penalty in the session score before ranking goes to the other three (“Shared by "
        "the other three”); for points that leave the table, choose after uma or off the "
        "overall total."
    )
    response = ruling(client, 0, language="ja", **fields)
    shown = error_at(text(response), "distribution")
    assert shown.startswith("順位決定前の対局スコアに含めるペナルティは、他の3人に分配します")
    assert "table_score" not in shown and "equal_to_others" not in shown


@pytest.mark.parametrize(
    ("code", "params", "detail", "shown"),
    [
        # A code whose sentence is general: the engine's detail follows.
        (
            "not_allowed",
            {"value": 5},
            "hands[0].faan: must be empty at tiles level: the hand gives the faan, not 5",
            "Hand 1, faan: must be left empty for this result. "
            "(must be empty at tiles level: the hand gives the faan, not 5)",
        ),
        (
            "session_over",
            {"label": "S4"},
            "hands[8]: the session ended with the hand before (S4); no further hand can be entered",
            "Hand 9: the session has already ended. "
            "(the session ended with the hand before (S4); no further hand can be entered)",
        ),
        # A code whose sentence says it all: no repetition.
        (
            "winner_is_discarder",
            {"value": "S"},
            "hands[1].discarder: S is the winner and cannot also be the discarder",
            "Hand 2, discarder: the discarder cannot be the winner.",
        ),
        # A tiles hand's error names the input the engine names.
        (
            "bad_meld",
            {"detail": "melds[1]: chi 124m is not a run of three consecutive suited tiles"},
            "",
            "Hand 1, meld: a meld is not a chow, pung or kong. "
            "(chi 124m is not a run of three consecutive suited tiles)",
        ),
    ],
)
def test_the_engines_detail_is_kept_where_the_sentence_says_less(code, params, detail, shown):
    field = detail.partition(":")[0] if detail else "hands[0].hand"
    assert str(SheetInputError(field, code, params, detail)) == shown
