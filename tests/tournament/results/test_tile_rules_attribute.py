"""The tile picker's script reads the engine's mpsz constants from the page.

Issue 33, "tiles parsed once": ``static/js/tile-hand.js`` had its own copies
of the suits, the digits, the hand size and the set sizes. The judge's page
now renders the engine's (``scoring.core.tiles.script_rules``) into the
picker's ``data-tile-rules``, and the scripts keep none of their own (what
the script does with them is the browser tier's, test_entry_taps.py).

Uses the results fixtures (``make_table``, ``staff``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from django.conf import settings

from scoring.core.tiles import script_rules

SCRIPTS = Path(settings.BASE_DIR) / "static" / "js"


def test_the_picker_carries_the_engines_tile_rules(client, make_table, staff):
    table = make_table("tenhou", slug="cup", entry_level="tiles")
    client.force_login(staff(table.round.event)["judge"])
    page = client.get("/j/cup/1/1/").content.decode()
    found = re.search(r'<div class="tile-picker"[^>]*\sdata-tile-rules="([^"]*)"', page)
    assert found, "the picker has no data-tile-rules"
    assert json.loads(html.unescape(found.group(1))) == script_rules()


def test_the_scripts_keep_no_copies_of_the_engines_constants():
    for name in ("tile-hand.js", "tile-picker.js"):
        script = (SCRIPTS / name).read_text(encoding="utf-8")
        assert '"mpsz"' not in script and "[0-9]" not in script, name
        assert not re.search(r"\b(HAND|SUITS)\s*=\s*[\d\"]", script), name
        assert "pon: 3" not in script and "/^0/" not in script, name
