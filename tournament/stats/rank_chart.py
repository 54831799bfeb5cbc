"""A player's overall rank after each round, drawn as an SVG on the server.

Why SVG made here: no JavaScript library, the same picture on the page and on
the printed score card (WeasyPrint), and the Content-Security-Policy allows
no inline ``style=``: everything is drawn with presentation attributes. It is
black on white with a solid line and filled dots, so it reads in black and
white. Rank 1 is at the top. Every text is escaped, so the string may be
marked safe; ``role="img"``, a ``<title>`` and an ``aria-label`` tell the
ranks to a screen reader.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from django.utils import translation
from django.utils.translation import gettext as _

from tournament.stats.types import PlayerStats

LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 36  # room for the rank and round labels
PAD = 18  # the first and last dots stand clear of the axis
FONT = 'font-family="sans-serif"'


def rank_chart_svg(
    stats: PlayerStats, *, lang: str, width: int = 480, height: int = 200, name: str = ""
) -> str:
    """The chart of ``stats.ranks`` in ``lang``; a small "No rounds yet" picture without rounds.

    ``name`` (optional) names the player in the title.
    """
    with translation.override(lang):
        if not stats.ranks:
            return _empty(width)
        title = (
            _("Rank of %(name)s after each round") % {"name": name}
            if name
            else _("Rank after each round")
        )
        label = f"{title}: " + "; ".join(
            _("Round %(round)s: rank %(rank)s of %(players)s")
            % {"round": number, "rank": rank, "players": _bottom(stats)}
            for number, rank in stats.ranks
        )
        body = _axes(stats, width, height) + _line(stats, width, height)
        return _svg(width, height, title, label, body)


def _svg(width: int, height: int, title: str, label: str, body: list[str]) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rank-chart" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f"aria-label={quoteattr(label)}>"
    )
    texts = f"<title>{escape(label)}</title><desc>{escape(title)}</desc>"
    return head + texts + "".join(body) + "</svg>"


def _empty(width: int) -> str:
    text = _("No rounds yet")
    height = 40
    body = [
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" fill="#ffffff" '
        'stroke="#000000" stroke-width="1"/>',
        f'<text x="{width // 2}" y="25" text-anchor="middle" font-size="13" {FONT} '
        f'fill="#000000">{escape(text)}</text>',
    ]
    return _svg(width, height, text, text, body)


def _bottom(stats: PlayerStats) -> int:
    """The lowest rank drawn: the number of ranked players, or the worst rank held."""
    return max([stats.players, *(rank for _n, rank in stats.ranks), 1])


def _x(i: int, count: int, width: int) -> float:
    inner = width - LEFT - RIGHT - 2 * PAD
    return LEFT + PAD + (inner / 2 if count == 1 else inner * i / (count - 1))


def _y(rank: int, bottom: int, height: int) -> float:
    inner = height - TOP - BOTTOM
    return TOP + (0 if bottom == 1 else inner * (rank - 1) / (bottom - 1))


def _text(x: float, y: float, text, anchor: str = "middle", size: int = 11) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" {FONT} '
        f'fill="#000000">{escape(str(text))}</text>'
    )


def _axes(stats: PlayerStats, width: int, height: int) -> list[str]:
    """The frame, rank 1 and the last rank on the left, each round's number below."""
    bottom = _bottom(stats)
    count = len(stats.ranks)
    base = height - BOTTOM
    out = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}" stroke="#000000" stroke-width="1"/>',
        f'<line x1="{LEFT}" y1="{base}" x2="{width - RIGHT}" y2="{base}" '
        'stroke="#000000" stroke-width="1"/>',
    ]
    for rank in sorted({1, bottom}):
        y = _y(rank, bottom, height)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{width - RIGHT}" y2="{y:.1f}" '
            'stroke="#999999" stroke-width="0.5" stroke-dasharray="3 3"/>'
        )
        out.append(_text(LEFT - 6, y + 4, rank, "end"))
    for i, (number, _rank) in enumerate(stats.ranks):
        out.append(_text(_x(i, count, width), base + 14, number))
    out.append(_text((LEFT + width - RIGHT) / 2, height - 4, _("Round"), size=12))
    mid = (TOP + base) / 2
    out.append(
        f'<text x="12" y="{mid:.1f}" text-anchor="middle" font-size="12" {FONT} '
        f'fill="#000000" transform="rotate(-90 12 {mid:.1f})">{escape(_("Rank"))}</text>'
    )
    return out


def _line(stats: PlayerStats, width: int, height: int) -> list[str]:
    """The ranks joined by a solid line, one dot per round with its rank beside it."""
    bottom = _bottom(stats)
    count = len(stats.ranks)
    points = [
        (_x(i, count, width), _y(rank, bottom, height), number, rank)
        for i, (number, rank) in enumerate(stats.ranks)
    ]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y, _n, _r in points)
    out = [f'<polyline points="{path}" fill="none" stroke="#000000" stroke-width="2"/>']
    for x, y, number, rank in points:
        out.append(
            f'<circle class="rank-point" cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="#000000" '
            f'data-round="{number}" data-rank="{rank}"/>'
        )
        out.append(_text(x, y - 7 if y > TOP + 10 else y + 16, rank, size=10))
    return out
