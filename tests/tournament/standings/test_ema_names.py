"""Names in the EMA file: Latin names first, particles kept, other scripts never guessed at."""

import csv
import io

import pytest
from django.urls import reverse

from tournament.events.models import Player, Registration
from tournament.standings.ema_names import ema_names, is_latin_name, missing_latin_name
from tournament.standings.exports import split_name


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("Gaëlle Le Goff", ("Le Goff", "Gaëlle")),
        ("Ludwig van Beethoven", ("van Beethoven", "Ludwig")),
        ("Maria de la Cruz", ("de la Cruz", "Maria")),
        ("Jean-Claude Van Damme", ("Van Damme", "Jean-Claude")),
        ("Anna Maria Schmidt", ("Schmidt", "Anna Maria")),
        ("Le Goff, Gaëlle", ("Le Goff", "Gaëlle")),
        ("Łukasz Kowalski", ("Kowalski", "Łukasz")),
        ("Anna Di", ("Di", "Anna")),  # a particle as the last word is the name itself
        ("Madonna", ("Madonna", "")),
        ("Anna Schmidt", ("Schmidt", "Anna")),
        ("Daan de Vries", ("de Vries", "Daan")),
        ("de Vries, Daan", ("de Vries", "Daan")),
        ("  Chloé   Martin ", ("Martin", "Chloé")),
        ("山田 太郎", ("", "")),  # not guessed at: the "Local name" column has it
        ("山田太郎", ("", "")),
        ("王芳", ("", "")),
        ("王 芳", ("", "")),
        ("Виктория Смирнова", ("", "")),
    ],
)
def test_split_name(name, parts):
    assert split_name(name) == parts


def test_latin_names_win_and_the_local_name_is_kept():
    row = {"player": "山田 太郎", "latin_first_name": "Taro", "latin_last_name": "Yamada"}
    assert ema_names(row) == ("Yamada", "Taro", "山田 太郎")
    assert not missing_latin_name(row)
    assert ema_names({"player": "王芳"}) == ("", "", "王芳")
    assert missing_latin_name({"player": "王芳", "latin_first_name": "", "latin_last_name": ""})
    latin = {"player": "Gaëlle Le Goff", "latin_first_name": "", "latin_last_name": ""}
    assert ema_names(latin) == ("Le Goff", "Gaëlle", "")
    assert is_latin_name("-1") and not is_latin_name("Ana 王")


@pytest.fixture
def named(tournament):
    built = tournament("jpml-b", tables=1, rounds=1)
    built.play_round(1, [[45000, 32000, 25000, 18000]])
    seats = built.seats(1, 1)
    Player.objects.filter(pk=seats["E"].player.pk).update(
        latin_first_name="Taro", latin_last_name="Yamada"
    )
    Registration.objects.filter(pk=seats["E"].pk).update(name="山田 太郎", country="JP")
    Registration.objects.filter(pk=seats["S"].pk).update(name="王芳", country="CN")
    Registration.objects.filter(pk=seats["W"].pk).update(name="Gaëlle Le Goff", country="FR")
    built.wang = seats["S"]
    return built


def test_the_ema_file_uses_latin_names_and_a_local_name_column(client, named):
    client.force_login(named.users["viewer"])
    response = client.get(reverse("standings:staff_ema_results", args=[named.event.slug]))
    header, *rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert header[2:4] == ["Last name", "First name"] and header[7] == "Local name"
    by_local = {row[7] or row[2]: row for row in rows}
    assert by_local["山田 太郎"][2:4] == ["Yamada", "Taro"]
    assert by_local["王芳"][2:4] == ["", ""]
    assert by_local["Le Goff"][2:4] == ["Le Goff", "Gaëlle"] and by_local["Le Goff"][7] == ""


def test_the_staff_page_lists_players_without_a_latin_name(client, named):
    client.force_login(named.users["viewer"])
    html = client.get(reverse("standings:staff", args=[named.event.slug])).content.decode()
    assert 'id="missing-latin-names"' in html
    assert "1 player has no name in Latin letters" in html
    edit = reverse("manage:player_edit", args=[named.event.slug, named.wang.pk])
    assert f'href="{edit}">王芳</a>' in html
    assert "山田 太郎" not in html.split('id="missing-latin-names"')[1].split("</div>")[0]


# Issue #34: family name first for players from CN, JP, KR and VN, unless the player says
# otherwise (``Player.name_order``); the Latin names, when given, always win.
@pytest.mark.parametrize(
    ("row", "names"),
    [
        ({"player": "Nguyễn Văn An", "country": "VN"}, ("Nguyễn", "Văn An", "")),
        ({"player": "Kim Min-jun", "country": "KR"}, ("Kim", "Min-jun", "")),
        ({"player": "Yamada Taro", "country": "JP"}, ("Yamada", "Taro", "")),
        ({"player": "Wang Fang", "country": "CN"}, ("Wang", "Fang", "")),
        # A player's own order wins over the country's, either way round.
        (
            {"player": "Nguyễn Văn An", "country": "VN", "name_order": "given_first"},
            ("An", "Nguyễn Văn", ""),
        ),
        (
            {"player": "Kovács Anna", "country": "HU", "name_order": "family_first"},
            ("Kovács", "Anna", ""),
        ),
        ({"player": "Anna Kovács", "country": "HU"}, ("Kovács", "Anna", "")),
        # "Last, First" is never turned round; one word is the family name.
        ({"player": "Nguyễn, Văn An", "country": "VN"}, ("Nguyễn", "Văn An", "")),
        ({"player": "Nguyễn", "country": "VN"}, ("Nguyễn", "", "")),
    ],
)
def test_family_name_first_by_country_or_the_players_choice(row, names):
    assert ema_names(row) == names


@pytest.fixture
def vietnamese(tournament):
    built = tournament("jpml-b", tables=1, rounds=1)
    built.play_round(1, [[45000, 32000, 25000, 18000]])
    seat = built.seats(1, 1)["E"]
    Registration.objects.filter(pk=seat.pk).update(name="Nguyễn Văn An", country="VN")
    built.nguyen = seat
    return built


def _ema_row(client, built, word: str) -> list[str]:
    """The EMA file's row whose last or first name holds ``word``."""
    client.force_login(built.users["viewer"])
    response = client.get(reverse("standings:staff_ema_results", args=[built.event.slug]))
    _header, *rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    return next(row for row in rows if word in f"{row[2]} {row[3]}")


def test_the_ema_file_splits_a_vietnamese_name_family_first(client, vietnamese):
    assert _ema_row(client, vietnamese, "Nguyễn")[2:4] == ["Nguyễn", "Văn An"]


def test_the_players_own_order_changes_the_ema_file(client, vietnamese):
    assert _ema_row(client, vietnamese, "Nguyễn")[2:4] == ["Nguyễn", "Văn An"]
    director = vietnamese.users["director"]
    client.force_login(director)
    url = reverse("manage:player_edit", args=[vietnamese.event.slug, vietnamese.nguyen.pk])
    post = {"name": "Nguyễn Văn An", "country": "VN", "name_order": "given_first"}
    assert client.post(url, post).status_code == 302
    assert _ema_row(client, vietnamese, "Nguyễn")[2:4] == ["An", "Nguyễn Văn"]
