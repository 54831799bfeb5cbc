"""Issue #35, acceptance 1: each preset's inputs, shown, refused and accepted, at the services.

For every ruleset the hand form shows exactly the inputs its family declares
(``EntryData.inputs`` and flags: the README's table, from
``scoring.families.inputs_table``). Then a hand with each input is entered
through the services a judge's page, the API and a player's phone share
(``add_hand``): one the rules do not take is refused with its code, at its
input, naming the rules, and nothing is saved; one they take is scored. The
issue's own cases: JPML-A refuses the dora indicators ``4p1m`` (one
indicator, no kan dora), ura indicators, ippatsu and red fives; Tenhou counts
two dora indicators, and its red fives.

The hands are valid wins of their family (each checked accepted without the
input first). Players sit E Akagi, S Bai, W Carla, N Dmitri; hand 1 is dealt
by East.
"""

from __future__ import annotations

import json
import uuid

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from scoring.families.installed import BUILTIN
from scoring.families.protocol import EntryData
from tournament.api.tokens import make_token
from tournament.results.choices import entry_of
from tournament.results.entry.forms import HandForm
from tournament.results.sheet import services

RULESETS = [(family.name, ruleset) for family in BUILTIN for ruleset in family.rulesets]
FLAG_UNION = {
    family.name: sorted(
        {f for r in family.rulesets for f in family.entry(family.resolve(r, {})).flags}
    )
    for family in BUILTIN
}

# riichi: Bai (S) in riichi wins on Carla's (W) 4s: riichi, pinfu, tanyao (2m in hand for dora).
RIICHI = {"concealed": "234567m456p2388s", "win_tile": "4s", "melds": []}
RIICHI_KAN = {
    "concealed": "234567m2388s",
    "win_tile": "4s",
    "melds": [{"type": "kan", "tiles": "9999p", "concealed": True}],
}
# MCR: Bai (S) wins on Carla's (W) 4p: pure straight (a 4p none of the hand holds).
MCR = {"concealed": "123456789m11p23p", "win_tile": "4p", "melds": []}
MCR_KAN = {
    "concealed": "123456789m5p",
    "win_tile": "5p",
    "melds": [{"type": "kan", "tiles": "2222s", "concealed": True}],
}
# Zung Jung: Bai (S) wins on 2s: nine-tile straight, a pung of red dragons.
ZJ = {"concealed": "13456789s11z555z", "win_tile": "2s", "melds": []}
ZJ_KAN = {
    "concealed": "13456789s11z",
    "win_tile": "2s",
    "melds": [{"type": "kan", "tiles": "5555z", "concealed": True}],
}
# HKOS: Akagi (E) wins on Dmitri's (N) 8p: a pung of red dragons, a concealed kong, his flowers.
HK_MELDS = [{"type": "pon", "tiles": "777z"}, {"type": "kan", "tiles": "1111s", "concealed": True}]
HKOS = {"concealed": "234m67p55s", "win_tile": "8p", "melds": HK_MELDS, "flowers": [1, 5]}
HKOS_BARE = {"concealed": "234m678p234s55s77z", "win_tile": "7z", "melds": []}

