"""Our figures against the log's own: each disagreement becomes one entry of ``differs``.

An entry names the hand (its label, ``E1-0``; None for the game's end), the
log seat (or None), *what* differs, and the two values, ``ours`` and
``theirs``. What is compared:

- at each deal: the position (round, dealer, honba, sticks) and each seat's
  points, against the ones our replay reached;
- each win: the winner's tiles, calls and winning tile, the dora
  indicators, who is liable (pao); the value (``ten``: fu, points, limit),
  the han, the yaku and the dora counts; the log's yaku list is read here
  and nowhere else;
- each hand's payments (the ``sc`` changes, with the riichi sticks paid
  during the hand), who was ready at a draw, nagashi, an abortive draw's reason;
- the game's end (``owari``): final points and results.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from scoring.core.names import name_table
from scoring.core.result import Result
from scoring.families.riichi.points import FORMULA_MAX_HAN, MANGAN
from scoring.logs.play import HandPlay, Win
from scoring.logs.tenhou import PLAYERS, decimals, numbers, seat_of

POINTS_UNIT = 100  # Tenhou writes points in hundreds
STICK = 1_000
DORA_KEYS = ("dora", "ura_dora", "aka_dora")
YAKUMAN_HAN = 13
# Tenhou's limit codes in ``ten`` (corpus/FORMAT.md): ours by name.
TENHOU_LIMITS = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4}
TENHOU_YAKUMAN = 5


def differ(hand: str | None, seat: int | None, what: str, ours: Any, theirs: Any) -> dict[str, Any]:
    return {"hand": hand, "seat": seat, "what": what, "ours": ours, "theirs": theirs}


@cache
def _key_of_tenhou_id() -> dict[int, str]:
    table = name_table("riichi_yaku")
    return {int(row["tenhou_id"]): key for key, row in table.items() if row["tenhou_id"]}


def position(label: str, ours: dict[str, Any], init: dict[str, str], where: str) -> list[dict]:
    """The deal's position and points (``INIT seed`` and ``ten``) against our replay's."""
    seed = numbers(init, "seed", where, 6)
    theirs = {"round": seed[0], "honba": seed[1], "sticks": seed[2]}
    theirs["dealer"] = seat_of(init, "oya", where)
    out = [differ(label, None, k, ours[k], theirs[k]) for k in theirs if ours[k] != theirs[k]]
    ten = numbers(init, "ten", where, PLAYERS)
    out += [
        differ(label, s, "points_before", ours["points"][s], ten[s] * POINTS_UNIT)
        for s in range(PLAYERS)
        if ours["points"][s] != ten[s] * POINTS_UNIT
    ]
    return out


def win_figures(label: str, win: Win, result: Result, where: str) -> list[dict]:
    """One win's tiles and value against its AGARI."""
    log, seat = win.log, win.seat
    out = []
    tiles = {
        "tiles": (list(win.tiles), sorted(numbers(log, "hai", where))),
        "calls": (sorted(win.calls), sorted(numbers(log, "m", where)) if log.get("m") else []),
        "win_tile": (win.win_tile, numbers(log, "machi", where, 1)[0]),
        "dora_indicators": (list(win.dora), numbers(log, "doraHai", where)),
        "liable": (win.liable, seat_of(log, "paoWho", where) if "paoWho" in log else None),
    }
    out += [differ(label, seat, k, a, b) for k, (a, b) in tiles.items() if a != b]
    if not result.valid:
        return [*out, differ(label, seat, "valid", result.error.to_dict(), log.get("ten"))]
    fu, points, limit = numbers(log, "ten", where, 3)
    yakuman = result.yakuman > 0
    ours_limit = _tenhou_limit(result)
    theirs_han, theirs_yaku, theirs_dora = _log_yaku(log, where)
    values = {
        "han": (result.han, theirs_han),
        "points": (result.points, points),
        "limit": (ours_limit, limit),
        "yaku": (sorted(i.key for i in result.items if i.key not in DORA_KEYS), theirs_yaku),
    }
    if not yakuman:
        values["fu"] = (result.fu, fu)
        counts = {i.key: i.count for i in result.items}
        values |= {k: (counts.get(k, 0), theirs_dora.get(k, 0)) for k in DORA_KEYS}
    return out + [differ(label, seat, k, a, b) for k, (a, b) in values.items() if a != b]


