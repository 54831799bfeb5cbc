"""Issue #32 L5: one rule for names on every way in, and a warning for lookalikes.

The steps of the issue: a name or team holding a bidi override or a
zero-width character was accepted, and ``Теam Alpha`` (a Cyrillic Т and е)
ranked as a team apart from ``Team Alpha`` without a word. Now every way in
(the service, the player forms, the CSV import, the API, ``import_event``)
stores names in NFC and refuses the invisible characters with a message
naming the field; and the director is warned, on the page after saving or
importing, when a new name or team looks like another of the event.
"""

from __future__ import annotations

import json

import pytest
from django.contrib.messages import get_messages
from django.core.management import CommandError, call_command
from django.utils import translation
from rest_framework.test import APIClient

from tests.tournament.backup.snapshot import copy_of
from tournament.events import csv_import, services
from tournament.events.editing import edit_player
from tournament.events.errors import EventError
from tournament.events.lookalikes import looks_alike, registration_warnings
from tournament.events.models import Registration
from tournament.events.plain_text import BIDI_CONTROLS, ZERO_WIDTH, invisible_character
from tournament.events.teams import teams_of

ADD = "/manage/cup/players/add/"
IMPORT = "/manage/cup/players/import/"
CYRILLIC_TEAM = "\u0422\u0435am Alpha"  # Теam Alpha: a Cyrillic Т and е
RLO, ZWSP = "\u202e", "\u200b"


def warnings_of(response) -> list[str]:
    return [m.message for m in get_messages(response.wsgi_request) if m.level_tag == "warning"]


# --- the rule --------------------------------------------------------------------------


@pytest.mark.parametrize("char", sorted(BIDI_CONTROLS | ZERO_WIDTH))
def test_every_bidi_control_and_zero_width_character_is_found(char):
    assert invisible_character(f"Team{char}Alpha") == f"U+{ord(char):04X}"


def test_the_listed_ranges_are_all_there():
    wanted = {*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C}
    assert {ord(c) for c in BIDI_CONTROLS} == wanted
    assert {ord(c) for c in ZERO_WIDTH} == {0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}


@pytest.mark.parametrize("text", ["", "山田 太郎", "José", "Ólafur", "عمر", "👩"])
def test_ordinary_names_pass(text):
    assert invisible_character(text) is None


@pytest.mark.parametrize(
    ("fields", "label", "code"),
    [
        ({"name": f"Ali{RLO}ecila"}, "Name", "U+202E"),
        ({"name": "Ben", "club": f"Club{ZWSP}"}, "Club", "U+200B"),
        ({"name": "Ben", "team": f"Team{ZWSP}Alpha"}, "Team", "U+200B"),
        ({"name": "Ben", "team": "\u2066Team\u2069"}, "Team", "U+2066"),
        ({"name": "Ben", "group": "A\ufeff"}, "Group", "U+FEFF"),
        ({"name": "Be\u200dn"}, "Name", "U+200D"),
    ],
)
def test_the_service_refuses_them_naming_the_field(event, fields, label, code):
    with pytest.raises(EventError) as info:
        services.add_player(event, **fields)
    assert info.value.message.startswith(f"{label} contains an invisible character ({code}")
    assert not Registration.objects.exists()


def test_names_and_teams_are_stored_in_nfc(event):
    decomposed = services.add_player(event, name="Jose\u0301", team="Cafe\u0301", club="Ko\u0308ln")
    whole = services.add_player(event, name="Ana", team="Caf\u00e9")
    assert (decomposed.name, decomposed.team, decomposed.club) == (
        "Jos\u00e9",
        "Caf\u00e9",
        "K\u00f6ln",
    )
    assert whole.team == decomposed.team
    assert list(teams_of(event)) == ["Caf\u00e9"]  # one team, not two that look the same


