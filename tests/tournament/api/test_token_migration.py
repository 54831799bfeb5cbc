"""api/0002: tokens made before expiry existed get the default lifetime from the upgrade."""

from __future__ import annotations

import hashlib
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from tournament.api.models import ApiToken
from tournament.api.tokens import user_for_key

BEFORE = ("api", "0001_initial")


@pytest.mark.django_db(transaction=True)
def test_existing_tokens_keep_working_for_thirty_days_from_the_upgrade():
    user = get_user_model().objects.create_user("old-script", password="pw")
    executor = MigrationExecutor(connection)
    leaves = executor.loader.graph.leaf_nodes()
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    key = "mjt_" + "a" * 43
    try:
        old.get_model("api", "ApiToken").objects.create(
            user_id=user.pk, name="overlay", prefix=key[:12],
            digest=hashlib.sha256(key.encode()).hexdigest(),
        )  # fmt: skip
    finally:
        upgraded_at = timezone.now()
        MigrationExecutor(connection).migrate(leaves)
    token = ApiToken.objects.get(name="overlay")
    assert token.event is None  # every event of its user, as before
    lifetime = token.expires_at - upgraded_at
    assert timedelta(days=30) <= lifetime < timedelta(days=30, minutes=5)
    assert user_for_key(key) == user
