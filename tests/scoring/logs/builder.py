"""Small Tenhou logs written by the tests: a deal, the play, and the log's own figures.

Tiles are named in mpsz; each hand hands out the tile ids (copy 3 first, so
that the red copy 0 of a five is the last one used) and remembers who holds
which, so a discard or a win can be written by name.
"""

from __future__ import annotations

from collections.abc import Callable

from scoring.core.tiles import parse_tiles

HEADER = '<mjloggm ver="2.3"><GO type="{type}" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d"/>'
DRAW, DISCARD = "TUVW", "DEFG"


def kinds(text: str) -> list[int]:
    return [t.kind for t in parse_tiles(text)]


def joined(ids) -> str:
    return ",".join(str(i) for i in ids)


class Hand:
    """One hand's XML, written event by event."""

    def __init__(
        self, seed: tuple[int, int, int], oya: int, ten: list[int], deal: list[str], dora: str
    ):
        self.free = {k: [3, 2, 1, 0] for k in range(34)}
        self.held: list[list[int]] = [self.take(d) for d in deal]
        self.dora = self.take(dora)[0]
        self.indicators = [self.dora]
        self.parts = [
            f'<INIT seed="{seed[0]},{seed[1]},{seed[2]},0,0,{self.dora}" ten="{joined(ten)}" '
            f'oya="{oya}" ' + " ".join(f'hai{s}="{joined(self.held[s])}"' for s in range(4)) + "/>"
        ]
        self.last: int | None = None

    def new_dora(self, text: str) -> Hand:
        (tile,) = self.take(text)
        self.indicators.append(tile)
        self.parts.append(f'<DORA hai="{tile}"/>')
        return self

    def take(self, text: str) -> list[int]:
        out = []
        for kind in kinds(text):
            out.append(kind * 4 + self.free[kind].pop(0))
        return out

    def draw(self, seat: int, text: str) -> Hand:
        (tile,) = self.take(text)
        self.held[seat].append(tile)
        self.parts.append(f"<{DRAW[seat]}{tile}/>")
        return self

    def discard(self, seat: int, text: str) -> Hand:
        (kind,) = kinds(text)
        tile = next(t for t in reversed(self.held[seat]) if t // 4 == kind)
        self.held[seat].remove(tile)
        self.last = tile
        self.parts.append(f"<{DISCARD[seat]}{tile}/>")
        return self

    def turn(self, seat: int, text: str) -> Hand:
        """Draw a tile and discard it at once."""
        return self.draw(seat, text).discard(seat, text)

    def reach(self, seat: int, text: str, ten: list[int]) -> Hand:
        self.parts.append(f'<REACH who="{seat}" step="1"/>')
        self.draw(seat, text).discard(seat, text)
        self.parts.append(f'<REACH who="{seat}" ten="{joined(ten)}" step="2"/>')
        return self

    def closed_kan(self, seat: int, text: str) -> Hand:
        (kind,) = kinds(text)
        quad = [t for t in self.held[seat] if t // 4 == kind]
        for t in quad:
            self.held[seat].remove(t)
        self.parts.append(f'<N who="{seat}" m="{(kind * 4) << 8}"/>')
        return self

    def pon(self, seat: int, feeder: int, text: str, added_later: int) -> Hand:
        """``seat`` pons the tile ``feeder`` just discarded; ``added_later``: the copy left out."""
        (kind,) = kinds(text)
        three = sorted(kind * 4 + c for c in range(4) if c != added_later)
        called = three.index(self.last)
        for t in three:
            if t != self.last:
                self.held[seat].remove(t)
        packed = (kind * 3 + called) << 9
        self.pon_code = packed | (added_later << 5) | 0x8 | (feeder - seat) % 4
        self.parts.append(f'<N who="{seat}" m="{self.pon_code}"/>')
        return self

    def added_kan(self, seat: int, text: str) -> Hand:
        (kind,) = kinds(text)
        added = next(t for t in self.held[seat] if t // 4 == kind)
        self.held[seat].remove(added)
        self.last = added
        code = (self.pon_code & ~0x8) | 0x10
        self.parts.append(f'<N who="{seat}" m="{code}"/>')
        return self

    def free_kinds(self, wanted: Callable[[int], bool]) -> list[str]:
        """Every tile left in the wall whose kind passes ``wanted``, in mpsz, one by one."""
        out = []
        for kind, copies in self.free.items():
            if wanted(kind):
                out += [f"{kind % 9 + 1}{'mpsz'[kind // 9]}"] * len(copies)
        return out

    def hand_of(self, seat: int, win: int | None = None) -> str:
        return joined(sorted([*self.held[seat], *([win] if win is not None else [])]))

    def end(self, xml: str) -> Hand:
        self.parts.append(xml)
        return self

    def xml(self) -> str:
        return "".join(self.parts)


def game(*hands: Hand, type: int = 169) -> bytes:
    return (HEADER.format(type=type) + "".join(h.xml() for h in hands) + "</mjloggm>").encode()
