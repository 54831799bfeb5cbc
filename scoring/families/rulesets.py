"""The hand rulesets: machine name -> hand scorer and resolved hand config.

Machine names are the stable identifiers of rules/README.md. A hand ruleset
is a preset (a frozen config) plus overrides; the scorer is a pure function
of (hand, config). Each family lists its own (``Family.hand_rulesets``, made
in its ``hand`` module; riichi also a library-defaults preset for the
corpus), and registering the family registers them here
(:mod:`scoring.families.registry`, the event-level registry).

Why this module imports no family: it sits below them (every family's
``hand`` and ``rules`` modules import it), so importing a family back would
make a circle. It is never asked empty: it is a module of the
``scoring.families`` package, whose ``__init__`` installs the built-in
families (:mod:`scoring.families.installed`) before anything here is used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.core.errors import HandError
from scoring.core.hand import hand_from_dict
from scoring.core.result import Result


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
                "no_red_fives",
                ruleset=name,
                tile=str(red),
                plain=f"5{red.suit}",
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


def unregister(ruleset: Ruleset) -> None:
    """Remove ``ruleset`` if it is the one registered under its name (a family unregistered)."""
    if _REGISTRY.get(ruleset.name) is ruleset:
        del _REGISTRY[ruleset.name]


def get_ruleset(name: str | None) -> Ruleset:
    """The registered ruleset, or a :class:`HandError` a person can act on."""
    if isinstance(name, str):  # a JSON list or object is unhashable: no look-up with it
        found = _REGISTRY.get(name)
        if found is not None:
            return found
    choices = ", ".join(sorted(_REGISTRY))
    raise HandError("unknown_ruleset", f"ruleset: {name!r} is not a ruleset; use one of {choices}")


def registered_names() -> list[str]:
    return sorted(_REGISTRY)


def score_configured(data: Mapping[str, Any], config: Any, lang: str = "en") -> Result:
    """Score one hand under an already resolved ``config`` (an event's frozen hand rules).

    The hand names its ruleset; options it carries apply on top of ``config``.
    Why: a started event scores with the config it froze, never with the
    presets as they are in code today.
    """
    name = data.get("ruleset") if isinstance(data, Mapping) else None
    try:
        if not isinstance(data, Mapping):
            raise HandError("bad_input", "a hand must be a JSON object", "hand_not_object")
        rules = get_ruleset(name)
        hand = hand_from_dict(data if type(data) is dict else dict(data))
        rules.check_tiles(hand)
        resolved = rules.resolve(config, hand.options) if hand.options else config
        return rules.scorer(hand, resolved, lang)
    except HandError as problem:
        return Result.invalid(name if isinstance(name, str) else None, problem.info)
