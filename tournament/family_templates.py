"""The parts of pages and printouts that may differ by family, and where each family's are.

Why: where markup genuinely differs (riichi's han and fu inputs, MCR's seats
by round on the printed sheet), a family may have a partial template of its
own in ``templates/<area>/families/<family>/``; every other family gets the
generic one in ``.../_generic/``, which reads only what the family declares.
The templates include the pair and Django loads the first that exists, so
the code never branches on a family's name, and a family with no templates
of its own (a new one, or the toy family of the tests) still gets a page.
"""

from __future__ import annotations

GENERIC = "_generic"

# slot -> the template path, with {} for the family's name (or GENERIC).
SLOTS = {
    "total": "results/families/{}/_total.html",  # a breakdown's total line
    "value_inputs": "results/families/{}/_value_inputs.html",  # a winner's value inputs
    "sheet_head": "printing/families/{}/_head.html",  # the printed sheet's header block
}


def candidates(family_name: str, slot: str) -> tuple[str, str]:
    """The family's own template for ``slot``, then the generic one."""
    path = SLOTS[slot]
    return path.format(family_name), path.format(GENERIC)


class FamilyTemplates:
    """``slots[name]`` for a template context: the pair to ``{% include %}``."""

    def __init__(self, family_name: str):
        self.family_name = family_name

    def __getitem__(self, slot: str) -> tuple[str, str]:
        return candidates(self.family_name, slot)
