"""Checking an event's options against a family's readers, naming the option at fault.

Why: a family's options are read by several parts (the hand valuer, the
payments, the session footer, the standings), each of which lets the others'
options pass. The one validator runs every reader, first on one option at a
time so that a refusal names its option, then on all of them together for the
checks that involve two options.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields, replace
from typing import Any, TypeVar

from scoring.core.errors import HandError
from scoring.core.numbers import is_int
from scoring.core.placement import SessionError
from scoring.families.protocol import OptionError

SHARED = "shared"  # a tiebreak_chain entry: stop, tied players share the rank
R = TypeVar("R")


def typed_changes(
    overrides: Mapping[str, Any],
    types: Mapping[str, type],
    family: str,
    known: Iterable[str],
    skip: Iterable[str] = (),
) -> dict[str, Any]:
    """A hand's options, each of exactly its type (``True`` is no int): the changes to make.

    ``family`` names the family in the refusal ("an MCR", "a riichi"); ``known``
    is what it lists as the option names; ``skip`` the options a hand lets pass
    (the session's and the event's). A refusal is a ``bad_option`` HandError.
    """
    changes = {}
    for key, value in overrides.items():
        if key in skip:
            continue
        wanted = types.get(key)
        if wanted is None:
            names = ", ".join(sorted(known))
            raise HandError("bad_option", f"options: {key!r} is not {family} option; use {names}")
        if type(value) is not wanted:
            raise HandError(
                "bad_option", f"options.{key}: expected {wanted.__name__}, got {value!r}"
            )
        changes[key] = value
    return changes


def session_changes(rules: R, overrides: Mapping[str, Any], family: str, known: Iterable[str]) -> R:
    """``rules`` (a session-rules dataclass) with the overrides that name its fields.

    The session is one reader of several, so another reader's option passes; a
    name no reader knows is a SessionError on it. ``family`` names the family in
    the refusal as for :func:`typed_changes` ("an MCR"); ``known`` is what it lists.
    """
    mine = {f.name for f in fields(rules)}
    changes = {}
    for name, value in overrides.items():
        if name in mine:
            changes[name] = value
        elif name not in known:
            raise SessionError(name, f"is not {family} option; use {', '.join(sorted(known))}")
    return replace(rules, **changes)


def given_options(overrides: Any, ruleset: str, known: Iterable[str]) -> dict[str, Any]:
    """The overrides as a dict, every name one the family knows."""
    if overrides is None:
        return {}
    if not isinstance(overrides, Mapping):
        raise OptionError(
            "overrides", "bad_value", f"overrides: must be an object, not {overrides!r}"
        )
    choices = sorted(known)
    for name in overrides:
        if not isinstance(name, str) or name not in choices:
            raise OptionError(
                str(name),
                "unknown_option",
                f"{name!r} is not a {ruleset} option; use {', '.join(choices)}",
                {"choices": choices},
            )
    return dict(overrides)


def checked(option: str, make: Callable[[], Any]) -> Any:
    """``make()``, with a reader's refusal reported as an :class:`OptionError` on ``option``."""
    try:
        return make()
    except (ValueError, TypeError) as problem:
        if isinstance(problem, OptionError):
            raise
        info = getattr(problem, "info", None)
        text = info.message if info else str(problem)
        field = getattr(problem, "field", None)
        raise OptionError(field or option, "bad_value", text) from None


def read_all(given: Mapping[str, Any], readers: Sequence[Callable[[dict], Any]]) -> list[Any]:
    """Every reader's view of the options: each option alone first, then all together."""
    for name, value in given.items():
        for reader in readers:
            checked(name, lambda reader=reader, name=name, value=value: reader({name: value}))
    return [checked("overrides", lambda reader=reader: reader(dict(given))) for reader in readers]


def choice(given: Mapping[str, Any], name: str, choices: Sequence[Any], default: Any) -> Any:
    """An option that takes one of a fixed list of values."""
    value = given.get(name, default)
    if value not in choices:
        raise OptionError(
            name,
            "bad_value",
            f"{name}: use {' or '.join(map(str, choices))}, not {value!r}",
            {"choices": list(choices)},
        )
    return value


def whole_number(given: Mapping[str, Any], name: str, default: Any, minimum: int = 1) -> Any:
    """An option that takes a whole number of at least ``minimum`` (or its default)."""
    value = given.get(name, default)
    if value is default:
        return value
    if not is_int(value) or value < minimum:
        raise OptionError(
            name,
            "bad_value",
            f"{name}: must be a whole number of at least {minimum}, not {value!r}",
            {"minimum": minimum},
        )
    return value


def tiebreak_chain(value: Any, metrics: Iterable[str]) -> tuple[str, ...]:
    """A standings tiebreak chain: metric names, optionally ending with "shared"."""
    known = sorted(metrics)
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise OptionError(
            "tiebreak_chain",
            "bad_value",
            f"tiebreak_chain must be a list of metric names, not {value!r}",
        )
    for name in value:
        if name != SHARED and name not in known:
            raise OptionError(
                "tiebreak_chain",
                "bad_value",
                f"tiebreak_chain: {name!r} is not a metric; use {', '.join([*known, SHARED])}",
                {"choices": [*known, SHARED]},
            )
    return tuple(value)
