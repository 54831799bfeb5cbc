"""The judge's pages ask the ruleset family; they never branch on its name.

DESIGN.md, "A family is one folder": the Django side and the templates ask
the family object (its entry data, features, names table) instead.

Scans the Python files of ``tournament/results/`` and the templates of
``templates/results/`` (but not ``templates/results/families/``, the
per-family partials chosen by the family's name as a path) with
``tests/scan_family_names.py``; a project-wide scan will take over later.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.scan_family_names import branches_in

ROOT = Path(__file__).resolve().parents[3]
PER_FAMILY = ROOT / "templates" / "results" / "families"


def judge_pages() -> list[Path]:
    python = sorted((ROOT / "tournament" / "results").rglob("*.py"))
    templates = sorted(
        p for p in (ROOT / "templates" / "results").rglob("*.html") if PER_FAMILY not in p.parents
    )
    return python + templates


def test_the_judge_pages_do_not_branch_on_a_family_name():
    files = judge_pages()
    assert any(p.name == "entry_forms.py" for p in files)
    assert any(p.name == "_hand_form.html" for p in files)
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
