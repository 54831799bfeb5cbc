"""One hand rebuilt from its play: who holds what, and how each win came about.

The table follows the log event by event: the deal, each draw and discard,
calls, riichi, new dora indicators. When the hand ends it knows, from the
play alone, each winner's concealed tiles, calls and winning tile, the
situation flags (riichi and double riichi, ippatsu, haitei and houtei,
rinshan, chankan, tenhou and chiihou), who is liable for a yakuman fed by
a call (pao), and at a draw who is ready (tenpai) and who discarded only
terminals and honours with none called (nagashi). The log's AGARI and
RYUUKYOKU figures are kept beside it, for the comparison only.

Vocabulary: *wall draws* count every draw of the hand, a replacement
draw after a kan included (each one moves a tile from the live wall to the
dead wall); the 70th is the last (136 tiles less 14 in the dead wall and
4 x 13 dealt), so it is *haitei* and the discard after it *houtei*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.core.shapes import waits
from scoring.core.tiles import NUM_KINDS, Tile, to_mpsz
from scoring.logs.lobby import three_players
from scoring.logs.melds import COPIES, Call, decode_call
from scoring.logs.tenhou import DEALT, PLAYERS, HandLog, LogError, numbers, seat_of, tile_ids

WALL_DRAWS = 70
RED_IDS = frozenset({16, 52, 88})  # the copy 0 of 5m, 5p, 5s
EAST, NORTH, WHITE = 27, 30, 31
DRAGON_KINDS, WIND_KINDS = range(WHITE, NUM_KINDS), range(EAST, NORTH + 1)
# Pao (rules/riichi.md §2): the call that completes the third dragon set or the fourth wind set.
PAO = (("daisangen", DRAGON_KINDS, 3), ("daisuushii", WIND_KINDS, 4))
MELD_TYPES = {
    "chi": ("chi", False, False),
    "pon": ("pon", False, False),
    "open_kan": ("kan", False, False),
    "added_kan": ("kan", False, True),
    "closed_kan": ("kan", True, False),
}
SEAT_WINDS = "ESWN"
CHI_FEEDER = 3  # a chi takes the previous player's discard
NINE_KINDS = 9  # kyuushu kyuuhai: nine kinds of terminals and honours in the first draw


@dataclass(frozen=True)
class Win:
    """One winner as the play shows it, and the log's AGARI for the comparison."""

    seat: int
    discarder: int | None  # None on a self-draw
    hand: dict[str, Any]  # hand-format.md, without ruleset and options
    tiles: tuple[int, ...]  # concealed tile ids with the winning tile (AGARI ``hai``)
    calls: tuple[int, ...]  # call codes (AGARI ``m``)
    win_tile: int
    dora: tuple[int, ...]  # the dora indicators as revealed (AGARI ``doraHai``)
    liable: int | None
    liable_yaku: str | None
    log: dict[str, str]


@dataclass(frozen=True)
class HandPlay:
    wins: tuple[Win, ...]
    riichi: tuple[int, ...]  # seats whose riichi stood this hand (their stick is down)
    end: dict[str, str] | None  # the RYUUKYOKU, when nobody won
    tenpai: tuple[int, ...]  # at a draw, from the tiles
    nagashi: tuple[int, ...]  # at an exhaustive draw, from the discards
    abort_ok: bool  # an abortive draw's reason holds in the play
    dora: tuple[int, ...]  # indicator ids as revealed


