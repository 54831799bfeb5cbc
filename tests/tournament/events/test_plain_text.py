"""Names, clubs and groups refuse NUL and other control characters, wherever they are entered.

The players CSV (its preview names the line and the field), the director's
player form, the service itself and the admin forms; the message names the
field and the character, in English, Japanese and Chinese.
"""

import pytest
from django.utils import translation

from tournament.events import csv_import, services
from tournament.events.admin import PlayerAdminForm, RegistrationAdminForm
from tournament.events.errors import EventError
from tournament.events.models import Player, Registration
from tournament.events.plain_text import control_character

ADD = "/manage/cup/players/add/"


@pytest.mark.parametrize(
    ("text", "code"),
    [("a\x00b", "U+0000"), ("\x1b[31mRed", "U+001B"), ("x\x7f", "U+007F"), ("x\x85", "U+0085")],
)
def test_control_characters_are_found(text, code):
    assert control_character(text) == code


@pytest.mark.parametrize(
    "text", ["", "山田 太郎", "Chloé", "tab\there", "two\nlines\r\n", "👩‍👩‍👧"]
)
def test_plain_text_and_ordinary_whitespace_pass(text):
    assert control_character(text) is None


def test_the_csv_preview_refuses_the_row_naming_line_and_field(event):
    text = "name,club\nAna,Club\nB\x00en,Club\nCara,Hamburg\x07\nDan,\n"
    preview = csv_import.import_players_preview(event, text)
    assert [r.name for r in preview.rows] == ["Ana", "Dan"]
    assert [str(p) for p in preview.problems] == [
        "line 3: Name contains a control character (U+0000); only plain text is allowed.",
        "line 4: Club contains a control character (U+0007); only plain text is allowed.",
    ]
    with pytest.raises(EventError):
        csv_import.import_players(event, text)
    assert not Player.objects.exists()


def test_the_csv_preview_page_shows_the_problem(client, director, event):
    response = client.post("/manage/cup/players/import/", {"text": "name\nB\x00en\n"})
    html = response.content.decode()
    assert "Name contains a control character (U+0000)" in html
    assert "confirm-import" not in html


def test_tabs_and_line_breaks_in_a_name_are_collapsed_not_refused(event):
    registration = services.add_player(event, name="Ana\tMaria\nLopez", club="A\r\nB")
    assert (registration.name, registration.club) == ("Ana Maria Lopez", "A B")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "B\x00en"}, "Name contains a control character (U+0000)"),
        ({"name": "Ben", "club": "\x1bClub"}, "Club contains a control character (U+001B)"),
        ({"name": "Ben", "group": "Team\x0b"}, "Group contains a control character (U+000B)"),
    ],
)
def test_the_service_refuses_them(event, fields, message):
    with pytest.raises(EventError) as info:
        services.add_player(event, **fields)
    assert message in info.value.message
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "B\x00en", "Name contains a control character (U+0000)"),
        ("club", "Club\x1fX", "Club contains a control character (U+001F)"),
        ("group", "\x08Team", "Group contains a control character (U+0008)"),
    ],
)
def test_the_player_form_refuses_them_on_the_field(client, director, field, value, message):
    data = {"name": "Ben", "status": "active", field: value}
    response = client.post(ADD, data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert errors[field] == [message + "; only plain text is allowed."]
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ja", "名前に制御文字（U+0000）が含まれています。通常の文字だけを使ってください。"),
        ("zh-hans", "姓名包含控制字符（U+0000），只能使用普通文字。"),
    ],
)
def test_the_message_is_translated(event, language, expected):
    with translation.override(language), pytest.raises(EventError) as info:
        services.add_player(event, name="B\x00en")
    assert info.value.message == expected


def test_the_admin_forms_refuse_them(event, make_player):
    # The name, club, team and group are the registration's (issue #32); the person's
    # Latin names take Latin letters only (latin_names).
    form = PlayerAdminForm(data={"ema_id": "", "latin_first_name": "B\x07en"})
    assert not form.is_valid()
    assert "U+0007" in form.errors["latin_first_name"][0]
    player = make_player()
    form = RegistrationAdminForm(
        data={
            "event": event.pk,
            "player": player.pk,
            "status": "active",
            "name": "B\x00en",
            "club": "Ok\x07",
            "group": "T\x00",
        }
    )
    assert not form.is_valid()
    assert sorted(form.errors) == ["club", "group", "name"]
    assert "U+0000" in form.errors["name"][0] and "U+0007" in form.errors["club"][0]
    assert "U+0000" in form.errors["group"][0]
