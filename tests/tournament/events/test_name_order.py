"""A player's name order (issue #34): family name first for CN, JP, KR and VN, or the player's own.

The order says how a name in Latin letters splits into family and given
names (the EMA file, a pasted Latin name). It is the person's, kept on the
Player with its history; the edit page and the players CSV set it.
"""

import pytest

from tests.tournament.pages import html_of, refused_on
from tournament.events import csv_import, services
from tournament.events.models import Player

EDIT = {"name": "Nguyễn Văn An", "country": "VN", "reason": "as on the passport"}


@pytest.fixture
def registration(event):
    return services.add_player(event, name="Nguyễn Văn An", country="VN")


def test_a_new_player_follows_the_country(registration):
    assert registration.player.name_order == Player.NameOrder.COUNTRY


def test_the_edit_page_sets_the_order_with_history(client, login, registration):
    user = login("director")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    html = html_of(client.get(url))
    assert 'name="name_order"' in html and "Family name first" in html
    assert client.post(url, {**EDIT, "name_order": "given_first"}).status_code == 302
    player = Player.objects.get(pk=registration.player_id)
    assert player.name_order == Player.NameOrder.GIVEN_FIRST
    record = player.history.first()
    assert record.history_user == user and "as on the passport" in record.history_change_reason
    # Left out of the form (an older client): kept as it is.
    assert client.post(url, EDIT).status_code == 302
    assert Player.objects.get(pk=registration.player_id).name_order == "given_first"


def test_a_bad_order_is_refused_on_its_field(client, login, registration):
    login("director")
    url = f"/manage/cup/players/{registration.pk}/edit/"
    refused_on(client.post(url, {**EDIT, "name_order": "backwards"}), "Name order")
    assert Player.objects.get(pk=registration.player_id).name_order == "country"


def test_the_csv_sets_the_order(event, director):
    text = (
        "name,country,name order\n"
        "Kovács Anna,HU,family first\nYamada Taro,JP,\nTaro Sato,JP,given\n"
    )
    preview = csv_import.import_players_preview(event, text)
    assert preview.ok, preview.problems
    csv_import.import_players(event, text, by=director)
    orders = {r.name: r.player.name_order for r in event.registrations.select_related("player")}
    assert orders == {
        "Kovács Anna": "family_first",
        "Yamada Taro": "country",
        "Taro Sato": "given_first",
    }


def test_a_bad_order_in_the_csv_names_the_line_and_column(event):
    preview = csv_import.import_players_preview(event, "name,name order\nAna,sideways\n")
    assert not preview.ok
    message = str(preview.problems[0])
    assert message.startswith("line 2:") and "name order" in message and "sideways" in message


def test_a_known_player_gets_the_files_order(event, director, make_event):
    services.add_player(make_event(slug="old"), name="Lena", ema_id="042")
    text = "name,ema_id,name_order\nLena,042,family first\n"
    row = csv_import.import_players_preview(event, text).rows[0]
    assert [(f, new) for f, _label, _old, new in row.changes] == [
        ("name_order", "Family name first")
    ]
    csv_import.import_players(event, text, by=director)
    player = Player.objects.get(ema_id="042")
    assert player.name_order == "family_first"
    assert player.history.latest().history_user == director
