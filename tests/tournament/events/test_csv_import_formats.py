"""The CSV files venues really have: other encodings, delimiters, headers, broken quotes.

Issue "[4/8] messy tournament day": Shift_JIS and Windows-1252 files, semicolons,
an "EMA ID" header, extra columns, an unclosed quote, and a known player's new club.
"""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournament.events import csv_import, services
from tournament.events.errors import EventError
from tournament.events.models import Player, Registration, StaffRole


@pytest.fixture
def director(django_user_model, event):
    user = django_user_model.objects.create_user("dora", password="pw")
    StaffRole.objects.create(event=event, user=user, role="director")
    return user


def names(preview):
    return [row.name for row in preview.rows]


# --- encodings ---------------------------------------------------------------------------------


def test_shift_jis_is_read():
    data = "名前,クラブ,国\n山田 太郎,東京麻雀倶楽部,JP\n佐藤 花子,大阪,JP\n".encode("cp932")
    assert csv_import.decode_upload(data).splitlines()[1] == "山田 太郎,東京麻雀倶楽部,JP"


def test_windows_1252_is_read():
    data = "Name;Club\nAgnès Durand;Lyon\nKovács Péter;Budapest\nGaëlle Le Goff;Brest\n"
    assert csv_import.decode_upload(data.encode("cp1252")) == data


def test_utf8_with_and_without_a_byte_order_mark():
    text = "name\nŁukasz\n"
    assert csv_import.decode_upload(text.encode("utf-8-sig")) == text
    assert csv_import.decode_upload(text.encode()) == text


def test_an_encoding_that_cannot_be_told_is_refused_with_the_fix():
    with pytest.raises(EventError, match="GBK.*CSV UTF-8"):
        csv_import.decode_upload("name\n王芳\n".encode("gbk"))
    with pytest.raises(EventError, match="not UTF-8.*CSV UTF-8"):
        csv_import.decode_upload(b"name\n\x81\x8d\xff\n")


def test_uploads_in_both_encodings_reach_the_preview(client, event, director):
    client.force_login(director)
    for data, read_as in (
        ("name,club\n山田 太郎,東京\n".encode("cp932"), "Shift_JIS"),
        ("name;club\nAgnès;Lyon\n".encode("cp1252"), "Windows-1252"),
        ("name,club\nAgnès,Lyon\n".encode(), None),
    ):
        upload = SimpleUploadedFile("players.csv", data, content_type="text/csv")
        response = client.post("/manage/cup/players/import/", {"file": upload})
        html = response.content.decode()
        assert "1 player is ready to be registered." in html
        # The director is told which encoding a non-UTF-8 file was read in.
        assert response.context["read_as"] == read_as
        assert (f"it was read as {read_as}" in html) == (read_as is not None)
    assert response.context["preview"].rows[0].name == "Agnès"


# --- delimiters and headers --------------------------------------------------------------------


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_delimiters(event, delimiter):
    text = delimiter.join(["Name", "Club", "Country"]) + "\n"
    text += delimiter.join(["Müller, Anna", "Club A", "DE"]) + "\n"
    if delimiter == ",":
        text = 'Name,Club,Country\n"Müller, Anna",Club A,DE\n'
    preview = csv_import.import_players_preview(event, text)
    assert preview.ok, preview.problems
    assert [(r.name, r.club, r.country) for r in preview.rows] == [("Müller, Anna", "Club A", "DE")]


def test_header_aliases_and_extra_columns(event):
    text = (
        "Player;Club;Country;EMA ID;Status;First name (Latin);Last name (Latin);Shirt size\n"
        "山田 太郎;東京;JP;04290001;Reserve;Taro;Yamada;L\n"
    )
    preview = csv_import.import_players_preview(event, text)
    assert preview.ok, preview.problems
    row = preview.rows[0]
    assert (row.name, row.club, row.ema_id, row.status) == (
        "山田 太郎",
        "東京",
        "04290001",
        "reserve",
    )
    assert (row.latin_first_name, row.latin_last_name) == ("Taro", "Yamada")
    assert preview.ignored_columns == ["Shirt size"]


@pytest.mark.parametrize("header", ["ema_id", "EMA number", "ema-id", " Ema Id "])
def test_ema_id_spellings(event, header):
    preview = csv_import.import_players_preview(event, f"name,{header}\nAna,123\n")
    assert preview.rows[0].ema_id == "123"