def test_editing_applies_the_rule(event):
    registration = services.add_player(event, name="Ana")
    with pytest.raises(EventError, match="Team contains an invisible character"):
        edit_player(registration, name="Ana", team=f"Kanto{ZWSP}")
    edited = edit_player(registration, name="A\u0301na", latin_first_name="A\u0301na")
    assert edited.name == "\u00c1na" and edited.player.latin_first_name == "\u00c1na"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        (
            "ja",
            "チームに見えない文字（U+202E、方向制御文字またはゼロ幅スペース）が含まれています。",
        ),
        ("zh-hans", "队伍包含不可见字符（U+202E，方向控制符或零宽空格），"),
    ],
)
def test_the_refusal_is_translated(event, language, expected):
    with translation.override(language), pytest.raises(EventError) as info:
        services.add_player(event, name="Ben", team=f"{RLO}ahplA")
    assert info.value.message.startswith(expected)


# --- every way in ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "label"),
    [("name", f"Ali{RLO}x", "Name"), ("club", f"C{ZWSP}", "Club"), ("team", f"T{ZWSP}", "Team")],
)
def test_the_player_form_refuses_them_on_the_field(client, director, field, value, label):
    response = client.post(ADD, {"name": "Ben", "status": "active", field: value})
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert errors[field][0].startswith(f"{label} contains an invisible character")
    assert not Registration.objects.exists()


def test_the_edit_form_refuses_them(client, director, event):
    registration = services.add_player(event, name="Ana")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    response = client.post(url, {"name": f"A{RLO}na", "country": "", "ema_id": ""})
    assert response.status_code == 400
    assert "Name contains an invisible character (U+202E" in response.content.decode()
    registration.refresh_from_db()
    assert registration.name == "Ana"


def test_the_csv_import_refuses_the_row_naming_line_and_field(event):
    text = f"name,club,team\nAna,Club,Alpha\nBen{RLO},Club,Alpha\nCara,Club,Al{ZWSP}pha\n"
    preview = csv_import.import_players_preview(event, text)
    assert [r.name for r in preview.rows] == ["Ana"]
    assert [str(p).split(" (")[0] for p in preview.problems] == [
        "line 3: Name contains an invisible character",
        "line 4: Team contains an invisible character",
    ]
    with pytest.raises(EventError):
        csv_import.import_players(event, text)
    assert not Registration.objects.exists()


def test_the_csv_import_stores_nfc(event):
    csv_import.import_players(event, "name,team\nJose\u0301,Cafe\u0301\n")
    assert Registration.objects.get().team == "Caf\u00e9"


def test_the_api_refuses_them_naming_the_field(director, event):
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/manage/events/{event.slug}/players/"
    response = api.post(url, {"name": "Ben", "team": f"Team{ZWSP}Alpha"}, format="json")
    assert response.status_code == 400
    assert "Team contains an invisible character (U+200B" in json.dumps(
        response.json(), ensure_ascii=False
    )
    assert not Registration.objects.exists()
    ok = api.post(url, {"name": "Jose\u0301"}, format="json")
    assert ok.status_code == 201 and ok.json()["registrations"][0]["name"] == "Jos\u00e9"


def _backup(event, tmp_path) -> dict:
    services.add_player(event, name="Ana", team="Alpha")
    return copy_of(event, tmp_path, "cup-copy")


def _import(document, tmp_path):
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_event", str(path), verbosity=0)


def test_import_event_refuses_them_at_their_place(event, tmp_path):
    document = _backup(event, tmp_path)
    document["registrations"][0]["team"] = f"Al{RLO}pha"
    document["registrations"][0]["name"] = f"A{ZWSP}na"
    with pytest.raises(CommandError) as info:
        _import(document, tmp_path)
    message = str(info.value)
    assert "registrations[0].team: team contains an invisible character (U+202E" in message
    assert "registrations[0].name: name contains an invisible character (U+200B" in message
    assert not Registration.objects.filter(event__slug="cup-copy").exists()


def test_import_event_stores_nfc(event, tmp_path):
    document = _backup(event, tmp_path)
    document["registrations"][0]["team"] = "Cafe\u0301"
    _import(document, tmp_path)
    assert Registration.objects.get(event__slug="cup-copy").team == "Caf\u00e9"


# --- lookalikes: warned, not refused -------------------------------------------------------


def test_the_issues_lookalike_team():
    assert looks_alike(CYRILLIC_TEAM, "Team Alpha")
    assert not looks_alike("Team Alpha", "Team Alpha")
    assert not looks_alike("Team Alpha", "Team Beta")
    assert not looks_alike("Team Alpha", "Team Alphas")


