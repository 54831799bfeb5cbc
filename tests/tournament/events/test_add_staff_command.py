"""``manage.py add_staff``: an account with a role, or a role for an existing account."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from tournament.events.models import StaffRole


@pytest.fixture
def event(make_event):
    return make_event(slug="cup")


def run(*args):
    out = StringIO()
    call_command("add_staff", *args, stdout=out)
    return out.getvalue()


def test_creates_a_judge_with_a_password(event):
    out = run("cup", "judy", "--role", "judge", "--password", "tiles-and-dragons-42")
    assert "Created judy" in out
    judy = get_user_model().objects.get(username="judy")
    assert judy.check_password("tiles-and-dragons-42")
    assert not judy.is_staff and not judy.is_superuser
    assert StaffRole.objects.get(event=event, user=judy).role == "judge"


def test_without_a_password_prints_a_one_time_link(client, event):
    out = run("cup", "wang", "--role", "viewer")
    assert "/accounts/welcome/" in out
    path = out[out.index("/accounts/welcome/") :].split()[0]
    assert not get_user_model().objects.get(username="wang").has_usable_password()
    assert client.get(path).status_code == 200


def test_gives_a_role_to_an_existing_user(event):
    get_user_model().objects.create_user("li")
    assert "li is now director" in run("cup", "li", "--role", "director")
    assert StaffRole.objects.get(event=event, user__username="li").role == "director"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("nope", "judy", "--role", "judge"), "There is no event"),
        (("cup", "judy", "--role", "judge", "--password", "123"), "too short"),
        (("cup", "bad name!", "--role", "judge"), "not a usable user name"),
    ],
)
def test_refusals_say_why(event, args, words):
    with pytest.raises(CommandError, match=words):
        run(*args)
    assert not get_user_model().objects.filter(username="judy").exists()


def test_password_for_an_existing_user_is_refused(event):
    get_user_model().objects.create_user("li")
    with pytest.raises(CommandError, match="changepassword"):
        run("cup", "li", "--role", "judge", "--password", "tiles-and-dragons-42")
    assert not StaffRole.objects.filter(user__username="li").exists()


def test_exit_status_and_stderr(event, settings):
    import os
    import subprocess
    import sys

    # A bad role is an argument error: argparse exits 2 with the choices on stderr.
    done = subprocess.run(
        [sys.executable, "manage.py", "add_staff", "cup", "x", "--role", "boss"],
        capture_output=True,
        text=True,
        env={**os.environ, "DEBUG": "1"},
        cwd=settings.BASE_DIR,
        check=False,
    )
    assert done.returncode == 2
    assert "invalid choice" in done.stderr