def test_two_columns_for_one_field_are_refused(event):
    preview = csv_import.import_players_preview(event, "name,club,クラブ\nAna,A,B\n")
    assert [p.line for p in preview.problems] == [1]
    assert "Columns club and クラブ (column 3) both give club." in preview.problems[0].message


def test_latin_names_alone_make_the_name(event):
    preview = csv_import.import_players_preview(event, "first name,last name\nGaëlle,Le Goff\n")
    assert names(preview) == ["Gaëlle Le Goff"]


def test_the_preview_page_notes_the_ignored_columns(client, event, director):
    client.force_login(director)
    response = client.post("/manage/cup/players/import/", {"text": "name,shoe\nAna,42\n"})
    assert "Columns not imported (not known here): shoe." in response.content.decode()


# --- broken quoting ----------------------------------------------------------------------------


def test_an_unclosed_quote_is_refused_with_its_line(event):
    text = 'name,club,country\nAnna,X,DE\n"Broken, quote,NL,\nBen,Y,DE\n'
    preview = csv_import.import_players_preview(event, text)
    assert not preview.ok
    assert [p.line for p in preview.problems] == [3]
    assert "closing quote is missing" in preview.problems[0].message
    assert "Broken, quote,NL," not in names(preview)


def test_text_after_a_closing_quote_is_refused(event):
    preview = csv_import.import_players_preview(event, 'name,club\n"Ana"x,Club\n')
    assert [p.line for p in preview.problems] == [2]


# --- a known player: the same person, this event's own club (issue #32, H2) ------------------


def test_a_known_player_gets_the_new_club_here_and_keeps_the_old_one_there(
    event, director, make_event
):
    other = make_event(slug="last-year")
    old = services.add_player(
        other, name="Lena Fischer", club="Old Club", country="DE", ema_id="042"
    )
    text = "name,club,country,ema_id\nLena Fischer,New Club,AT,042\n"
    preview = csv_import.import_players_preview(event, text)
    assert preview.ok
    row = preview.rows[0]
    assert row.known_player
    assert row.changes == ()  # the club and country are this event's: nothing of the person
    before = old.player.history.count()
    csv_import.import_players(event, text, by=director)
    player = Player.objects.get(ema_id="042")
    new = Registration.objects.get(event=event, player=player)
    assert (new.name, new.club, new.country) == ("Lena Fischer", "New Club", "AT")
    assert new.history.latest().history_user == director
    old.refresh_from_db()
    assert (old.club, old.country) == ("Old Club", "DE")
    assert old.history.count() == 1  # the older registration was never written
    assert player.history.count() == before


def test_a_known_player_gets_the_files_latin_names(event, director, make_event):
    services.add_player(make_event(slug="last-year"), name="Lena", ema_id="042")
    text = "name,club,ema_id,first name,last name\nLena,New Club,042,Lena,Fischer\n"
    row = csv_import.import_players_preview(event, text).rows[0]
    assert [(f, old, new) for f, _label, old, new in row.changes] == [
        ("latin_first_name", "", "Lena"),
        ("latin_last_name", "", "Fischer"),
    ]
    csv_import.import_players(event, text, by=director)
    player = Player.objects.get(ema_id="042")
    assert (player.latin_first_name, player.latin_last_name) == ("Lena", "Fischer")
    record = player.history.latest()
    assert record.history_change_reason.startswith("player.edited")
    assert record.history_user == director


def test_the_preview_page_lists_the_changes(client, event, director, make_event):
    services.add_player(make_event(slug="old"), name="Lena", club="Old Club", ema_id="042")
    Player.objects.filter(ema_id="042").update(latin_last_name="Fisher")
    client.force_login(director)
    response = client.post(
        "/manage/cup/players/import/",
        {"text": "name,club,ema_id,last name\nLena,New Club,042,Fischer\n"},
    )
    html = response.content.decode()
    assert "1 known player&#x27;s record will be updated" in html or "1 known player" in html
    assert "“Fisher” → “Fischer”" in html


def test_an_empty_cell_keeps_what_is_known(event, make_event):
    services.add_player(make_event(slug="old"), name="Lena", club="Old Club", ema_id="042")
    Player.objects.filter(ema_id="042").update(latin_last_name="Fischer")
    csv_import.import_players(event, "name,club,ema_id,last name\nLena,,042,\n")
    assert Player.objects.get(ema_id="042").latin_last_name == "Fischer"
