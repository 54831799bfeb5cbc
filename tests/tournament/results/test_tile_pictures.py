"""The tile pictures are ours, complete, and what ``manage.py draw_tiles`` writes.

Every tile the picker offers (34 kinds and the three red fives) has its SVG in
``static/img/tiles/``; none refers to anything outside (no fonts or images
fetched, so the page stays within the Content-Security-Policy and prints
offline); and the committed files are the generator's, so a change to one
is made in the generator.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from tournament.results.management.commands.draw_tiles import all_tiles

FOLDER = Path(settings.BASE_DIR) / "static" / "img" / "tiles"


def test_every_tile_has_a_picture():
    names = {f"{d}{s}.svg" for s in "mps" for d in "0123456789"} | {
        f"{n}z.svg" for n in range(1, 8)
    }
    assert len(names) == 37
    assert names <= {p.name for p in FOLDER.glob("*.svg")}


def test_the_pictures_are_the_generators_and_fetch_nothing():
    for name, svg in all_tiles().items():
        on_disk = (FOLDER / name).read_text(encoding="utf-8")
        assert on_disk == svg, f"{name}: run manage.py draw_tiles"
        assert "http" not in svg.replace("http://www.w3.org/2000/svg", "")
        assert "href" not in svg and "@import" not in svg


def test_a_suit_reads_without_colour():
    """A suit has its own glyph as well as its colour: 萬, a ring, a stick (greyscale paper)."""
    assert "萬" in all_tiles()["1m.svg"]
    assert "<circle" in all_tiles()["1p.svg"] and "<circle" not in all_tiles()["1s.svg"]
    assert "<rect" in all_tiles()["1s.svg"].split("</title>")[1].split("/>", 1)[1]
    assert all_tiles()["0p.svg"].count("<path") == 1  # the red five's corner mark
