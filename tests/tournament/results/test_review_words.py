"""``manage.py review_words`` (issue #35): every word per ruleset family, for a proofreader.

The words corrected after a player's reading are checked here in their
family's section, as that reader sees them: the seeds write MCR's fan as 点
(seed 000_d48782b6de643c27.txt: "8点"), a chombo in Chinese is 错和, an MCR
draw is 荒庄 and its table points are 标准分.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from scoring.families import all_families


def _sections(language: str) -> dict[str, list[list[str]]]:
    out = StringIO()
    call_command("review_words", "--language", language, stdout=out)
    sections: dict[str, list[list[str]]] = {}
    current = None
    for line in out.getvalue().splitlines():
        if line.startswith("## "):
            current = sections.setdefault(line[3:], [])
        elif line:
            current.append(line.split("\t"))
    return sections


@pytest.fixture(scope="module")
def ja():
    return _sections("ja")


@pytest.fixture(scope="module")
def zh():
    return _sections("zh-hans")


def _word(section, what, code):
    (found,) = [line[3] for line in section if line[0] == what and line[1] == code]
    return found


def test_every_family_has_its_section_and_every_line_its_four_columns(ja, zh):
    for sections in (ja, zh):
        assert set(sections) == {f.name for f in all_families()} | {"shared"}
        for name, lines in sections.items():
            assert lines, name
            assert all(len(line) == 4 for line in lines), name
            # Every line is translated: its word is there, and not the English one
            # (a code's word is checked the same way by test_glossary).
            names = [line for line in lines if line[0] == "name"]
            assert all(line[3].strip() for line in names), name


def test_the_words_players_asked_for(ja, zh):
    assert _word(ja["mcr"], "unit", "fan") == "点"
    assert _word(ja["mcr"], "value field", "fan") == "点数（花牌を除く）"
    assert _word(zh["mcr"], "outcome", "draw") == "荒庄"
    assert _word(zh["mcr"], "footer line", "rank_points") == "标准分"
    assert _word(zh["riichi"], "ruling outcome", "chombo") == "错和（罚分）"
    assert _word(zh["riichi"], "outcome", "draw") == "荒牌流局"  # the exhaustive draw
    shared = {(line[1], line[2]): line[3] for line in ja["shared"]}
    assert shared[("", "Riichi declared")] == "立直者"
    assert shared[("", "Dead hand")] == "アガリ放棄"
