"""Fixtures of the public pages' tests: the played event of ``play.py``.

Rendered standings are cached by fingerprint: ``tests/conftest.py`` empties the cache
around every test, so a test starts from nothing.
"""

import pytest

from tests.tournament.public.play import make_played
from tests.tournament.results.conftest import staff  # noqa: F401  (a fixture)


@pytest.fixture
def played(make_event, make_player, staff):  # noqa: F811
    return make_played(make_event, make_player, staff)
