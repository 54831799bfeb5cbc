"""The front end's files, read as text (issue #33): templates, scripts and styles.

- No template line is longer than 160 characters: a reviewer reads a template
  without scrolling sideways. A Django tag cannot span lines, so a long one is
  shortened (``{% with %}``, ``… as name``, ``{% blocktranslate trimmed %}``).
- Only ``poll.js`` asks the server again and again: the live pages are its
  users, so pausing while hidden, backing off and "offline since" are written
  once. ``entry-drafts.js`` posts a judge's queued saves, nothing else fetches.
- Every script and stylesheet is loaded by some template: a file no page loads
  (as ``where.js`` was) goes.
- A page loads ``site.css`` (base.html) and at most one audience's file:
  public.css, judge.css or staff.css. The projector and the printed documents
  load their own (projector.css, print.css) and never site.css.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
LONGEST = 160
AUDIENCES = {"public.css", "judge.css", "staff.css"}


def _templates() -> dict[str, str]:
    return {str(p.relative_to(TEMPLATES)): p.read_text("utf-8") for p in TEMPLATES.rglob("*.html")}


def test_no_template_line_is_longer_than_160_characters():
    long_lines = [
        f"{name}:{number} ({len(line)})"
        for name, text in sorted(_templates().items())
        for number, line in enumerate(text.splitlines(), 1)
        if len(line) > LONGEST
    ]
    assert long_lines == []


def test_only_poll_js_polls():
    fetching = sorted(
        p.name for p in (STATIC / "js").glob("*.js") if "fetch(" in p.read_text("utf-8")
    )
    assert fetching == ["entry-drafts.js", "poll.js"]
    users = [
        "judge-calls.js",
        "live.js",
        "print-job.js",
        "projector.js",
        "round-clock.js",
        "table-progress.js",
    ]
    for name in users:
        assert "window.poll" in (STATIC / "js" / name).read_text("utf-8"), name


def test_every_script_and_stylesheet_is_loaded_by_a_template():
    loaded = set(
        re.findall(
            r"""{%\s*static\s+['"]((?:js|css)/[\w.-]+)['"]""", "".join(_templates().values())
        )
    )
    files = {
        f"{kind}/{p.name}" for kind in ("js", "css") for p in (STATIC / kind).glob(f"*.{kind}")
    }
    assert files - loaded == set()
    assert loaded - files == set()


def _stylesheets(text: str) -> set[str]:
    return set(re.findall(r"""{%\s*static\s+['"]css/([\w.-]+)['"]""", text))


def test_each_page_loads_site_css_and_at_most_one_audience():
    texts = _templates()
    assert _stylesheets(texts["base.html"]) == {"site.css"}
    assert _stylesheets(texts["hall/projector_base.html"]) == {"projector.css"}
    assert _stylesheets(texts["printing/base.html"]) == {"print.css"}
    pages = {
        name: text
        for name, text in texts.items()
        if re.search(r"""{%\s*extends\s+["']base\.html""", text)
    }
    assert len(pages) > 30
    for name, text in pages.items():
        sheets = _stylesheets(text)
        assert sheets <= AUDIENCES and len(sheets) <= 1, (name, sheets)
    audiences = {sheet for text in pages.values() for sheet in _stylesheets(text)}
    assert audiences == AUDIENCES
