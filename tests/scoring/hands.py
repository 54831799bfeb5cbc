"""Hands and settlements as the rules-engine tests write them, defined once.

A hand sits South in the East round unless a test says otherwise (the seeds'
tests all start there). Melds are dicts (``chi``, ``pon``, ``kan``) or short
specs: "chi 123m", "pon 555z", "kan 3333z"; "ckan" a concealed kong, "akan" an
added one. ``checked`` is the invariant every settlement of four named players
keeps: zero-sum, the table's order, and transfers that explain the deltas.
"""

from __future__ import annotations

import pytest

from scoring.core.money import SettlementError

PLAYERS = ["ann", "bob", "cy", "dee"]  # seats E, S, W, N


def hand(concealed: str, win_tile: str, win: str = "ron", **more) -> dict:
    """A hand at South in the East round; ``more`` adds or replaces fields."""
    return {
        "concealed": concealed,
        "win_tile": win_tile,
        "win": win,
        "seat_wind": "S",
        "round_wind": "E",
        **more,
    }


def hand_with(concealed: str, win_tile: str, *specs: str, win: str = "ron", **more) -> dict:
    """:func:`hand` with its melds written as specs ("chi 123m", "ckan 2222p")."""
    return hand(concealed, win_tile, win, melds=melds(*specs), **more)


def meld(spec: str) -> dict:
    """ "chi 123m", "pon 555z", "kan 3333z"; "ckan" a concealed kong, "akan" an added one."""
    kind, tiles = spec.split()
    found = {"type": "kan" if kind.endswith("kan") else kind, "tiles": tiles}
    if kind == "ckan":
        found["concealed"] = True
    if kind == "akan":
        found["added"] = True
    return found


def melds(*specs: str) -> list[dict]:
    return [meld(spec) for spec in specs]


# 234m 567p (chis) 888s (pon) + 34s 99m, won on 5s: a plain hand the families'
# tests change one field of (no honours, no flowers).
PLAIN_HAND = hand_with("34s99m", "5s", "chi 234m", "chi 567p", "pon 888s")


def chi(tiles: str) -> dict:
    return {"type": "chi", "tiles": tiles}


def pon(tiles: str) -> dict:
    return {"type": "pon", "tiles": tiles}


def kan(tiles: str, concealed: bool = False, added: bool = False) -> dict:
    return {"type": "kan", "tiles": tiles, "concealed": concealed, "added": added}


def items(result) -> dict[str, int]:
    """A result's items as key -> total (value x count)."""
    return {i.key: i.total for i in result.items}


def checked(settlement, players=PLAYERS):
    """``settlement``, once its deltas are zero-sum, in table order and explained."""
    assert sum(settlement.deltas.values()) == 0
    assert list(settlement.deltas) == players
    explained = dict.fromkeys(players, 0)
    for t in settlement.transfers:
        assert t.amount > 0
        explained[t.payer] -= t.amount
        explained[t.payee] += t.amount
    assert explained == settlement.deltas
    return settlement


def refusal(error: type[SettlementError], settle, *args, **kwargs) -> SettlementError:
    """What ``settle(*args, **kwargs)`` is refused with: the family's own ``error``,
    which is also a :class:`SettlementError`, the type every family's refusal shares."""
    with pytest.raises(error) as caught:
        settle(*args, **kwargs)
    assert isinstance(caught.value, SettlementError)
    return caught.value
