"""Who may do what in an event: the one check every staff view makes on the server.

Roles are per event (:class:`~tournament.events.models.StaffRole`). A
permission is a verb:

- ``view``: see the event's staff pages (players, rounds, seating);
- ``enter_results``: enter hands, penalties and rulings at a table;
- ``confirm``: confirm a submitted scoresheet (someone else's, checked where it happens);
- ``manage``: everything a director does: players, seating, publishing, roles.

Superusers may do everything; anonymous and inactive users nothing. Asking
about a permission that does not exist is a programming error, not a "no".
"""

from tournament.events.models import StaffRole

Role = StaffRole.Role

PERMISSIONS: dict[str, frozenset[str]] = {
    "view": frozenset({Role.DIRECTOR, Role.JUDGE, Role.VIEWER}),
    "enter_results": frozenset({Role.DIRECTOR, Role.JUDGE}),
    "confirm": frozenset({Role.DIRECTOR, Role.JUDGE}),
    "manage": frozenset({Role.DIRECTOR}),
}


def role_of(user, event) -> str | None:
    """The user's role in the event, or None."""
    if not getattr(user, "is_authenticated", False) or event is None or event.pk is None:
        return None
    return StaffRole.objects.filter(event=event, user=user).values_list("role", flat=True).first()


def has_event_permission(user, event, perm: str) -> bool:
    """True when ``user`` may do ``perm`` in ``event``."""
    if perm not in PERMISSIONS:
        raise ValueError(f"unknown event permission {perm!r}; use one of {sorted(PERMISSIONS)}")
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    return role_of(user, event) in PERMISSIONS[perm]


def can_create_events(user) -> bool:
    """Creating an event is not tied to an event: superusers or the ``add_event`` permission."""
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and (user.is_superuser or user.has_perm("events.add_event"))
    )


def events_for(user):
    """The events whose staff pages the user may open, newest first."""
    from tournament.events.models import Event

    if user is None or not user.is_authenticated or not user.is_active:
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(staff_roles__user=user).distinct()