def test_adding_a_lookalike_team_warns_the_director(client, director, event):
    services.add_player(event, name="Ana", team="Team Alpha")
    response = client.post(ADD, {"name": "Ben", "status": "active", "team": CYRILLIC_TEAM})
    assert response.status_code == 302  # saved: both are real letters
    assert Registration.objects.filter(team=CYRILLIC_TEAM).exists()
    [warning] = warnings_of(response)
    assert warning.startswith(
        f"The team “{CYRILLIC_TEAM}” looks like the team “Team Alpha” but is written with "
        "other characters: Т (U+0422), е (U+0435). They rank as two teams"
    )
    page = client.get("/manage/cup/").content.decode()
    assert "looks like the team" in page


def test_adding_a_lookalike_name_warns_the_director(client, director, event):
    services.add_player(event, name="Pavel Ivanov")
    response = client.post(ADD, {"name": "\u0420avel Ivanov", "status": "active"})
    assert response.status_code == 302
    [warning] = warnings_of(response)
    assert "“Рavel Ivanov” looks like “Pavel Ivanov”, also in this event" in warning
    assert "Р (U+0420)" in warning


def test_no_warning_for_the_same_team_or_another_name(client, director, event):
    services.add_player(event, name="Ana", team="Team Alpha")
    response = client.post(ADD, {"name": "Ben", "status": "active", "team": "Team Alpha"})
    assert warnings_of(response) == []


def test_editing_into_a_lookalike_warns(client, director, event):
    services.add_player(event, name="Ana", team="Team Alpha")
    ben = services.add_player(event, name="Ben", team="Team Beta")
    url = f"/manage/cup/players/{ben.pk}/edit/"
    response = client.post(url, {"name": "Ben", "team": CYRILLIC_TEAM})
    assert response.status_code == 302
    assert any("looks like the team “Team Alpha”" in w for w in warnings_of(response))


def test_the_csv_preview_and_the_import_warn(client, director, event):
    services.add_player(event, name="Ana", team="Team Alpha")
    text = f"name,team\nBen,{CYRILLIC_TEAM}\nCara,Team Alpha\n"
    preview = csv_import.import_players_preview(event, text)
    assert preview.ok and len(preview.warnings) == 1
    html = client.post(IMPORT, {"text": text}).content.decode()
    assert 'id="lookalike-warnings"' in html and "looks like the team" in html
    response = client.post(f"{IMPORT}confirm/", {"csv_text": text})
    assert response.status_code == 302
    assert Registration.objects.count() == 3
    assert [w.split("”")[0] for w in warnings_of(response)] == [f"The team “{CYRILLIC_TEAM}"]


def test_two_lookalikes_in_one_file_are_warned_once(event):
    rows = csv_import.import_players(event, f"name,team\nAna,Team Alpha\nBen,{CYRILLIC_TEAM}\n")
    assert len(registration_warnings(event, rows)) == 1


def test_the_warning_is_translated(event):
    services.add_player(event, name="Ana", team="Team Alpha")
    ben = services.add_player(event, name="Ben", team=CYRILLIC_TEAM)
    with translation.override("ja"):
        [warning] = registration_warnings(event, [ben])
    assert warning.startswith(f"チーム「{CYRILLIC_TEAM}」はチーム「Team Alpha」と同じに見えますが")
    with translation.override("zh-hans"):
        [warning] = registration_warnings(event, [ben])
    assert warning.startswith(f"队伍“{CYRILLIC_TEAM}”看起来与队伍“Team Alpha”相同")


def test_create_event_prints_the_warning_and_refuses_invisible_characters(db, tmp_path, capsys):
    players = tmp_path / "players.csv"
    players.write_text(f"name,team\nAna,Team Alpha\nBen,{CYRILLIC_TEAM}\n", encoding="utf-8")
    call_command("create_event", "cup2", "--name", "Cup", "--ruleset", "mcr", "--players", players)
    assert "warning: The team “" in capsys.readouterr().err
    players.write_text(f"name,team\nAna,Team{ZWSP} Alpha\n", encoding="utf-8")
    with pytest.raises(CommandError, match="line 2: Team contains an invisible character"):
        call_command(
            "create_event", "cup3", "--name", "Cup", "--ruleset", "mcr", "--players", players
        )
