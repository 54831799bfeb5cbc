"""Every family's templates exist: its own partial for a slot, or the generic one.

The contract of tournament/family_templates.py: for each registered family
(and the toy family of the tests, which has none of its own) every slot
resolves to a template that exists, and every per-family folder in the
templates belongs to a registered family (a folder named by a typo would
silently never be used).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template.loader import get_template, select_template

from scoring.families import all_families
from tests.toy_family import registered_toy
from tournament.family_templates import GENERIC, SLOTS, candidates

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@pytest.fixture
def toy():
    yield from registered_toy()


def test_every_slot_of_every_family_resolves(toy):
    for family in all_families():
        for slot in SLOTS:
            own, generic = candidates(family.name, slot)
            assert get_template(generic)  # the fallback always exists
            chosen = select_template([own, generic]).origin.template_name
            assert chosen in (own, generic), (family.name, slot)
    assert select_template(candidates("toy", "sheet_head")).origin.template_name.endswith(
        f"{GENERIC}/_head.html"
    )


def test_every_per_family_folder_belongs_to_a_family_and_a_slot():
    names = {f.name for f in all_families()} | {GENERIC}
    slot_files = {Path(path.format("x")).name for path in SLOTS.values()}
    folders = [p for p in TEMPLATES.rglob("families") if p.is_dir()]
    assert folders
    for folder in folders:
        for family_folder in folder.iterdir():
            assert family_folder.name in names, family_folder
            for template in family_folder.iterdir():
                assert template.name in slot_files, template
