"""Frozen dataclasses to JSON-safe data and back, guided by their type hints.

Why: an event freezes its complete resolved rules when it starts and keeps
them as JSON in the database and in backups. Reading them back must give the
very same frozen objects, whatever the presets in code say by then, so the
conversion follows each field's declared type (tuples stay tuples, exact
fractions stay exact) instead of trusting whatever JSON happens to hold.

Fractions are written as their exact string (``"7/3"``); frozensets as
sorted lists; enums as their value.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from fractions import Fraction
from functools import cache
from typing import Any

from scoring.core.numbers import is_int


class PlainError(ValueError):
    """Frozen data that does not fit the type it is read as; ``path`` names the spot."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path


def to_plain(value: Any) -> Any:
    """``value`` as JSON-safe data: dicts, lists, strings, whole numbers, booleans, None."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, frozenset | set):
        return sorted((to_plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if value is None or isinstance(value, bool | int | str):
        return value
    raise PlainError("value", f"cannot be frozen: {value!r}")


def from_plain(kind: Any, data: Any, path: str = "rules") -> Any:
    """``data`` (from :func:`to_plain`) read back as ``kind``; refuses what does not fit."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return data
    if dataclasses.is_dataclass(kind):
        return _dataclass(kind, data, path)
    if origin is typing.Union or origin is types.UnionType:
        return _union(typing.get_args(kind), data, path)
    if origin is typing.Literal:
        if data not in typing.get_args(kind):
            raise PlainError(path, f"{data!r} is not one of {typing.get_args(kind)}")
        return data
    if origin is tuple:
        return _tuple(typing.get_args(kind), data, path)
    if origin in (frozenset, set):
        (item,) = typing.get_args(kind)
        return frozenset(from_plain(item, v, f"{path}[]") for v in _list(data, path))
    if origin in (list, typing.Sequence):
        (item,) = typing.get_args(kind) or (Any,)
        return [from_plain(item, v, f"{path}[]") for v in _list(data, path)]
    if origin in (dict, typing.Mapping):
        key, item = typing.get_args(kind) or (str, Any)
        if not isinstance(data, dict):
            raise PlainError(path, f"expected an object, got {data!r}")
        return {k: from_plain(item, v, f"{path}.{k}") for k, v in data.items()}
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(data)
    return _scalar(kind, data, path)


def _scalar(kind: Any, data: Any, path: str) -> Any:
    if kind is Fraction:
        if isinstance(data, str):
            return Fraction(data)
        if is_int(data):
            return Fraction(data)
        raise PlainError(path, f"expected an exact number, got {data!r}")
    if kind is type(None):
        if data is not None:
            raise PlainError(path, f"expected null, got {data!r}")
        return None
    if kind is int and type(data) is int or kind is bool and type(data) is bool:
        return data
    if kind is str and isinstance(data, str):
        return data
    raise PlainError(path, f"expected {getattr(kind, '__name__', kind)}, got {data!r}")


def _union(options: tuple, data: Any, path: str) -> Any:
    # Exact kinds first: a whole number stays an int even where a Fraction is allowed.
    for kind in sorted(options, key=lambda k: k is Fraction):
        try:
            return from_plain(kind, data, path)
        except (PlainError, ValueError, TypeError):
            continue
    raise PlainError(path, f"{data!r} fits none of {options}")


def _tuple(args: tuple, data: Any, path: str) -> tuple:
    items = _list(data, path)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_plain(args[0], v, f"{path}[{i}]") for i, v in enumerate(items))
    if not args:
        return tuple(items)
    if len(args) != len(items):
        raise PlainError(path, f"expected {len(args)} items, got {len(items)}")
    return tuple(
        from_plain(k, v, f"{path}[{i}]") for i, (k, v) in enumerate(zip(args, items, strict=True))
    )


def _list(data: Any, path: str) -> list:
    if not isinstance(data, list | tuple):
        raise PlainError(path, f"expected a list, got {data!r}")
    return list(data)


def _dataclass(kind: type, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise PlainError(path, f"expected an object, got {data!r}")
    hints = _hints(kind)
    known = {f.name for f in dataclasses.fields(kind) if f.init}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PlainError(path, f"unknown fields {unknown}")
    missing = sorted(
        f.name
        for f in dataclasses.fields(kind)
        if f.init
        and f.name not in data
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    )
    if missing:
        raise PlainError(path, f"missing fields {missing}")
    values = {name: from_plain(hints[name], v, f"{path}.{name}") for name, v in data.items()}
    return kind(**values)


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)
