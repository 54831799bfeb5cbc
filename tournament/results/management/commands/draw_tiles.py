"""Draw the tile pictures (``static/img/tiles/*.svg``) the judge's page shows.

The pictures are ours, written here as plain SVG so that nothing is fetched
from outside and they print the same on paper (WeasyPrint reads them). A
suit is told apart by its colour *and* a glyph (萬 for characters, a ring
for dots, a stick for bamboo), so a tile reads in greyscale too; the number
is large, for a tile about 34 px wide on a phone. Run again after a change:
``manage.py draw_tiles`` rewrites every file.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

SANS = "DejaVu Sans, Arial, Helvetica, sans-serif"
CJK = "Noto Sans CJK JP, Noto Sans CJK SC, Hiragino Sans, Yu Gothic, Microsoft YaHei, sans-serif"
INK = "#1a1a1a"
RED = "#c81e1e"
SUIT_COLOURS = {"m": "#a1161b", "p": "#1d4ed8", "s": "#15703a"}
WINDS = {1: ("東", "E"), 2: ("南", "S"), 3: ("西", "W"), 4: ("北", "N")}
FACE = (
    '<rect x="1.5" y="1.5" width="45" height="61" rx="6" fill="#fffdf6" '
    'stroke="#5f5f5f" stroke-width="2"/>'
)


def _svg(title: str, body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 64" width="48" height="64" '
        f'role="img"><title>{title}</title>{FACE}{body}</svg>\n'
    )


def _text(x, y, size, fill, text, font=SANS) -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="{font}" font-size="{size}" font-weight="700" '
        f'fill="{fill}" text-anchor="middle">{text}</text>'
    )


def _suit_glyph(suit: str, colour: str) -> str:
    """The small mark under the number that says the suit without colour."""
    if suit == "m":
        return _text(24, 58, 15, colour, "萬", CJK)
    if suit == "p":
        return (
            f'<circle cx="24" cy="50" r="7.5" fill="none" stroke="{colour}" stroke-width="3"/>'
            f'<circle cx="24" cy="50" r="2.5" fill="{colour}"/>'
        )
    return (
        f'<rect x="20.5" y="41" width="7" height="18" rx="3.5" fill="{colour}"/>'
        '<line x1="20.5" y1="50" x2="27.5" y2="50" stroke="#fffdf6" stroke-width="1.6"/>'
    )


def suited(digit: str, suit: str) -> str:
    """1-9 of a suit; ``0`` is the red five: a red 5 with a red corner mark."""
    red = digit == "0"
    colour = RED if red else SUIT_COLOURS[suit]
    body = _text(24, 36, 34, colour, "5" if red else digit) + _suit_glyph(suit, colour)
    if red:
        body += f'<path d="M33 3.5 H40.5 A4.5 4.5 0 0 1 44.5 8 V15 Z" fill="{RED}"/>'
    return _svg(f"{digit}{suit}", body)


def honour(n: int) -> str:
    """1z-4z the winds (with a small E S W N), 5z-7z the white, green and red dragons."""
    if n in WINDS:
        char, letter = WINDS[n]
        return _svg(f"{n}z", _text(24, 38, 30, INK, char, CJK) + _text(24, 58, 13, "#555", letter))
    if n == 5:
        frame = (
            '<rect x="11" y="11" width="26" height="42" rx="3" fill="none" '
            'stroke="#1d4ed8" stroke-width="3"/>'
            '<rect x="16" y="16" width="16" height="32" rx="2" fill="none" '
            'stroke="#1d4ed8" stroke-width="1.5"/>'
        )
        return _svg("5z", frame)
    char, colour = ("發", "#15703a") if n == 6 else ("中", RED)
    return _svg(f"{n}z", _text(24, 43, 32, colour, char, CJK))


def all_tiles() -> dict[str, str]:
    """File name -> SVG text, for every tile the picker and the hand show."""
    tiles = {}
    for suit in "mps":
        for digit in "0123456789":
            tiles[f"{digit}{suit}.svg"] = suited(digit, suit)
    for n in range(1, 8):
        tiles[f"{n}z.svg"] = honour(n)
    return tiles


class Command(BaseCommand):
    help = "Write the tile pictures to static/img/tiles/."

    def handle(self, *args, **options):
        folder = Path(settings.BASE_DIR) / "static" / "img" / "tiles"
        folder.mkdir(parents=True, exist_ok=True)
        for name, svg in all_tiles().items():
            (folder / name).write_text(svg, encoding="utf-8")
        self.stdout.write(f"{len(all_tiles())} tiles written to {folder}")
