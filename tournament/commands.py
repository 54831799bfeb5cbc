"""What the site's management commands share.

Why: every command answers bad arguments with the same exit code, so that a
script calling any of them can tell "you asked wrongly" from "it was refused"
(1, ``CommandError``'s own); and the commands that only read files and print
run where there is no database yet, so Django's checks of it are turned off in
one place.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

BAD_ARGUMENTS = 2  # like argparse's own usage errors


class NoDatabaseCommand(BaseCommand):
    """A command that uses no database: it runs before ``migrate`` and on a machine with none."""

    requires_system_checks: list = []
    requires_migrations_checks = False