def _tenhou_limit(result: Result) -> int:
    """Tenhou's limit code of our result; a kiriage mangan (4 han 30 fu, 3 han 60) is 0 there."""
    if result.yakuman or result.limit not in TENHOU_LIMITS:
        return TENHOU_YAKUMAN
    below = result.han <= FORMULA_MAX_HAN and result.fu * 2 ** (result.han + 2) < MANGAN
    return 0 if result.limit == "mangan" and below else TENHOU_LIMITS[result.limit]


def _log_yaku(log: dict[str, str], where: str) -> tuple[int, list[str], dict[str, int]]:
    """The log's han, yaku keys (no dora) and dora counts, from ``yaku`` or ``yakuman``."""
    keys = _key_of_tenhou_id()
    if log.get("yakuman"):
        ids = numbers(log, "yakuman", where)
        return YAKUMAN_HAN * len(ids), sorted(keys.get(i, str(i)) for i in ids), {}
    pairs = numbers(log, "yaku", where) if log.get("yaku") else []
    han, yaku, dora = 0, [], {}
    for i, value in zip(pairs[::2], pairs[1::2], strict=True):
        han += value
        key = keys.get(i, str(i))
        if key in DORA_KEYS:
            dora[key] = value
        else:
            yaku.append(key)
    return han, sorted(yaku), dora


def log_deltas(ends: list[dict[str, str]], riichi: tuple[int, ...], where: str) -> list[int]:
    """The hand's change per seat by the log: its ``sc`` changes less the sticks put down."""
    out = [0] * PLAYERS
    for attrs in ends:
        sc = numbers(attrs, "sc", where, least=2 * PLAYERS)
        for s in range(PLAYERS):
            out[s] += sc[2 * s + 1] * POINTS_UNIT
    for s in riichi:
        out[s] -= STICK
    return out


def payments(label: str, ours: list[int], theirs: list[int]) -> list[dict]:
    return [
        differ(label, s, "delta", ours[s], theirs[s])
        for s in range(PLAYERS)
        if ours[s] != theirs[s]
    ]


def draw_figures(label: str, play: HandPlay) -> list[dict]:
    """Who was ready, nagashi and an abortive draw's reason, by the play and by the RYUUKYOKU."""
    end = play.end or {}
    kind = end.get("type")
    out = []
    if kind in (None, "nm"):
        shown = [s for s in range(PLAYERS) if f"hai{s}" in end]
        if list(play.tenpai) != shown:
            out.append(differ(label, None, "tenpai", list(play.tenpai), shown))
        if bool(play.nagashi) != (kind == "nm"):
            out.append(differ(label, None, "nagashi", list(play.nagashi), kind == "nm"))
    elif not play.abort_ok:
        out.append(differ(label, None, "abortive_draw", "no reason in the play", kind))
    return out


def game_end(
    owari: dict[str, str] | None, final: list[int], results: list[Fraction] | None, where: str
) -> list[dict]:
    """Final points and results against ``owari`` (its first eight numbers; chips follow)."""
    if owari is None:
        return []
    figures = decimals(owari, "owari", where, 2 * PLAYERS)
    out = []
    for s in range(PLAYERS):
        points = round(float(figures[2 * s]) * POINTS_UNIT)
        if final[s] != points:
            out.append(differ(None, s, "final_points", final[s], points))
        theirs = Fraction(figures[2 * s + 1])
        if results is not None and round(results[s], 1) != theirs:
            out.append(differ(None, s, "session_score", float(results[s]), float(theirs)))
    return out
