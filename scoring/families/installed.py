"""The built-in families, registered in this order (the order of ``ruleset_names()``).

Why here: this is the one module that imports both the registry and the
families, so neither imports the other. A new family is one package and one
line below; a test registers a toy family of its own the same way
(``register_family``). ``scoring.families`` imports this module, so whoever
asks the registry finds the built-in families there: the import system runs
it once, and another thread asking meanwhile waits for it to finish.
"""

from __future__ import annotations

from scoring.families.hkos.family import FAMILY as HKOS
from scoring.families.mcr.family import FAMILY as MCR
from scoring.families.registry import register_family
from scoring.families.riichi.family import FAMILY as RIICHI
from scoring.families.zung_jung.family import FAMILY as ZUNG_JUNG

BUILTIN = (MCR, ZUNG_JUNG, HKOS, RIICHI)

for _family in BUILTIN:
    register_family(_family)
