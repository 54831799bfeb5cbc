"""Nothing outside the families' own folders branches on a family or ruleset name.

DESIGN.md, "A family is one folder": the Django side, the generic engine
machinery and the templates ask the family object (its rules, entry data,
layout, precedence, names) instead. This scans every Python file of
``tournament/`` and ``scoring/`` and every template, except:

- ``scoring/families/``: the families themselves (each may know its own name);
- ``templates/*/families/``: the per-family partials, chosen by the family's
  name as a path;
- ``tournament/*/migrations/``: history, frozen as it was written.

What counts as a branch is :func:`tests.scan_family_names.branches_in`'s
rule: a comparison with a family or ruleset name where the other side speaks
of a family or ruleset, a dict keyed by such names, a template tag comparing
``family`` or ``ruleset`` with a quoted name.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.scan_family_names import branches_in

ROOT = Path(__file__).resolve().parents[1]


def scanned() -> list[Path]:
    python = [
        p
        for folder in ("tournament", "scoring")
        for p in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in p.parts and (ROOT / "scoring" / "families") not in p.parents
    ]
    templates = [
        p for p in sorted((ROOT / "templates").rglob("*.html")) if "families" not in p.parts
    ]
    return python + templates


def test_no_code_outside_the_families_branches_on_a_family_name():
    files = scanned()
    names = {p.name for p in files}
    assert {"sheets.py", "exports.py", "services.py", "precedence.py"} <= names
    assert ROOT / "tournament" / "results" / "entry" / "forms.py" in files  # the hand entry form
    assert {"_hand_form.html", "_sheet.html", "standings.html"} <= names
    assert len(files) > 150
    assert branches_in(files) == []


def test_the_scan_finds_each_kind_of_branch(tmp_path):
    """The scan is not vacuous: each pattern it looks for, written out, is found."""
    code = tmp_path / "views.py"
    code.write_text(
        textwrap.dedent(
            """
            ABORTIVE = frozenset({"tenhou"})
            LABELS = {"draw": "Draw", "riichi": "Riichi", "tenhou": "Tenhou", "ron": "Ron",
                      "tsumo": "Tsumo"}

            def page(event, family, flag):
                if family == "riichi":
                    pass
                if event.ruleset not in ABORTIVE:
                    pass
                if family.name in ("mcr", "hkos"):
                    pass
                if flag != "riichi":
                    pass
                return {"mcr": "fan", "zung-jung": "points"}[family]
            """
        )
    )
    template = tmp_path / "_form.html"
    template.write_text(
        '{% if family == "riichi" %}a{% elif sheet.family != "mcr" %}b{% endif %}\n'
        '{% if "riichi_sticks" in form.features %}c{% endif %}{% translate "Tenhou" %}\n'
    )
    found = branches_in([tmp_path])
    lines = sorted((Path(f.split(":")[0]).name, int(f.split(":")[1])) for f in found)
    assert lines == [
        ("_form.html", 1),
        ("_form.html", 1),
        ("views.py", 7),
        ("views.py", 9),
        ("views.py", 11),
        ("views.py", 15),
    ]
