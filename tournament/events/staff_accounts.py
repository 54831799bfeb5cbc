"""Logins for an event's staff, made by its director, as verbs.

Until now a judge's login took the Django admin. A director creates the
account here with a role in their event, and either types its password or
gets a **one-time link**: Django's password-reset token for the user with
their id, opened at ``welcome`` (/accounts/welcome/…) where the person chooses a password.
The token is made from the user's password hash and last login, so it stops
working once used, and it expires after ``PASSWORD_RESET_TIMEOUT`` seconds.

Staff accounts are never superusers and not ``is_staff`` (that flag only opens
the Django admin, which staff do not need): what they may do comes from their
role in the event (``permissions.py``).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, delete_with_history, save_with_history
from tournament.events.models import Event, StaffRole
from tournament.events.services import grant_role, refuse_removing_last_director


def one_time_link(user) -> str:
    """The path where ``user`` sets their password, good once, until the timeout."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("welcome", args=[uid, default_token_generator.make_token(user)])


def link_lifetime() -> str:
    """How long a one-time link works, in words (days, or hours when shorter)."""
    seconds = settings.PASSWORD_RESET_TIMEOUT
    days, hours = seconds // 86400, max(1, seconds // 3600)
    if days:
        return ngettext("%(count)s day", "%(count)s days", days) % {"count": days}
    return ngettext("%(count)s hour", "%(count)s hours", hours) % {"count": hours}


def check_username(username: str) -> str:
    """A usable, free username, or an :class:`EventError` saying why not."""
    User = get_user_model()
    username = (username or "").strip()
    if not username:
        raise EventError(_("The account needs a user name."))
    field = User._meta.get_field(User.USERNAME_FIELD)
    try:
        field.run_validators(username)
    except ValidationError as error:
        raise EventError(
            _("“%(username)s” is not a usable user name: %(reason)s")
            % {"username": username, "reason": " ".join(error.messages)}
        ) from error
    if len(username) > field.max_length:
        raise EventError(
            _("A user name can be at most %(max)s characters long.") % {"max": field.max_length}
        )
    if User._default_manager.filter(**{f"{User.USERNAME_FIELD}__iexact": username}).exists():
        raise EventError(
            _("The user name “%(username)s” is taken; give that user a role instead.")
            % {"username": username}
        )
    return username


def check_password(password: str, user) -> None:
    """Django's password validators (settings.AUTH_PASSWORD_VALIDATORS), as an EventError."""
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        raise EventError(" ".join(error.messages), problems=error.messages) from error


@transaction.atomic
def create_staff_account(
    event: Event, *, username: str, role: str, password: str | None = None, by=None
) -> tuple[object, str | None]:
    """A new login with ``role`` in the event: ``(user, one-time link path or None)``.

    Without ``password`` the account has none yet; the link lets its owner choose one.
    """
    if role not in StaffRole.Role.values:
        raise EventError(_("Unknown role “%(role)s”.") % {"role": role})
    username = check_username(username)
    User = get_user_model()
    user = User(**{User.USERNAME_FIELD: username}, is_staff=False, is_superuser=False)
    if password:
        check_password(password, user)
        user.set_password(password)
    else:
        user.set_unusable_password()
    user.save()
    save_with_history(
        StaffRole(event=event, user=user, role=role),
        change_reason("staff.account_created", role=role),
        by,
    )
    return user, (None if password else one_time_link(user))


@transaction.atomic
def remove_role(staff_role: StaffRole, *, by=None) -> None:
    """Take the user's role in the event away; the account itself stays.

    The event keeps at least one director, so the last one cannot leave.
    """
    staff_role = StaffRole.objects.select_for_update().select_related("user").get(pk=staff_role.pk)
    if staff_role.role == StaffRole.Role.DIRECTOR:
        refuse_removing_last_director(staff_role.event, staff_role)
    reason = change_reason("staff.role_removed", role=staff_role.role)
    delete_with_history(staff_role, reason, by)


def give_role(event: Event, username: str, role: str, by=None) -> StaffRole:
    """``grant_role`` for a username, refusing an unknown one (the command and the form)."""
    User = get_user_model()
    user = User._default_manager.filter(**{User.USERNAME_FIELD: (username or "").strip()}).first()
    if user is None:
        raise EventError(_("There is no user “%(username)s”.") % {"username": username})
    return grant_role(event, user, role, by=by)