# Each base hand with one of its fives written as the red five.
RED_FIVE = {
    "riichi": "234067m456p2388s",
    "mcr": "123406789m11p23p",
    "zung-jung": "13406789s11z555z",
    "hkos": "234m67p05s",
}
BASE = {
    "riichi": (RIICHI, {"outcome": "ron", "winner": "S", "discarder": "W", "riichi": ["S"]}),
    "mcr": (MCR, {"outcome": "discard", "winner": "S", "discarder": "W"}),
    "zung-jung": (ZJ, {"outcome": "discard", "winner": "S", "discarder": "W"}),
    "hkos": (HKOS, {"outcome": "discard", "winner": "E", "discarder": "N"}),
}
TSUMO = {"outcome": "tsumo", "winner": "S"}
SELF_DRAW = {"outcome": "self_draw", "winner": "S"}
# family -> flag -> (tiles, the row, the flags the hand carries, the item that shows it scored)
FLAG_HANDS = {
    "riichi": {
        "double_riichi": (RIICHI, {"riichi": ["S"]}, ["double_riichi"], "double_riichi"),
        "ippatsu": (RIICHI, {}, ["riichi", "ippatsu"], "ippatsu"),
        "haitei": (RIICHI, {**TSUMO, "riichi": ["S"]}, ["riichi", "haitei"], "haitei"),
        "houtei": (RIICHI, {}, ["riichi", "houtei"], "houtei"),
        "rinshan": (RIICHI_KAN, {**TSUMO, "riichi": []}, ["rinshan"], "rinshan"),
        "chankan": (RIICHI, {}, ["riichi", "chankan"], "chankan"),
        "tenhou": (RIICHI, {**TSUMO, "winner": "E", "riichi": []}, ["tenhou"], "tenhou"),
        "chiihou": (RIICHI, {**TSUMO, "riichi": []}, ["chiihou"], "chiihou"),
        "renhou": (RIICHI, {"riichi": []}, ["renhou"], "renhou"),
    },
    "mcr": {
        "last_tile": (MCR, {}, ["last_tile"], "last_tile_claim"),
        "kong_replacement": (MCR_KAN, SELF_DRAW, ["kong_replacement"], "out_with_replacement_tile"),
        "robbing_kong": (MCR, {}, ["robbing_kong"], "robbing_the_kong"),
        "last_of_kind": (MCR, {}, ["last_of_kind"], "last_tile"),
    },
    "zung-jung": {
        "last_tile": (ZJ, {}, ["last_tile"], "final_discard"),
        "kong_replacement": (ZJ_KAN, SELF_DRAW, ["kong_replacement"], "win_on_kong"),
        "robbing_kong": (ZJ, {}, ["robbing_kong"], "robbing_kong"),
        "heavenly": (ZJ, {**SELF_DRAW, "winner": "E"}, ["heavenly"], "blessing_of_heaven"),
        "earthly": (ZJ, {"discarder": "E"}, ["earthly"], "blessing_of_earth"),
    },
    "hkos": {
        "last_tile": (HKOS, {}, ["last_tile"], "last_tile"),
        "kong_replacement": (
            HKOS,
            {**SELF_DRAW, "winner": "E"},
            ["kong_replacement"],
            "replacement_win",
        ),
        "flower_replacement": (
            HKOS,
            {**SELF_DRAW, "winner": "E"},
            ["flower_replacement"],
            "replacement_win",
        ),
        "robbing_kong": (HKOS, {}, ["robbing_kong"], "robbing_kong"),
        "heavenly": (HKOS_BARE, {**SELF_DRAW, "winner": "E"}, ["heavenly"], "heavenly"),
        "earthly": (HKOS_BARE, {"winner": "S", "discarder": "E"}, ["earthly"], "earthly"),
    },
}


def entry(family: str, tiles=None, row=None, flags=None, **hand) -> dict:
    """The family's base hand with ``hand``'s changes, as the services take a tiles-level row."""
    base_tiles, base_row = BASE[family]
    row = {**base_row, **(row or {})}
    if row["outcome"] in ("tsumo", "self_draw"):
        row.pop("discarder", None)
    tiles = dict(tiles or base_tiles)
    if flags is None:
        flags = ["riichi"] if family == "riichi" and "S" in row.get("riichi", []) else []
    if row.get("winner") == "E" and family == "riichi":
        row["riichi"] = [s for s in row.get("riichi", []) if s != "S"]
    return {"level": "tiles", **row, "hand": {**tiles, "flags": list(flags), **hand}}


def items(table, entry) -> dict[str, int]:
    """The scored hand's items (key -> count), through the page's Check (nothing saved)."""
    result = services.preview(table, entry)
    return {i["key"]: i["count"] for i in result.rows[0].score["items"]}


def refusal(table, entry) -> services.SheetInputError:
    with pytest.raises(services.SheetInputError) as refused:
        services.add_hand(table, entry, by=None, base_version=0)
    assert services.head_of(table) is None  # nothing saved
    return refused.value


def refused(table, entry, code: str, field: str) -> str:
    error = refusal(table, entry)
    assert (error.code, error.field) == (code, f"hands[0].hand.{field}"), error.message
    return error.message


@pytest.fixture(params=RULESETS, ids=[r for _f, r in RULESETS])
def ruleset_table(request, make_table):
    family, ruleset = request.param
    return family, ruleset, make_table(ruleset, slug="cup", entry_level="tiles")


def test_the_form_shows_what_the_family_declares(ruleset_table):
    family, ruleset, table = ruleset_table
    offered: EntryData = entry_of(table.round.event)
    form = HandForm(entry=offered, seats={}, rules_name=ruleset)
    inputs = offered.inputs
    assert ("dora_indicators" in form.fields) == bool(inputs.dora_indicators)
    assert ("ura_indicators" in form.fields) == bool(inputs.ura_indicators)
    assert form.red_fives == inputs.red_fives == ("red_fives" in form.features)
    assert [code for code, _name in form.fields["flags"].choices] == list(offered.flags)


