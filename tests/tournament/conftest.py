"""Fixtures for the Django side: fast password hashing, users with roles."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default hasher is slow on purpose; tests log in often.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# Until tournament/seating/plan.py lands, the Django side runs on a stand-in.
from tests.tournament.standin_planner import install as _install_standin_planner  # noqa: E402

_install_standin_planner()