def tile(tile_id: int, red: bool) -> Tile:
    return Tile(tile_id // COPIES, red=red and tile_id in RED_IDS)


def mpsz(ids, red: bool) -> str:
    return to_mpsz(tile(i, red) for i in ids)


def in_order(ids, red: bool) -> str:
    """Indicators in the order they were revealed (mpsz, one tile at a time)."""
    return "".join(str(tile(i, red)) for i in ids)


def is_terminal_or_honour(tile_id: int) -> bool:
    kind = tile_id // COPIES
    return kind >= EAST or kind % 9 in (0, 8)


@dataclass
class _Seat:
    concealed: list[int]
    calls: list[Call] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    draws: int = 0
    claimed: bool = False  # one of its discards was called
    rinshan: bool = False  # its next draw replaces a kan


class Table:
    """The state of one hand, moved by :meth:`play` one event at a time."""

    def __init__(self, log: HandLog, red: bool, round_wind: str):
        where = self.where = f"hand {log.number + 1}"
        init = log.init
        seed = numbers(init, "seed", f"{where} <INIT>", 6)
        self.dealer = seat_of(init, "oya", f"{where} <INIT>")
        hands = [tile_ids(init, f"hai{s}", f"{where} <INIT>") for s in range(PLAYERS)]
        if any(not h for h in hands):
            raise three_players("a seat is dealt no tiles")
        if any(len(h) != DEALT for h in hands):
            raise LogError("bad_log", f"{where} <INIT>: each seat is dealt {DEALT} tiles")
        self.red, self.round_wind = red, round_wind
        self.seats = [_Seat(list(h)) for h in hands]
        self.seen = set()
        for t in (*[i for h in hands for i in h], seed[5]):
            self._see(t, "the deal")
        self.dora = [seed[5]]
        self.draws = 0
        self.any_call = False
        self.last_draw: tuple[int, int, bool] | None = None  # seat, tile, replacement draw
        self.last_discard: tuple[int, int, int] | None = None  # seat, tile, wall draws then
        self.robbable: tuple[int, int, frozenset[int], bool] | None = None
        self.pending: tuple[int, bool] | None = None  # riichi declared, not yet standing
        self.riichi: list[int] = []
        self.double: set[int] = set()
        self.ippatsu: set[int] = set()
        self.pao: dict[int, tuple[int, str]] = {}
        self.wins: list[Win] = []
        self.end: dict[str, str] | None = None
        self.turn = (self.dealer, "draw")  # who moves next, and how

    # --- the events ------------------------------------------------------------

    def play(self, log: HandLog) -> HandPlay:
        for event in log.events:
            if event.tag == "draw":
                self._draw(event.seat, event.tile)
            elif event.tag == "discard":
                self._discard(event.seat, event.tile)
            elif event.tag == "N":
                self._call(event.attrs)
            elif event.tag == "REACH":
                self._reach(event.attrs)
            elif event.tag == "DORA":
                (indicator,) = tile_ids(event.attrs, "hai", f"{self.where} <DORA>", 1)
                self._see(indicator, "a new dora indicator")
                self.dora.append(indicator)
            elif event.tag == "AGARI":
                self.wins.append(self._win(event.attrs))
            elif event.tag == "RYUUKYOKU":
                self.end = event.attrs
        return self._result()

    def _see(self, tile_id: int, what: str) -> None:
        if not 0 <= tile_id < COPIES * NUM_KINDS:
            raise LogError("bad_log", f"{self.where}: tile id {tile_id} is not 0-135 ({what})")
        if tile_id in self.seen:
            raise LogError("bad_log", f"{self.where}: tile id {tile_id} comes twice ({what})")
        self.seen.add(tile_id)

    def _expect(self, seat: int, action: str, what: str) -> None:
        if self.turn != (seat, action):
            raise LogError("bad_log", f"{self.where}: seat {seat} {what} out of turn")

    def _draw(self, seat: int, tile_id: int) -> None:
        self._expect(seat, "draw", "draws")
        self.turn = (seat, "discard")
        if self.draws == WALL_DRAWS:
            raise LogError("bad_log", f"{self.where}: a draw after the wall's {WALL_DRAWS}th")
        self._see(tile_id, "a draw")
        me = self.seats[seat]
        me.concealed.append(tile_id)
        me.draws += 1
        self.draws += 1
        self.last_draw = (seat, tile_id, me.rinshan)
        me.rinshan = False
        self.robbable = None

    def _discard(self, seat: int, tile_id: int) -> None:
        self._expect(seat, "discard", "discards")
        self.turn = ((seat + 1) % PLAYERS, "draw")
        me = self.seats[seat]
        self._take(me, (tile_id,), f"seat {seat} discards")
        me.discards.append(tile_id)
        self.ippatsu.discard(seat)  # the riichi's own discard comes before it stands
        self.last_discard = (seat, tile_id, self.draws)
        self.robbable = None

    def _take(self, me: _Seat, ids, what: str) -> None:
        for i in ids:
            if i not in me.concealed:
                raise LogError("bad_log", f"{self.where}: {what} tile {i}, not in that hand")
            me.concealed.remove(i)

    def _call(self, attrs: dict[str, str]) -> None:
        who = seat_of(attrs, "who", f"{self.where} <N>")
        (code,) = numbers(attrs, "m", f"{self.where} <N>", 1)
        call = decode_call(code, f"{self.where} <N>")
        me = self.seats[who]
        before = frozenset(self.ippatsu)
        self.any_call = True
        self.ippatsu.clear()  # any call ends every ippatsu turn
        if call.kind in ("added_kan", "closed_kan"):
            self._expect(who, "discard", "makes a kan")
        if call.kind == "added_kan":
            pon = next(
                (c for c in me.calls if c.kind == "pon" and c.kind_index == call.kind_index), None
            )
            if pon is None:
                raise LogError(
                    "bad_log", f"{self.where}: seat {who} adds to a pon it does not have"
                )
            self._take(me, (call.called,), f"seat {who} adds")
            me.calls[me.calls.index(pon)] = call
            self.robbable = (who, call.called, before, True)
        elif call.kind == "closed_kan":
            self._take(me, call.tiles, f"seat {who} makes a concealed kan of")
            me.calls.append(call)
            self.robbable = (who, call.tiles[0], before, False)
        else:
            self._claim(who, call)
        me.rinshan = call.is_kan
        self.turn = (who, "draw" if call.is_kan else "discard")

    def _claim(self, who: int, call: Call) -> None:
        feeder = (who + call.feeder) % PLAYERS
        fresh = self.last_discard is not None and self.last_discard[:2] == (feeder, call.called)
        if (
            not fresh
            or self.turn[1] != "draw"
            or (call.kind == "chi" and call.feeder != CHI_FEEDER)
        ):
            raise LogError("bad_log", f"{self.where}: seat {who} calls a tile not just discarded")
        me = self.seats[who]
        self._take(me, [t for t in call.tiles if t != call.called], f"seat {who} calls with")
        me.calls.append(call)
        self.seats[feeder].claimed = True
        if call.kind != "chi":
            for yaku, kinds, count in PAO:
                sets = {c.kind_index for c in me.calls if c.kind != "chi" and c.kind_index in kinds}
                if call.kind_index in kinds and len(sets) == count:
                    self.pao[who] = (feeder, yaku)

    def _reach(self, attrs: dict[str, str]) -> None:
        who = seat_of(attrs, "who", f"{self.where} <REACH>")
        step = attrs.get("step")
        if step == "1":
            first = not self.seats[who].discards and not self.any_call
            self.pending = (who, first)
        elif step == "2" and self.pending and self.pending[0] == who:
            self.riichi.append(who)
            self.ippatsu.add(who)
            if self.pending[1]:
                self.double.add(who)
            self.pending = None
        else:
            raise LogError(
                "bad_log", f"{self.where}: <REACH> step {step!r} of seat {who} out of turn"
            )

    # --- the end of the hand -----------------------------------------------------

    def _win(self, attrs: dict[str, str]) -> Win:
        where = f"{self.where} <AGARI>"
        who, source = seat_of(attrs, "who", where), seat_of(attrs, "fromWho", where)
        me = self.seats[who]
        flags = []
        if who in self.riichi:
            flags += ["riichi", "double_riichi"] if who in self.double else ["riichi"]
        if who == source:
            win_tile, situation, ippatsu = self._self_drawn(who, me)
            concealed = list(me.concealed)
            concealed.remove(win_tile)
            discarder = None
        else:
            win_tile, situation, ippatsu = self._on_discard(source)
            concealed, discarder = list(me.concealed), source
        flags += (["ippatsu"] if who in ippatsu else []) + situation
        ura = (
            tile_ids(attrs, "doraHaiUra", where)
            if "doraHaiUra" in attrs and who in self.riichi
            else []
        )
        hand = {
            "concealed": mpsz(concealed, self.red),
            "melds": [self._meld(c) for c in me.calls],
            "win_tile": str(tile(win_tile, self.red)),
            "win": "ron" if discarder is not None else "tsumo",
            "seat_wind": SEAT_WINDS[(who - self.dealer) % PLAYERS],
            "round_wind": self.round_wind,
            "dealer": who == self.dealer,
            "flags": flags,
            "dora_indicators": in_order(self.dora, self.red),
            "ura_indicators": in_order(ura, self.red),
        }
        liable, yaku = self.pao.get(who, (None, None))
        calls = tuple(c.code for c in me.calls)
        tiles = tuple(sorted((*concealed, win_tile)))
        dora = tuple(self.dora)
        return Win(who, discarder, hand, tiles, calls, win_tile, dora, liable, yaku, attrs)

    def _self_drawn(self, who: int, me: _Seat) -> tuple[int, list[str], set[int]]:
        if self.last_draw is None or self.last_draw[0] != who or self.turn != (who, "discard"):
            raise LogError("bad_log", f"{self.where}: seat {who} wins by self-draw without a draw")
        _, win_tile, replacement = self.last_draw
        flags = []
        if replacement:
            flags.append("rinshan")
        elif self.draws == WALL_DRAWS:
            flags.append("haitei")
        if me.draws == 1 and not self.any_call:
            flags.append("tenhou" if who == self.dealer else "chiihou")
        return win_tile, flags, self.ippatsu

    def _on_discard(self, source: int) -> tuple[int, list[str], set[int]]:
        if self.robbable is not None and self.robbable[0] == source:
            _, win_tile, before, added = self.robbable
            return win_tile, (["chankan"] if added else []), set(before)
        if self.last_discard is None or self.last_discard[0] != source or self.turn[1] != "draw":
            raise LogError(
                "bad_log", f"{self.where}: a win on seat {source}'s discard, which is not the last"
            )
        _, win_tile, draws = self.last_discard
        return win_tile, (["houtei"] if draws == WALL_DRAWS else []), self.ippatsu

    def _meld(self, call: Call) -> dict[str, Any]:
        kind, concealed, added = MELD_TYPES[call.kind]
        return {
            "type": kind,
            "tiles": mpsz(call.tiles, self.red),
            "concealed": concealed,
            "added": added,
        }

    def _result(self) -> HandPlay:
        if not self.wins and self.end is None:
            raise LogError("damaged", f"{self.where} has no end")
        kind = (self.end or {}).get("type")
        exhaustive = self.end is not None and kind in (None, "nm")
        if exhaustive and (self.draws != WALL_DRAWS or self.turn[1] != "draw"):
            raise LogError(
                "bad_log", f"{self.where}: a draw with {WALL_DRAWS - self.draws} tiles left"
            )
        return HandPlay(
            wins=tuple(self.wins),
            riichi=tuple(self.riichi),
            end=self.end,
            tenpai=tuple(s for s in range(PLAYERS) if self._ready(s)) if exhaustive else (),
            nagashi=tuple(s for s in range(PLAYERS) if self._nagashi(s)) if exhaustive else (),
            abort_ok=self._abort_holds(kind) if self.end is not None else True,
            dora=tuple(self.dora),
        )

    def _ready(self, seat: int) -> bool:
        """Tenpai as Tenhou counts it: a wait on a kind the hand does not hold all four of."""
        me = self.seats[seat]
        counts = [0] * NUM_KINDS
        for t in me.concealed:
            counts[t // COPIES] += 1
        held = list(counts)
        for c in me.calls:
            for t in c.tiles:
                held[t // COPIES] += 1
        return any(held[k] < COPIES for k in waits(counts, len(me.calls)))

    def _nagashi(self, seat: int) -> bool:
        me = self.seats[seat]
        return bool(me.discards) and not me.claimed and all(map(is_terminal_or_honour, me.discards))

    def _abort_holds(self, kind: str | None) -> bool:
        """Whether the play shows the reason of an abortive draw (Tenhou's five kinds)."""
        firsts = [s.discards[:1] for s in self.seats]
        if kind == "yao9":
            shown = [s for s in range(PLAYERS) if f"hai{s}" in self.end]
            return any(self._nine_kinds(s) for s in shown)
        if kind == "reach4":
            return len(self.riichi) == PLAYERS
        if kind == "kaze4":
            kinds = {f[0] // COPIES for f in firsts if f}
            return (
                not self.any_call and all(firsts) and len(kinds) == 1 and kinds <= set(WIND_KINDS)
            )
        if kind == "kan4":
            kans = [s for s in range(PLAYERS) for c in self.seats[s].calls if c.is_kan]
            return len(kans) == COPIES and len(set(kans)) > 1
        return True  # ron3 (three players claimed one discard); exhaustive draws

    def _nine_kinds(self, seat: int) -> bool:
        me = self.seats[seat]
        kinds = {t // COPIES for t in me.concealed if is_terminal_or_honour(t)}
        return me.draws == 1 and not me.discards and not self.any_call and len(kinds) >= NINE_KINDS
