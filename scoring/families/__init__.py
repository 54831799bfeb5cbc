"""Ruleset families behind one interface, and the registry: ruleset name -> family.

Why: everything about one family lives in its own package here (its options
and their one validator, hand scoring, settlement, session, sheet replay,
rulings, standings precedence, entry data, print layout, names); callers ask
the family found here and never branch on its name. A new family is one
package and one line in :mod:`scoring.families.installed` (the built-in four,
:data:`BUILTIN`), and a test may register a toy family of its own
(:func:`register_family`).

The registry itself is :mod:`scoring.families.registry`, which imports no
family; importing this package installs the built-in families, so every
caller finds them.
"""

from __future__ import annotations

# Importing it registers the built-in families (the registry below imports none of them).
from scoring.families.installed import BUILTIN
from scoring.families.protocol import Family, OptionError
from scoring.families.registry import (
    UnknownRuleset,
    all_families,
    family_for,
    family_named,
    register_family,
    ruleset_names,
    unregister_family,
)

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
