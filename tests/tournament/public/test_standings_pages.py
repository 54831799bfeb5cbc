"""The public standings, player and round results pages, on sheets entered through the services.

Round 1 (WRC: start 30,000, uma +15/+5/−5/−15, oka 0):
  table 1: Akagi 45,200 (+15.2 +15 = +30.2), Bai 31,000 (+1 +5 = +6, and a
  −10,000 conduct penalty off the overall total: 6 − 10 = −4), Carla 24,800
  (−5.2 −5 = −10.2), Dmitri 19,000 (−11 −15 = −26);
  table 2: four times 30,000: a four-way tie, uma split (+15 +5 −5 −15)/4 = 0 each.
Standings after round 1: Akagi 30.2; the four of table 2 on 0 share 2nd
(2=); Bai −4 is 6th, Carla 7th, Dmitri 8th.
Round 2: table 1 (Akagi, 佐藤, Bai, Finn) and table 2 (Carla, 王芳, Dmitri, Hanna).
"""

from __future__ import annotations

import re

import pytest

from tests.tournament.public.play import BAI_PENALTY, ROUND_1, ROUND_2
from tournament.standings.services import publish_results, standings


@pytest.fixture
def round_one(played):
    """Round 1 played and confirmed, its results not yet published."""
    round_ = played.seat(1)
    played.play(round_, ROUND_1, penalties=BAI_PENALTY)
    return round_


def _names_in_order(html: str) -> list[str]:
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    return re.findall(r'<td class="col-player"><a href="[^"]+">([^<]+)</a>', body)


def _rank_of(html: str, name: str) -> str:
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    row = next(r for r in body.split("<tr") if f">{name}</a>" in r)
    return re.sub("<[^>]+>", "", re.search(r'<td class="col-rank num">(.*?)</td>', row).group(1))


def test_nothing_shows_before_the_director_publishes_results(client, played, round_one):
    slug = played.event.slug
    html = client.get(f"/e/{slug}/standings/").content.decode()
    assert "No results have been published yet." in html
    assert "Akagi Shigeru" not in html

    bai = played.registrations[1]
    html = client.get(f"/e/{slug}/player/{bai.pk}/").content.decode()
    assert "No published results for this player yet." in html
    assert "Slow play" not in html
    assert client.get(f"/e/{slug}/round/1/results/").status_code == 404


def test_standings_after_publishing_with_shared_ranks(client, played, round_one):
    publish_results(round_one)
    html = client.get(f"/e/{played.event.slug}/standings/").content.decode()
    assert _names_in_order(html)[0] == "Akagi Shigeru"
    assert _rank_of(html, "Akagi Shigeru") == "1"
    for name in ["佐藤 花子", "Finn Murphy", "王芳", "Hanna Berg"]:
        assert _rank_of(html, name) == "2="
    assert _rank_of(html, "Bai Lan") == "6"  # +6, then 10,000 points off the total
    assert _rank_of(html, "Carla Diaz") == "7"
    assert ">30.2<" in html and ">−4<" in html and ">−26<" in html
    assert ">45,200<" in html  # raw points, the first tiebreak
    assert "Round counted: 1" in html
    assert "Updated at" in html
    # The header names the ruleset's metrics: points, raw points, best session.
    for header in [
        "Rank",
        "Player",
        "Result points",
        "Raw points",
        "Best session",
        "Sessions",
        "Club",
    ]:
        assert f">{header}</a></th>" in html


def test_sorting_by_a_header_is_done_on_the_server(client, played, round_one):
    publish_results(round_one)
    url = f"/e/{played.event.slug}/standings/"
    by_name = _names_in_order(client.get(url, {"sort": "player"}).content.decode())
    assert by_name == sorted(by_name, key=str.casefold)
    worst_first = _names_in_order(client.get(url, {"sort": "m_result_points"}).content.decode())
    assert worst_first[0] == "Dmitri Orlov"
    assert worst_first[-1] == "Akagi Shigeru"
    html = client.get(url, {"sort": "-m_result_points"}).content.decode()
    assert 'aria-sort="descending"' in html
    # An unknown column is ignored: the standings order.
    nonsense = _names_in_order(client.get(url, {"sort": "password"}).content.decode())
    assert nonsense[0] == "Akagi Shigeru" and nonsense[-1] == "Dmitri Orlov"


def test_fragment_is_the_table_alone_and_follows_new_results(client, played, round_one):
    publish_results(round_one)
    url = f"/e/{played.event.slug}/standings/"
    response = client.get(url, {"fragment": "1", "sort": "player", "big": "1"})
    fragment = response.content.decode()
    assert response.status_code == 200
    assert fragment.lstrip().startswith('<div class="standings-live"')
    assert "<html" not in fragment and "<header" not in fragment
    assert "fragment" not in fragment  # the sort links lead to the whole page
    assert 'href="?sort=-player&amp;big=1"' in fragment

    page = client.get(url).content.decode()
    assert f'data-live-url="{url}?fragment=1"' in page
    assert 'data-live-interval="30"' in page
    version = re.search(r'data-version="(\w+)"', fragment).group(1)

    round_two = played.seat(2)
    played.play(round_two, ROUND_2)
    assert (
        re.search(r'data-version="(\w+)"', client.get(url, {"fragment": "1"}).content.decode())[1]
        == version
    ), "a round whose results are not published changes nothing"
    publish_results(round_two)
    fresh = client.get(url, {"fragment": "1"}).content.decode()
    assert re.search(r'data-version="(\w+)"', fresh)[1] != version
    assert "Rounds counted: 1, 2" in fresh


