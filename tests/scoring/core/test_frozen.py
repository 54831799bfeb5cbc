"""scoring.core.frozen.fill gives the instance the dataclass's own __init__ would give."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from scoring.core.frozen import fill
from scoring.core.hand import Hand, Meld, hand_from_dict
from scoring.core.result import Item, Result
from scoring.engine import score

CORPUS = Path(__file__).resolve().parents[3].parent / "shared" / "corpus"


def _rebuilt(obj):
    """The same object, built by its class's own __init__ from its field values."""
    cls = type(obj)
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(cls) if f.init}
    return cls(**values)


def _same(obj) -> None:
    again = _rebuilt(obj)
    assert vars(obj) == vars(again)
    assert list(vars(obj)) == [f.name for f in dataclasses.fields(type(obj))]
    assert obj == again and hash(obj) == hash(again)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obj.__setattr__(dataclasses.fields(type(obj))[0].name, None)


def test_fill_is_the_dataclass_init():
    item = fill(Item, {"key": "riichi", "value": 1, "count": 1, "name": "Riichi"})
    assert item == Item("riichi", 1, 1, "Riichi")
    _same(item)


@pytest.mark.parametrize("name", ["riichi.jsonl", "mcr.jsonl"])
def test_hands_melds_items_and_results_of_the_corpus(name):
    lines = (CORPUS / name).read_text(encoding="utf-8").splitlines()
    for line in lines[::40]:
        case = json.loads(line)
        hand = hand_from_dict(case)
        assert isinstance(hand, Hand)
        _same(hand)
        for meld in hand.melds:
            assert isinstance(meld, Meld)
            _same(meld)
        result = score(case)
        if result.valid:
            _same(result)
            for item in result.items:
                _same(item)


def test_fill_keeps_field_order_for_results():
    result = score(json.loads((CORPUS / "riichi.jsonl").read_text().splitlines()[0]))
    assert result.valid
    assert Result(**{f.name: getattr(result, f.name) for f in dataclasses.fields(Result)}) == result
