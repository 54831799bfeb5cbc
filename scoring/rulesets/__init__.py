"""The ruleset registry: machine name -> scorer and resolved config.

Machine names are the stable identifiers of rules/README.md. A ruleset is a
preset (a frozen config) plus per-event overrides; the scorer is a pure
function of (hand, config). Names that the project knows but whose engine is
not built yet answer ``unsupported_ruleset`` rather than pretending.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.errors import HandError

# Every machine name of rules/README.md, with its family.
KNOWN_RULESETS: dict[str, str] = {
    "mcr": "chinese",
    "zung-jung": "chinese",
    "hkos": "chinese",
    "jpml-a": "riichi",
    "jpml-b": "riichi",
    "wrc": "riichi",
    "ema": "riichi",
    "tenhou": "riichi",
}


@dataclass(frozen=True)
class Ruleset:
    """A registered ruleset: its preset config and how to score and configure it."""

    name: str
    family: str
    preset: Any
    resolve: Callable[[Any, Mapping[str, Any]], Any]  # (preset, overrides) -> config
    scorer: Callable[..., Any]  # (hand, config) -> Result

    def config(self, overrides: Mapping[str, Any] | None = None) -> Any:
        return self.resolve(self.preset, overrides or {})


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    _REGISTRY[ruleset.name] = ruleset


def get_ruleset(name: str | None) -> Ruleset:
    """The registered ruleset, or a :class:`HandError` a person can act on."""
    _load_builtin()
    is_name = isinstance(name, str)  # a JSON list or object is unhashable: no `in` on it
    if is_name and name in _REGISTRY:
        return _REGISTRY[name]
    if is_name and name in KNOWN_RULESETS:
        raise HandError(
            "unsupported_ruleset", f"ruleset: {name!r} is planned but cannot be scored yet"
        )
    choices = ", ".join(sorted(set(KNOWN_RULESETS) | set(_REGISTRY)))
    raise HandError("unknown_ruleset", f"ruleset: {name!r} is not a ruleset; use one of {choices}")


def registered_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    # Imported lazily so that importing the registry stays cheap and cycle-free.
    from scoring.rulesets import hkos, mcr, riichi, zung_jung  # noqa: F401
