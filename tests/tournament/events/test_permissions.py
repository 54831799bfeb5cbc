"""The permission matrix: every staff view asks ``has_event_permission``."""

import pytest
from django.contrib.auth.models import AnonymousUser, Permission

from tournament.events.models import StaffRole
from tournament.events.permissions import (
    PERMISSIONS,
    can_create_events,
    events_for,
    has_event_permission,
)

PERMS = ["view", "enter_results", "confirm", "manage"]

# who -> the permissions they hold in ``event`` (not in ``other``)
MATRIX = {
    "anonymous": set(),
    "stranger": set(),
    "viewer": {"view"},
    "judge": {"view", "enter_results", "confirm"},
    "judge_elsewhere": set(),
    "director": {"view", "enter_results", "confirm", "manage"},
    "superuser": {"view", "enter_results", "confirm", "manage"},
    "inactive_director": set(),
}


@pytest.fixture
def people(make_event, django_user_model):
    event, other = make_event(), make_event()
    users = {"anonymous": AnonymousUser()}
    for name in MATRIX:
        if name == "anonymous":
            continue
        users[name] = django_user_model.objects.create_user(
            name, password="x", is_superuser=name == "superuser"
        )
    for name, role, where in [
        ("viewer", "viewer", event),
        ("judge", "judge", event),
        ("judge_elsewhere", "judge", other),
        ("director", "director", event),
        ("inactive_director", "director", event),
    ]:
        StaffRole.objects.create(
            event=event if where is event else other, user=users[name], role=role
        )
    users["inactive_director"].is_active = False
    users["inactive_director"].save()
    return event, other, users


@pytest.mark.parametrize("who", sorted(MATRIX))
@pytest.mark.parametrize("perm", PERMS)
def test_matrix(people, who, perm):
    event, _other, users = people
    assert has_event_permission(users[who], event, perm) is (perm in MATRIX[who])


def test_a_role_counts_only_in_its_own_event(people):
    event, other, users = people
    assert has_event_permission(users["judge_elsewhere"], other, "enter_results")
    assert not has_event_permission(users["judge"], other, "view")
    assert not has_event_permission(users["director"], other, "manage")


def test_every_role_can_view():
    assert set(PERMISSIONS["view"]) == set(StaffRole.Role.values)


def test_an_unknown_permission_is_a_bug_not_a_no(people):
    event, _other, users = people
    with pytest.raises(ValueError, match="unknown event permission"):
        has_event_permission(users["superuser"], event, "delete_everything")


def test_none_user_has_no_permission(people):
    event, _other, _users = people
    assert not has_event_permission(None, event, "view")


def test_who_may_create_events(people):
    _event, _other, users = people
    assert can_create_events(users["superuser"])
    assert not can_create_events(users["director"])
    assert not can_create_events(users["anonymous"])
    users["director"].user_permissions.add(Permission.objects.get(codename="add_event"))
    users["director"] = type(users["director"]).objects.get(pk=users["director"].pk)
    assert can_create_events(users["director"])


def test_events_for_lists_the_events_with_a_role(people):
    event, other, users = people
    assert list(events_for(users["judge"])) == [event]
    assert set(events_for(users["superuser"])) == {event, other}
    assert not events_for(users["stranger"]).exists()
    assert not events_for(users["anonymous"]).exists()
