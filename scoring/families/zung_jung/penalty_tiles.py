"""Penalty tiles and false wins over a Zung Jung sheet (rules/zung-jung.md §6, seed 001 L80-L97).

Vocabulary:

- *penalty tiles* (罰牌): tiles a player exposed improperly; they stay face
  up (seed 001 L82) until the hand ends, so a ruling binds the offender's
  win **in the hand it was made during** (its ``after_hand``), entered or
  being played. The next hand is dealt afresh.
- A ``penalty_tiles`` ledger entry names them (its ``tiles``); a
  ``false_win`` entry exposes the whole hand (L97): its tiles, where the
  judge typed them, become penalty tiles; where not, the whole hand is
  exposed and, read with the 3-or-more rule, only a self-draw can win ⚠.
- *self-draw only* (L91-L92): with 3 or more penalty tiles a player may not
  win on a discard at all.
- Used in a discard win (L87-L90): the engine refuses a hand whose group
  completed by the discard holds one (:mod:`scoring.families.zung_jung.hand`);
  at value level the judge ticks that none was (``no_penalty_tile``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from scoring.core.errors import HandError
from scoring.core.tiles import Tile, parse_tiles, to_mpsz
from scoring.sheets.common import SheetError, refusal
from scoring.sheets.penalties import Entry

RULE = "Zung Jung §6"
SELF_DRAW_RULE = f"{RULE}, seed 001 L91-L92"  # 3 or more penalty tiles: only a self-draw
EXPOSING = ("penalty_tiles", "false_win")


@dataclass(frozen=True)
class Held:
    """What one player holds face up in one hand (``hand`` from 0)."""

    hand: int
    seat: str
    tiles: tuple[Tile, ...] = ()
    false_win: bool = False  # a false win whose tiles the judge did not type
    self_draw_only: bool = False

    def to_dict(self) -> dict:
        return {
            "hand": self.hand,
            "seat": self.seat,
            "tiles": to_mpsz(self.tiles) if self.tiles else "",
            "self_draw_only": self.self_draw_only,
        }


def held_penalty_tiles(ledger: Sequence[Entry], least: int) -> dict[tuple[int, str], Held]:
    """(hand, seat) -> what that player holds face up, from the ledger's rulings.

    ``least`` is the count from which only a self-draw can win (3, L92).
    A ``penalty_tiles`` entry must say its hand and its tiles.
    """
    found: dict[tuple[int, str], Held] = {}
    for entry in ledger:
        if entry.category not in EXPOSING:
            continue
        where = f"penalties[{entry.index}]"
        if entry.after_hand is None:
            if entry.category == "penalty_tiles":
                raise _unsaid(
                    f"{where}.after_hand",
                    f"penalty tiles lie face up during one hand ({RULE}): say which hand",
                    "penalty_tiles_hand_needed",
                )
            continue  # a false win logged without its hand: the ledger entry only
        tiles = _tiles(entry, where)
        key = (entry.after_hand, entry.player)
        before = found.get(key, Held(*key))
        unknown = before.false_win or (entry.category == "false_win" and not tiles)
        together = (*before.tiles, *tiles)
        found[key] = Held(
            *key,
            tiles=tuple(sorted(together)),
            false_win=unknown,
            self_draw_only=unknown or len(together) >= least,
        )
    return found


def _unsaid(field: str, message: str, code: str) -> SheetError:
    """A ``penalty_tiles`` entry that leaves out what it must say (its hand, its tiles)."""
    return SheetError(field, "bad_input", message, {"field": field, **refusal(code, rule=RULE)})


def _tiles(entry: Entry, where: str) -> tuple[Tile, ...]:
    if not entry.tiles:
        if entry.category == "penalty_tiles":
            raise _unsaid(
                f"{where}.tiles", f"name the penalty tiles ({RULE})", "penalty_tiles_needed"
            )
        return ()
    try:
        return tuple(parse_tiles(entry.tiles, "tiles"))
    except HandError as problem:
        params = {"detail": str(problem)}
        if problem.info.refusal is not None:
            params["refusal"] = problem.info.refusal_dict()
        raise SheetError(f"{where}.tiles", problem.info.code, str(problem), params) from None


def check_discard_win(held: Held | None, row, *, level: str, least: int) -> None:
    """Refuse a discard win (or robbing a kong) the offender's penalty tiles forbid.

    ``row`` is the hand's :class:`scoring.sheets.reading.Row`. With 3 or more
    (or after a false win whose tiles are unknown) no discard win at all;
    otherwise at value level the judge must tick ``no_penalty_tile``.
    """
    if held is None:
        return
    shown = to_mpsz(held.tiles) if held.tiles else "the whole hand"
    if held.self_draw_only:
        why = (
            "made a false win in this hand: the whole hand became penalty tiles"
            if held.false_win
            else f"holds {len(held.tiles)} penalty tiles ({shown})"
        )
        words = (
            refusal("false_win_self_draw_only", seat=held.seat, rule=SELF_DRAW_RULE)
            if held.false_win
            else refusal(
                "held_penalty_self_draw_only",
                seat=held.seat,
                count=len(held.tiles),
                tiles=shown,
                most=least,
                rule=SELF_DRAW_RULE,
            )
        )
        raise SheetError(
            row.field("outcome"),
            "penalty_tile",
            f"{held.seat} {why}; with {least} or more a player may win only by self-draw "
            f"({RULE}, seed 001 L91-L92)",
            {"seat": held.seat, "tiles": shown, "detail": "", **words},
        )
    if level == "value" and row.data.get("no_penalty_tile") is not True:
        raise SheetError(
            row.field("no_penalty_tile"),
            "penalty_tile",
            f"{held.seat} holds penalty tiles ({shown}): confirm that none of them is in the "
            f"group the discard completes ({RULE}, seed 001 L87-L90)",
            {
                "seat": held.seat,
                "tiles": shown,
                **refusal(
                    "penalty_tile_confirm",
                    seat=held.seat,
                    tiles=to_mpsz(held.tiles),
                    rule=f"{RULE}, seed 001 L87-L90",
                ),
            },
        )


def with_penalty_tiles(hand, held: Held | None):
    """The hand's JSON with the winner's penalty tiles that its standing tiles hold.

    A penalty tile no longer in ``concealed`` was discarded while live
    (L84), so it binds nothing. Tiles the judge typed in the hand stay.
    """
    if held is None or not held.tiles or not isinstance(hand, dict):
        return hand
    if hand.get("penalty_tiles") or not isinstance(hand.get("concealed"), str):
        return hand
    try:
        standing = Counter(t.kind for t in parse_tiles(hand["concealed"], "concealed"))
    except HandError:
        return hand  # the engine reports the concealed tiles' own error
    kept = []
    for tile in held.tiles:
        if standing[tile.kind] > 0:
            standing[tile.kind] -= 1
            kept.append(tile)
    return {**hand, "penalty_tiles": to_mpsz(kept)} if kept else hand
