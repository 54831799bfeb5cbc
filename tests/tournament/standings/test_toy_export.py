"""An export format the standings code has never heard of, added from this file alone.

The registry of formats (``tournament.standings.exporters``) promises that a
new format is one registration: no view, URL, template or command of its
own. The toy "standings.txt" is registered here only (and removed after each
test), and the staff and public standings pages link it, it downloads under
its own name with its own content type, and the ``standings`` command writes
it. The URL maps are made from the registry when they are loaded, as a site
loads them once its apps have registered their formats, so the fixture loads
them again after registering the toy, and after removing it.
"""

from __future__ import annotations

import importlib

import pytest
from django.core.management import CommandError, call_command
from django.urls import clear_url_caches, reverse

from tournament.seating.models import Round
from tournament.standings.exporters import Exporter, register_exporter, unregister_exporter
from tournament.standings.installed import standings_rows
from tournament.standings.services import publish_results

TOY_TYPE = "text/plain; charset=utf-8"
URL_MAPS = ("tournament.standings.urls", "tournament.standings.urls_public", "tournament.urls")


def standings_text(event, rows) -> bytes:
    """One line a player: rank, name, points."""
    return "".join(f"{row['rank']} {row['player']} {row['points']}\n" for row in rows).encode()


def _load_url_maps() -> None:
    for name in URL_MAPS:
        importlib.reload(importlib.import_module(name))
    clear_url_caches()


@pytest.fixture
def toy_format():
    exporter = register_exporter(
        Exporter("toy_text", "Toy text", TOY_TYPE, "standings.txt", standings_text, standings_rows)
    )
    _load_url_maps()
    yield exporter
    unregister_exporter(exporter.code)
    _load_url_maps()


@pytest.fixture
def cup(tournament):
    """Round 1 confirmed and published, round 2 confirmed only."""
    built = tournament("mcr", tables=1, rounds=2)
    built.play_round(1, [[40, 10, -20, -30]])
    built.play_round(2, [[-30, -20, 10, 40]])
    publish_results(Round.objects.get(event=built.event, number=1))
    built.event.is_public = True
    built.event.save()
    return built


def lines(content: bytes) -> list[str]:
    return content.decode().splitlines()


def test_the_staff_and_public_pages_link_the_toy(client, toy_format, cup):
    slug = cup.event.slug
    client.force_login(cup.users["viewer"])
    staff_page = client.get(reverse("standings:staff", args=[slug])).content.decode()
    assert f'href="/manage/{slug}/standings.txt" download>Toy text</a>' in staff_page
    public_page = client.get(reverse("public:standings", args=[slug])).content.decode()
    assert f'<a href="/e/{slug}/standings.txt">Toy text</a>' in public_page


def test_the_toy_downloads_for_the_staff_and_the_public(client, toy_format, cup):
    slug = cup.event.slug
    client.force_login(cup.users["viewer"])
    staff = client.get(reverse("standings:staff_toy_text", args=[slug]))
    assert staff["Content-Type"] == TOY_TYPE
    assert staff["Content-Disposition"] == f'attachment; filename="{slug}-staff-standings.txt"'
    assert len(lines(staff.content)) == 4
    client.logout()
    public = client.get(f"/e/{slug}/standings.txt")
    assert public["Content-Disposition"] == f'attachment; filename="{slug}-standings.txt"'
    # Round 1 only: the player who won it leads, with its table points alone.
    assert lines(public.content)[0] == f"1 {cup.seats(1, 1)['E'].name} 4"
    assert lines(public.content) != lines(staff.content)


def test_the_command_writes_the_toy_as_it_downloads(client, toy_format, cup, tmp_path):
    slug = cup.event.slug
    target = tmp_path / "cup.txt"
    call_command("standings", slug, "--format", "toy_text", "--output", str(target), "--published")
    assert target.read_bytes() == client.get(f"/e/{slug}/standings.txt").content
    with pytest.raises(CommandError, match="add --output"):
        call_command("standings", slug, format="toy_text")


def test_once_removed_the_toy_is_neither_linked_nor_served(client, cup, tmp_path):
    slug = cup.event.slug
    client.force_login(cup.users["viewer"])
    assert (
        "standings.txt" not in client.get(reverse("standings:staff", args=[slug])).content.decode()
    )
    assert client.get(f"/manage/{slug}/standings.txt").status_code == 404
    with pytest.raises(CommandError, match="invalid choice: 'toy_text'"):
        call_command("standings", slug, "--format", "toy_text", "--output", str(tmp_path / "x"))
