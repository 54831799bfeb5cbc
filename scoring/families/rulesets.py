"""The hand rulesets: machine name -> hand scorer and resolved hand config.

Machine names are the stable identifiers of rules/README.md. A hand ruleset
is a preset (a frozen config) plus overrides; the scorer is a pure function
of (hand, config). Each family's ``hand`` module registers its rulesets here
(riichi also a library-defaults preset for the corpus); the families'
registry (:mod:`scoring.families`) is the event-level one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.core.errors import HandError


@dataclass(frozen=True)
class Ruleset:
    """A registered ruleset: its preset config and how to score and configure it."""

    name: str
    preset: Any
    resolve: Callable[[Any, Mapping[str, Any]], Any]  # (preset, overrides) -> config
    scorer: Callable[..., Any]  # (hand, config) -> Result
    # Whether the family's sets have red fives (0m/0p/0s): riichi does; HKOS (seed 002 L5),
    # MCR and Zung Jung do not, and a red five entered there is refused with ``bad_tile``.
    red_fives: bool = True

    # Resolved configs by their overrides (see _overrides_key); frozen values, so sharing is safe.
    _resolved: dict[tuple, Any] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def config(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The preset with ``overrides`` applied (an error names a bad option).

        Every hand of an event carries the same few overrides, so a resolved
        config is kept per distinct set of overrides. Only successes are kept:
        a bad option is checked, and its message built, every time.
        """
        overrides = overrides or {}
        key = _overrides_key(overrides)
        if key is not None:
            found = self._resolved.get(key)
            if found is not None:
                return found
        config = self.resolve(self.preset, overrides)
        if key is not None and len(self._resolved) < _MAX_RESOLVED:
            self._resolved[key] = config
        return config

    def check_tiles(self, hand: Any) -> None:
        """Refuse tiles the family's sets do not have (today: red fives)."""
        if not self.red_fives:
            refuse_red_fives(hand, self.name)


def refuse_red_fives(hand: Any, name: str) -> None:
    """A :class:`HandError` ``bad_tile`` naming the first field holding a red five."""
    fields = (
        ("concealed", hand.concealed),
        ("win_tile", (hand.win_tile,)),
        ("melds", [t for m in hand.melds for t in m.tiles]),
        ("dora_indicators", hand.dora_indicators),
        ("ura_indicators", hand.ura_indicators),
        ("penalty_tiles", hand.penalty_tiles),
    )
    for field_name, tiles in fields:
        red = next((t for t in tiles if t.red), None)
        if red is not None:
            raise HandError(
                "bad_tile",
                f"{field_name}: {red} is a red five, and {name} has no red fives; "
                f"enter 5{red.suit}",
            )


_MAX_RESOLVED = 256  # distinct override sets kept per ruleset; more are resolved each time
# Values whose equality means "same option": not float (-0.0 == 0.0, nan != nan), nor
# containers. The type is part of the key because True == 1 but the checks tell them apart.
_KEYABLE = frozenset({bool, int, str})


def _overrides_key(overrides: Mapping[str, Any]) -> tuple | None:
    """A hashable key for the overrides, in their order, or None if it cannot be trusted."""
    if type(overrides) is not dict:
        return None
    key = []
    for name, value in overrides.items():
        kind = type(value)
        if type(name) is not str or kind not in _KEYABLE:
            return None
        key.append((name, kind, value))
    return tuple(key)


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    _REGISTRY[ruleset.name] = ruleset


def get_ruleset(name: str | None) -> Ruleset:
    """The registered ruleset, or a :class:`HandError` a person can act on."""
    if _loaded and type(name) is str:  # the common case: one dict look-up
        found = _REGISTRY.get(name)
        if found is not None:
            return found
    _load_builtin()
    is_name = isinstance(name, str)  # a JSON list or object is unhashable: no `in` on it
    if is_name and name in _REGISTRY:
        return _REGISTRY[name]
    choices = ", ".join(sorted(_REGISTRY))
    raise HandError("unknown_ruleset", f"ruleset: {name!r} is not a ruleset; use one of {choices}")


def registered_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


_loaded = False


def _load_builtin() -> None:
    # Imported lazily so that importing the registry stays cheap and cycle-free.
    global _loaded
    from scoring.families.hkos import hand as _hkos  # noqa: F401
    from scoring.families.mcr import hand as _mcr  # noqa: F401
    from scoring.families.riichi import hand as _riichi  # noqa: F401
    from scoring.families.zung_jung import hand as _zung_jung  # noqa: F401

    _loaded = True
