"""Finite fields GF(q) as addition and multiplication tables.

The seating designs are geometry over a finite field: a line of the affine
plane over GF(4) is a table of four, and ``x = a + e*r`` over GF(q) seats one
player of each of four groups per table. Only small fields are needed (q is a
quarter of the player count at most), so a field is two q-by-q tables built
once and cached.

An element of GF(p^k) is the integer whose base-p digits are the coefficients
of a polynomial of degree below k; the product is taken modulo the first
monic irreducible polynomial of degree k in that same integer order, so the
tables are the same on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# Fields beyond this order are never needed: GF(q) seats 4q players, and the
# search is better than a table of a million entries for such crowds.
LARGEST_FIELD = 256


@dataclass(frozen=True)
class Field:
    """GF(q): ``add[a][b]``, ``mul[a][b]`` and ``neg[a]`` for elements 0..q-1."""

    order: int
    add: tuple[tuple[int, ...], ...]
    mul: tuple[tuple[int, ...], ...]
    neg: tuple[int, ...]


def prime_power(q: int) -> tuple[int, int] | None:
    """(p, k) with q = p**k for a prime p, or None."""
    if q < 2:
        return None
    p = next(d for d in range(2, q + 1) if q % d == 0)
    k = 0
    while q % p == 0:
        q //= p
        k += 1
    return (p, k) if q == 1 else None


def _digits(value: int, p: int, k: int) -> list[int]:
    return [(value // p**i) % p for i in range(k)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def _poly_mul_mod(a: list[int], b: list[int], modulus: list[int], p: int) -> list[int]:
    """a*b modulo a monic ``modulus`` (coefficients low to high), over GF(p)."""
    k = len(modulus) - 1
    product = [0] * (2 * k)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            product[i + j] = (product[i + j] + x * y) % p
    for i in range(len(product) - 1, k - 1, -1):
        factor = product[i]
        if factor:
            for j in range(k + 1):
                product[i - k + j] = (product[i - k + j] - factor * modulus[j]) % p
    return product[:k]


def _divides(divisor: list[int], dividend: list[int], p: int) -> bool:
    """Whether a monic ``divisor`` divides ``dividend`` over GF(p)."""
    rest = list(dividend)
    d = len(divisor) - 1
    for i in range(len(rest) - 1, d - 1, -1):
        factor = rest[i]
        if factor:
            for j in range(d + 1):
                rest[i - d + j] = (rest[i - d + j] - factor * divisor[j]) % p
    return not any(rest[:d])


def _irreducible(modulus: list[int], p: int) -> bool:
    """No monic factor of degree 1..k/2: trial division, as k is tiny."""
    k = len(modulus) - 1
    return not any(
        _divides(_digits(low, p, degree) + [1], modulus, p)
        for degree in range(1, k // 2 + 1)
        for low in range(p**degree)
    )


@cache
def galois_field(q: int) -> Field:
    """GF(q) for a prime power q up to LARGEST_FIELD.

    Products come from the powers of a primitive element (exponent and
    logarithm tables), so building the table costs q*q look-ups, not q*q
    polynomial products.
    """
    power = prime_power(q)
    if power is None or q > LARGEST_FIELD:
        raise ValueError(f"no field of order {q} here (a prime power up to {LARGEST_FIELD})")
    p, k = power
    modulus = next(m for low in range(p**k) if _irreducible(m := _digits(low, p, k) + [1], p))
    digits = [_digits(a, p, k) for a in range(q)]
    add = [
        [
            _number([(x + y) % p for x, y in zip(digits[a], digits[b], strict=True)], p)
            for b in range(q)
        ]
        for a in range(q)
    ]
    powers = next(
        powers
        for generator in range(1, q)
        if len(powers := _powers(generator, modulus, p, k)) == q - 1
    )
    log = {value: exponent for exponent, value in enumerate(powers)}
    mul = [
        [0 if 0 in (a, b) else powers[(log[a] + log[b]) % (q - 1)] for b in range(q)]
        for a in range(q)
    ]
    return Field(
        order=q,
        add=tuple(map(tuple, add)),
        mul=tuple(map(tuple, mul)),
        neg=tuple(row.index(0) for row in add),
    )


def _powers(generator: int, modulus: list[int], p: int, k: int) -> list[int]:
    """generator**0, generator**1, ... up to the first repeat of 1."""
    powers = [1]
    g = _digits(generator, p, k)
    current = g
    while (value := _number(current, p)) != 1:
        powers.append(value)
        current = _poly_mul_mod(current, g, modulus, p)
    return powers
