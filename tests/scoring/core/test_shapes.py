"""Decomposition and waits, checked by hand against the shapes' definitions."""

from __future__ import annotations

from scoring.core.hand import hand_from_dict
from scoring.core.shapes import arrangements, is_seven_pairs, is_thirteen_orphans, waits
from scoring.core.tiles import counts34, kind_name, parse_tiles


def _hand(concealed, win_tile, win="ron", melds=()):
    return hand_from_dict(
        {
            "concealed": concealed,
            "win_tile": win_tile,
            "win": win,
            "seat_wind": "S",
            "round_wind": "E",
            "melds": list(melds),
        }
    )


def _waits(text, melds=0):
    return [kind_name(k) for k in waits(counts34(parse_tiles(text)), melds)]


def test_nine_gates_waits_on_all_nine():
    assert _waits("1112345678999m") == [f"{n}m" for n in range(1, 10)]


def test_thirteen_orphans_single_and_thirteen_sided():
    assert _waits("19m19p19s1234566z") == ["7z"]
    assert len(_waits("19m19p19s1234567z")) == 13


def test_seven_pairs_and_its_tanki_wait():
    assert _waits("1133m5577p99s1122z") == []  # 12 tiles would not parse as a hand; check below
    assert _waits("1133m5577p99s112z") == ["2z"]


def test_a_four_of_a_kind_is_not_two_pairs():
    assert not is_seven_pairs(counts34(parse_tiles("1111m3355p7799s11z")))
    assert is_seven_pairs(counts34(parse_tiles("1133m3355p7799s11z")))


def test_thirteen_orphans_needs_every_orphan():
    assert is_thirteen_orphans(counts34(parse_tiles("19m19p19s12345677z")))
    assert not is_thirteen_orphans(counts34(parse_tiles("19m19p19s12345666z")))


def test_wait_kinds_per_group():
    assert {a.wait for a in arrangements(_hand("234567m456p2388s", "4s"))} == {"open"}
    assert {a.wait for a in arrangements(_hand("234567m456p1288s", "3s"))} == {"edge"}
    assert {a.wait for a in arrangements(_hand("234567m456p1388s", "2s"))} == {"closed"}
    assert {a.wait for a in arrangements(_hand("234567m456p1238s", "8s"))} == {"single"}
    assert {a.wait for a in arrangements(_hand("234567m456p2288s", "8s"))} == {"pung"}


def test_one_hand_can_be_read_several_ways():
    readings = arrangements(_hand("1112223334m789s", "4m", win="tsumo"))
    shapes = {tuple(sorted(g.shape for g in a.groups)) for a in readings}
    assert ("chow", "pair", "pung", "pung", "pung") in shapes
    assert ("chow", "chow", "chow", "chow", "pair") in shapes
    assert {a.wait for a in readings} == {"open", "single"}


def test_a_pung_completed_by_a_discard_is_exposed():
    (reading,) = arrangements(_hand("234567m456p2288s", "8s"))
    pung = reading.groups[reading.win_group]
    assert pung.shape == "pung" and not pung.concealed


def test_melds_become_groups():
    (reading,) = arrangements(
        _hand(
            "456p2388s",
            "4s",
            melds=[
                {"type": "chi", "tiles": "234m"},
                {"type": "kan", "tiles": "5555z", "concealed": True},
            ],
        )
    )
    melded = [g for g in reading.groups if g.melded]
    assert [(g.shape, g.concealed) for g in melded] == [("chow", False), ("kong", True)]


def test_not_a_win_has_no_arrangement():
    assert arrangements(_hand("234567m456p2389s", "4s")) == []


def test_four_of_a_kind_as_two_pairs_only_when_asked():
    hand = _hand("1111m3355p7799s1z", "1z")
    assert arrangements(hand) == []
    (reading,) = arrangements(hand, seven_pairs_quads=True)
    assert reading.form == "seven_pairs"
    assert [g.kind for g in reading.groups].count(0) == 2


def test_irregular_forms_can_be_switched_off():
    pairs = _hand("1133m5577p99s112z", "2z")
    orphans = _hand("19m19p19s1234566z", "7z")
    assert arrangements(pairs, seven_pairs=False) == []
    assert arrangements(orphans, thirteen_orphans=False) == []
    assert [a.form for a in arrangements(orphans)] == ["thirteen_orphans"]
