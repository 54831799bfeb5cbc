"""Ruleset families behind one interface, and the registry: ruleset name -> family.

Why: everything about one family lives in its own package here (its options
and their one validator, hand scoring, settlement, session, sheet replay,
rulings, standings precedence, entry data, print layout, names); callers ask
the family found here and never branch on its name. A new family is one
package and one :func:`register_family` call (the built-in four are listed in
:data:`BUILTIN`), and a test may register a toy family of its own.
"""

from __future__ import annotations

import importlib
import threading

from scoring.families.protocol import Family, OptionError

__all__ = [
    "BUILTIN",
    "Family",
    "OptionError",
    "UnknownRuleset",
    "all_families",
    "family_for",
    "family_named",
    "register_family",
    "ruleset_names",
    "unregister_family",
]

# The built-in families, as the modules that hold each one's FAMILY object.
BUILTIN = (
    "scoring.families.mcr.family",
    "scoring.families.zung_jung.family",
    "scoring.families.hkos.family",
    "scoring.families.riichi.family",
)

_FAMILIES: dict[str, Family] = {}
_BY_RULESET: dict[str, Family] = {}
_loaded = False
_loading = False
_lock = threading.RLock()


class UnknownRuleset(LookupError):
    """A ruleset name no registered family scores."""

    def __init__(self, name: object):
        choices = ", ".join(ruleset_names())
        super().__init__(f"{name!r} is not a ruleset; use one of {choices}")
        self.name = name


def register_family(family: Family) -> Family:
    """Add ``family`` and its rulesets; a ruleset name belongs to one family only."""
    _load()
    for ruleset in family.rulesets:
        owner = _BY_RULESET.get(ruleset)
        if owner is not None and owner.name != family.name:
            raise ValueError(f"ruleset {ruleset!r} already belongs to family {owner.name!r}")
    _FAMILIES[family.name] = family
    for ruleset in family.rulesets:
        _BY_RULESET[ruleset] = family
    return family


def unregister_family(name: str) -> None:
    """Remove a family added by :func:`register_family` (tests that add a toy family)."""
    family = _FAMILIES.pop(name, None)
    if family is not None:
        for ruleset in family.rulesets:
            _BY_RULESET.pop(ruleset, None)


def family_for(ruleset: object) -> Family:
    """The family that scores ``ruleset``, or :class:`UnknownRuleset`."""
    _load()
    found = _BY_RULESET.get(ruleset) if isinstance(ruleset, str) else None
    if found is None:
        raise UnknownRuleset(ruleset)
    return found


def family_named(name: str) -> Family:
    _load()
    return _FAMILIES[name]


def all_families() -> list[Family]:
    _load()
    return list(_FAMILIES.values())


def ruleset_names() -> list[str]:
    """Every event ruleset, family by family in registration order."""
    _load()
    return list(_BY_RULESET)


def _load() -> None:
    """Import the built-in families once.

    Thread-safe: a threaded server's first requests arrive together, and a
    thread that found the registry half-filled answered "'mcr' is not a
    ruleset" (a 500 under ``make venue``). Other threads wait on the lock
    until every family is in; the loading thread itself may re-enter (a
    family module that asks the registry while it is imported) and goes on.
    """
    global _loaded, _loading
    if _loaded:
        return
    with _lock:
        if _loaded or _loading:
            return
        _loading = True
        try:
            for module in BUILTIN:
                family = importlib.import_module(module).FAMILY
                _FAMILIES[family.name] = family
                for ruleset in family.rulesets:
                    _BY_RULESET[ruleset] = family
            _loaded = True
        finally:
            _loading = False
