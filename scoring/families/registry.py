"""The families' registry: ruleset name -> family, filled by registering families.

Why a module of its own, below the families: a family registers itself
(:func:`register_family`), and the registry never imports a family back, so
the imports go one way (registry <- families <- :mod:`scoring.families.installed`,
the list of the built-in ones). Registering a family also registers the hand
rulesets it lists (``Family.hand_rulesets``) in :mod:`scoring.families.rulesets`,
so that registry too is built from each family's own list.
"""

from __future__ import annotations

from scoring.families.protocol import Family
from scoring.families.rulesets import register as register_hand_ruleset
from scoring.families.rulesets import unregister as unregister_hand_ruleset

_FAMILIES: dict[str, Family] = {}
_BY_RULESET: dict[str, Family] = {}


class UnknownRuleset(LookupError):
    """A ruleset name no registered family scores."""

    def __init__(self, name: object):
        choices = ", ".join(ruleset_names())
        super().__init__(f"{name!r} is not a ruleset; use one of {choices}")
        self.name = name


def register_family(family: Family) -> Family:
    """Add ``family``, its rulesets and its hand rulesets; a ruleset belongs to one family only."""
    for ruleset in family.rulesets:
        owner = _BY_RULESET.get(ruleset)
        if owner is not None and owner.name != family.name:
            raise ValueError(f"ruleset {ruleset!r} already belongs to family {owner.name!r}")
    _FAMILIES[family.name] = family
    for ruleset in family.rulesets:
        _BY_RULESET[ruleset] = family
    for hand_ruleset in family.hand_rulesets:
        register_hand_ruleset(hand_ruleset)
    return family


def unregister_family(name: str) -> None:
    """Remove a family added by :func:`register_family` (tests that add a toy family)."""
    family = _FAMILIES.pop(name, None)
    if family is not None:
        for ruleset in family.rulesets:
            _BY_RULESET.pop(ruleset, None)
        for hand_ruleset in family.hand_rulesets:
            unregister_hand_ruleset(hand_ruleset)


def family_for(ruleset: object) -> Family:
    """The family that scores ``ruleset``, or :class:`UnknownRuleset`."""
    found = _BY_RULESET.get(ruleset) if isinstance(ruleset, str) else None
    if found is None:
        raise UnknownRuleset(ruleset)
    return found


def family_named(name: str) -> Family:
    return _FAMILIES[name]


def all_families() -> list[Family]:
    return list(_FAMILIES.values())


def ruleset_names() -> list[str]:
    """Every event ruleset, family by family in registration order."""
    return list(_BY_RULESET)