def test_each_input_is_refused_or_scored_as_declared(ruleset_table):
    family, ruleset, table = ruleset_table
    inputs = entry_of(table.round.event).inputs
    assert items(table, entry(family))  # the base hand is a win
    # Dora indicators: 1m makes 2m dora, 3p makes 4p dora; the hand holds one of each.
    if not inputs.dora_indicators:
        refused(table, entry(family, dora_indicators="1m"), "no_dora", "dora_indicators")
    else:
        assert items(table, entry(family, dora_indicators="1m"))["dora"] == 1
        if inputs.dora_indicators == 1:
            message = refused(
                table,
                entry(family, dora_indicators="4p1m"),
                "one_dora_indicator",
                "dora_indicators",
            )
            assert "one dora indicator and no kan dora" in message
        else:
            assert items(table, entry(family, dora_indicators="1m3p"))["dora"] == 2
    # Ura-dora indicators: 1m makes 2m ura dora, for a winner in riichi only.
    if not inputs.ura_indicators:
        refused(table, entry(family, ura_indicators="1m"), "no_ura_dora", "ura_indicators")
    else:
        counted = items(table, entry(family, dora_indicators="1z", ura_indicators="1m"))
        assert counted["ura_dora"] == 1
        unready = entry(family, row={"riichi": []}, dora_indicators="1z", ura_indicators="1m")
        refused(table, unready, "ura_needs_flag", "ura_indicators")
    # Red fives: a five of the hand written as the red one.
    red = {**BASE[family][0], "concealed": RED_FIVE[family]}
    if inputs.red_fives:
        assert items(table, entry(family, tiles=red))["aka_dora"] == 1
    else:
        message = refused(table, entry(family, tiles=red), "no_red_fives", "concealed")
        assert "has no red fives" in message


def test_each_flag_is_refused_or_scored_as_declared(ruleset_table):
    family, ruleset, table = ruleset_table
    offered = entry_of(table.round.event)
    for flag in FLAG_UNION[family]:
        tiles, row, flags, item = FLAG_HANDS[family][flag]
        hand = entry(family, tiles=tiles, row=row, flags=flags)
        if flag in offered.flags:
            assert item in items(table, hand), (ruleset, flag)
        else:
            message = refused(table, hand, "flag_not_in_rules", "flags")
            assert message.endswith(f"has no {flag.capitalize()}."), message
    # A flag of another family is refused the same way, named in the page's language.
    other = "ippatsu" if family != "riichi" else "robbing_kong"
    hand = entry(family, flags=[*entry(family)["hand"]["flags"], other])
    with translation.override("ja"):
        message = refusal(table, hand).message
    assert other not in message


def test_jpml_a_names_its_rules_in_the_judges_language(make_table):
    table = make_table("jpml-a", slug="cup", entry_level="tiles")
    with translation.override("ja"):
        dora = refusal(table, entry("riichi", dora_indicators="4p1m")).message
        ura = refusal(table, entry("riichi", ura_indicators="1m")).message
        red = refusal(table, entry("riichi", tiles={**RIICHI, "concealed": "234067m456p2388s"}))
    assert "日本プロ麻雀連盟 Aルール" in dora and "カンドラ" in dora
    assert "裏ドラ" in ura
    assert "赤" in red.message and "5m" in red.message


def test_tenhou_counts_two_dora_indicators_and_a_red_five(make_table):
    table = make_table("tenhou", slug="cup", entry_level="tiles")
    assert items(table, entry("riichi", dora_indicators="4p1m"))["dora"] == 2
    red = {**RIICHI, "concealed": "234067m456p2388s"}
    assert items(table, entry("riichi", tiles=red))["aka_dora"] == 1


def test_the_api_refuses_the_same_way_and_saves_nothing(make_table, staff):
    """The staff API puts a hand through the same service: the input and the rules named."""
    table = make_table("jpml-a", slug="cup", entry_level="tiles")
    client = APIClient()
    judge = staff(table.round.event)["judge"]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {make_token(judge, 'test')[1]}")
    body = {"base_version": 0, "entry_key": str(uuid.uuid4())}
    body["entry"] = entry("riichi", flags=["riichi", "ippatsu"])
    response = client.post(
        "/api/v1/manage/events/cup/rounds/1/tables/1/hands/",
        json.dumps(body),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    assert response.status_code == 400, response.content
    (error,) = response.json()["errors"]
    assert (error["code"], error["field"]) == ("flag_not_in_rules", "hands[0].hand.flags")
    assert error["message"].endswith("日本プロ麻雀連盟 Aルールには一発がありません。")
    assert services.head_of(table) is None
