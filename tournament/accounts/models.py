"""The login limit's counts (``tournament.accounts.login_limit``).

Vocabulary as there: a **failure** is a wrong password or an unknown
username; a **window** starts with a username's first failure from an
address. One row per username and address with failures in its window.

Why in the database rather than the cache (issue #32, L3): the counts lived
in the cache, and with Redis down the resilient cache makes every read a
miss, so the limit was off for as long as the outage lasted. The database is
shared by every web process like Redis, survives a Redis outage and a restart,
and a failed login is rare enough that one row write costs nothing. Counting
in both would split a count over an outage (three failures in Redis, two in
the database: no lock), so only the database counts.

A row is a counter that expires, not a record of anyone's work: it has no
history table, and expired rows are deleted as new failures come in.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class LoginFailures(models.Model):
    # sha256 of the casefolded username and the client's address: neither is stored as such.
    key = models.CharField(max_length=64, unique=True)
    count = models.PositiveIntegerField(default=0)  # failures in the window
    since = models.DateTimeField(db_index=True)  # the window's first failure

    class Meta:
        verbose_name = _("failed logins")
        verbose_name_plural = _("failed logins")

    def __str__(self):
        return f"{self.key[:12]}… {self.count}"
