"""Fixtures for the Django side: fast password hashing, users with roles."""

import pytest


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # The default hasher is slow on purpose; tests log in often.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
