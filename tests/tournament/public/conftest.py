"""Fixtures of the public pages' tests: an empty cache, and the played event of ``play.py``."""

import pytest
from django.core.cache import cache

from tests.tournament.public.play import make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)


@pytest.fixture(autouse=True)
def _empty_cache():
    # Rendered standings are cached by fingerprint; a test starts from nothing.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def played(make_event, make_player, staff):  # noqa: F811
    return make_played(make_event, make_player, staff)
