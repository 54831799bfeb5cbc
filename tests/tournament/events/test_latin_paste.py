"""Many Latin names at once (issue #34): a two-column paste, a preview, then all or nothing.

Before, each of 12 players without a name in Latin letters took its own Edit
page. Now a director pastes "name<TAB>Latin name" (or a comma) per line; the
preview lists each change and each bad line (its line and field named), and
Confirm saves every change, each with a history record, or none.
"""

import pytest

from tests.tournament.pages import html_of
from tournament.events import latin_paste, services
from tournament.events.change_reasons import describe
from tournament.events.errors import EventError
from tournament.events.models import Event, Player

PAGE = "/manage/cup/players/latin-names/"
CONFIRM = "/manage/cup/players/latin-names/confirm/"


@pytest.fixture
def players(event):
    """Five players with names in their own scripts, one of them twice in the event."""
    names = [("高橋 一郎", "JP"), ("Nguyễn Văn An", "VN"), ("王芳", "CN"), ("Иван", "")]
    made = {name: services.add_player(event, name=name, country=c) for name, c in names}
    made["Ana 1"] = services.add_player(event, name="Ana", club="A")
    made["Ana 2"] = services.add_player(event, name="Ana", club="B")
    return made


def _latin(registration) -> tuple[str, str]:
    player = Player.objects.get(pk=registration.player_id)
    return player.latin_last_name, player.latin_first_name


def test_the_players_page_links_to_the_paste(client, director, players):
    assert PAGE in html_of(client.get("/manage/cup/"))


def test_a_paste_is_previewed_then_saved_with_history(client, director, players):
    text = "高橋 一郎\tTakahashi Ichiro\n王芳, Wang Fang\n\nИван\tIvan Petrov\n"
    html = html_of(client.post(PAGE, {"text": text}))
    assert "3 Latin names will change" in html
    assert "Takahashi" in html and "Ichiro" in html
    assert _latin(players["高橋 一郎"]) == ("", "")  # nothing saved by the preview
    response = client.post(CONFIRM, {"text": text})
    assert response.status_code == 302
    # Family name first for JP and CN (the country); Иван has no country: given name first.
    assert _latin(players["高橋 一郎"]) == ("Takahashi", "Ichiro")
    assert _latin(players["王芳"]) == ("Wang", "Fang")
    assert _latin(players["Иван"]) == ("Petrov", "Ivan")
    record = Player.objects.get(pk=players["王芳"].player_id).history.first()
    assert record.history_user == director
    assert describe(record.history_change_reason) == "Latin names pasted"
    # Sent twice (a double click): nothing changes, nothing is written again.
    before = Player.history.count()
    assert client.post(CONFIRM, {"text": text}).status_code == 302
    assert Player.history.count() == before


def test_a_player_number_finds_the_player(event, players):
    ana = players["Ana 2"]
    preview = latin_paste.preview(event, f"{ana.player_id}\tAna Lima\n")
    assert preview.ok, preview.problems
    assert [(c.registration.pk, c.new_last, c.new_first) for c in preview.changes] == [
        (ana.pk, "Lima", "Ana")
    ]


@pytest.mark.parametrize(
    ("line", "field", "words"),
    [
        ("Nobody\tNo Body", "Name", "No player of this event"),
        ("Ana\tAna Lima", "Name", "2 players"),
        ("王芳\t王 Fang", "Latin name", "romanisation"),
        ("王芳\tWang Fang3", "Latin name", "Latin letters"),
        ("王芳\tWang\u200bFang", "Latin name", "invisible character"),
        ("王芳\tWаng Fang", "Latin name", "“а”"),  # a Cyrillic а among Latin letters
        ("王芳", "Latin name", "tab or a comma"),
        ("王芳\t", "Latin name", "empty"),
        ("王芳\tWang\tFang", "Latin name", "3 columns"),
    ],
)
def test_bad_lines_name_the_line_and_field(event, players, line, field, words):
    preview = latin_paste.preview(event, f"高橋 一郎\tTakahashi Ichiro\n{line}\n")
    assert not preview.ok
    [problem] = preview.problems
    assert (problem.line, problem.field) == (2, field)
    assert words in problem.message, problem.message


def test_the_same_player_twice_is_refused(event, players):
    preview = latin_paste.preview(event, "王芳\tWang Fang\n王芳\tWang Fan\n")
    assert [(p.line, p.field) for p in preview.problems] == [(2, "Name")]
    assert "line 1" in preview.problems[0].message


def test_one_bad_line_saves_nothing(client, director, players):
    text = "高橋 一郎\tTakahashi Ichiro\nNobody\tNo Body\n"
    html = html_of(client.post(PAGE, {"text": text}))
    assert '<td class="num">2</td>' in html and "No player of this event" in html
    assert 'id="confirm-latin-names"' not in html
    response = client.post(CONFIRM, {"text": text})
    assert response.status_code == 400
    assert _latin(players["高橋 一郎"]) == ("", "")


def test_the_players_own_order_splits_the_name(event, players):
    Player.objects.filter(pk=players["高橋 一郎"].player_id).update(name_order="given_first")
    latin_paste.paste_latin_names(event, "高橋 一郎\tIchiro Takahashi\n")
    assert _latin(players["高橋 一郎"]) == ("Takahashi", "Ichiro")
    # A comma says which is which, whatever the order.
    latin_paste.paste_latin_names(event, "Nguyễn Văn An\tNguyen, Van An\n")
    assert _latin(players["Nguyễn Văn An"]) == ("Nguyen", "Van An")


def test_only_directors_paste(client, login, players):
    login("judge")
    assert client.get(PAGE).status_code == 403
    assert client.post(CONFIRM, {"text": "王芳\tWang Fang"}).status_code == 403


def test_a_finished_event_is_refused(event, players):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(EventError, match="has finished"):
        latin_paste.paste_latin_names(event, "王芳\tWang Fang\n")


@pytest.mark.parametrize(
    ("language", "words"),
    [("ja", "ローマ字"), ("zh-hans", "拉丁字母")],
)
def test_the_page_speaks_the_directors_language(client, director, players, language, words):
    html = html_of(client.get(PAGE, HTTP_ACCEPT_LANGUAGE=language))
    assert words in html
