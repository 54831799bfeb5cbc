"""Finite fields GF(q), the arithmetic under the seating designs. No database."""

from __future__ import annotations

import itertools

import pytest

from tournament.seating.planner.finite_fields import galois_field, prime_power


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 16, 25, 27, 32, 64])
def test_galois_fields_are_fields(q):
    field = galois_field(q)
    elements = range(q)
    for a in elements:
        assert sorted(field.add[a]) == list(elements)
        assert field.add[a][field.neg[a]] == 0
        if a:
            assert sorted(field.mul[a][1:]) == list(range(1, q))  # no zero divisors
    for a, b, c in itertools.product(range(0, q, max(1, q // 5)), repeat=3):
        assert field.mul[a][field.add[b][c]] == field.add[field.mul[a][b]][field.mul[a][c]]
        assert field.mul[field.mul[a][b]][c] == field.mul[a][field.mul[b][c]]


def test_prime_powers():
    assert prime_power(64) == (2, 6)
    assert prime_power(25) == (5, 2)
    assert prime_power(12) is None
    with pytest.raises(ValueError, match="no field of order 12"):
        galois_field(12)
