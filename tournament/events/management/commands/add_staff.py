"""``manage.py add_staff SLUG USERNAME --role judge|viewer|director [--password P]``.

Gives USERNAME the role in the event, creating the account when it does not
exist yet: with ``--password`` (checked by the site's password validators),
or without one, when the command prints a one-time link where its owner
chooses a password (valid for ``PASSWORD_RESET_TIMEOUT``, once). The account
is never a superuser nor ``is_staff``. Exits 0 on success, 1 when refused
(the reason on stderr), 2 for bad arguments.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournament.events.errors import EventError
from tournament.events.models import Event, StaffRole
from tournament.events.staff_accounts import create_staff_account, give_role, link_lifetime


class Command(BaseCommand):
    help = "Give a user a role in an event, creating the account if it does not exist."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's short name")
        parser.add_argument("username", help="the login; created when missing")
        parser.add_argument("--role", required=True, choices=StaffRole.Role.values)
        parser.add_argument(
            "--password",
            help="for a new account; without it a one-time link is printed instead",
        )

    def handle(self, *args, **options):
        event = Event.objects.filter(slug=options["slug"]).first()
        if event is None:
            raise CommandError(f"There is no event {options['slug']!r}.")
        username, role, password = options["username"], options["role"], options["password"]
        User = get_user_model()
        exists = User._default_manager.filter(**{User.USERNAME_FIELD: username}).exists()
        try:
            with transaction.atomic():
                if exists:
                    if password:
                        raise EventError(
                            f"The user {username!r} exists already; --password is only for a "
                            f"new account (use manage.py changepassword {username})."
                        )
                    give_role(event, username, role)
                    self.stdout.write(f"{username} is now {role} in {event.slug}.")
                    return
                _user, path = create_staff_account(
                    event, username=username, role=role, password=password
                )
        except EventError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Created {username}, {role} in {event.slug}.")
        if path is not None:
            self.stdout.write(
                f"One-time link to choose a password (works once, for {link_lifetime()}):\n"
                f"{settings.SITE_URL}{path}"
            )