def test_player_page_lists_every_published_session(client, played, round_one):
    publish_results(round_one)
    round_two = played.seat(2)
    played.play(round_two, ROUND_2)
    bai = played.registrations[1]
    url = f"/e/{played.event.slug}/player/{bai.pk}/"

    response = client.get(url)
    html = response.content.decode()
    [first] = response.context["sessions"]
    assert (first["round"], first["table"].number, first["wind"]) == (1, 1, "S")
    assert [s.registration.name for s in first["opponents"]] == [
        "Akagi Shigeru",
        "Carla Diaz",
        "Dmitri Orlov",
    ]
    assert ">31,000<" in html and ">+6<" in html and ">+5<" in html  # final, score, uma
    assert "Conduct" in html and "Slow play after two warnings" in html
    assert "off the overall total" in html
    assert "Running total" in html and ">−4<" in html
    assert "Round 2" not in html  # played, but not published

    publish_results(round_two)
    response = client.get(url)
    second = response.context["sessions"][1]
    assert (second["round"], second["table"].number, second["wind"]) == (2, 1, "W")
    # Round 2: 35,000 is 2nd: +5 +5 = +10; running total −4 + 10 = 6.
    assert second["total"] == 6
    assert ">+10<" in response.content.decode()
    assert response.context["standing"]["points"] == "6"


def test_round_results_only_once_published(client, played, round_one):
    slug = played.event.slug
    assert client.get(f"/e/{slug}/round/1/results/").status_code == 404
    assert client.get(f"/e/{slug}/round/9/results/").status_code == 404
    publish_results(round_one)
    response = client.get(f"/e/{slug}/round/1/results/")
    html = response.content.decode()
    assert response.status_code == 200
    tables = response.context["tables"]
    assert [[s["seat"].registration.name for s in t["seats"]] for t in tables] == [
        ["Akagi Shigeru", "Bai Lan", "Carla Diaz", "Dmitri Orlov"],
        ["佐藤 花子", "Finn Murphy", "王芳", "Hanna Berg"],
    ]
    assert [s["placement"] for s in tables[0]["seats"]] == [1, 2, 3, 4]
    assert ">45,200<" in html and ">+30.2<" in html and ">−26<" in html
    # Linked from the event page and the round's seating page.
    assert f'href="/e/{slug}/round/1/results/"' in client.get(f"/e/{slug}/").content.decode()
    assert (
        f'href="/e/{slug}/round/1/results/"' in client.get(f"/e/{slug}/round/1/").content.decode()
    )
    assert f'href="/e/{slug}/standings/"' in client.get(f"/e/{slug}/").content.decode()


def test_japanese_headers(client, played, round_one):
    publish_results(round_one)
    html = client.get(
        f"/e/{played.event.slug}/standings/", HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    assert '<html lang="ja">' in html
    for header in ["順位", "選手", "素点合計", "対局数"]:
        assert f">{header}</a></th>" in html
    assert "順位表" in html
    english = client.get(f"/e/{played.event.slug}/standings/").content.decode()
    assert ">Rank</a></th>" in english  # each language has its own cached table


def test_chinese_public_pages(client, played, round_one):
    publish_results(round_one)
    slug = played.event.slug
    html = client.get(f"/e/{slug}/standings/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert '<html lang="zh-hans">' in html
    assert "排名" in html
    bai = played.registrations[1]
    html = client.get(f"/e/{slug}/player/{bai.pk}/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert "累计" in html


def test_standings_page_runs_a_fixed_number_of_queries(
    client, played, round_one, django_assert_max_num_queries
):
    publish_results(round_one)
    url = f"/e/{played.event.slug}/standings/"
    standings(played.event)  # the snapshot is current
    client.get(url)  # and the table is rendered once
    # The event, three fingerprint aggregates, the rounds for the links: no snapshot rows.
    with django_assert_max_num_queries(5):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(4):
        assert client.get(url, {"fragment": "1"}).status_code == 200


def test_player_and_round_pages_run_a_fixed_number_of_queries(
    client, played, round_one, django_assert_max_num_queries
):
    publish_results(round_one)
    round_two = played.seat(2)
    played.play(round_two, ROUND_2)
    publish_results(round_two)
    slug = played.event.slug
    standings(played.event)
    bai = played.registrations[1]
    # Event, registration, seats, sheets, opponents, the snapshot and its fingerprint;
    # then the statistics (tournament.stats): published rounds, seats, sheets, names, hands.
    with django_assert_max_num_queries(14):
        assert len(client.get(f"/e/{slug}/player/{bai.pk}/").context["sessions"]) == 2
    # Event, round, published rounds, seats, sheets.
    with django_assert_max_num_queries(5):
        assert len(client.get(f"/e/{slug}/round/2/results/").context["tables"]) == 2


def test_unpublished_events_and_strangers_are_not_found(client, played, round_one, make_event):
    publish_results(round_one)
    slug = played.event.slug
    other = make_event(slug="elsewhere")
    bai = played.registrations[1]
    assert client.get(f"/e/{other.slug}/player/{bai.pk}/").status_code == 404
    played.event.is_public = False
    played.event.save()
    for url in [
        f"/e/{slug}/standings/",
        f"/e/{slug}/standings/?fragment=1",
        f"/e/{slug}/player/{bai.pk}/",
        f"/e/{slug}/round/1/results/",
    ]:
        assert client.get(url).status_code == 404, url


def test_projector_view(client, played, round_one):
    publish_results(round_one)
    url = f"/e/{played.event.slug}/standings/"
    assert "page-big" not in client.get(url).content.decode()
    html = client.get(url, {"big": "1"}).content.decode()
    assert 'class="page-wide page-standings page-big"' in html
    assert "Normal view" in html
