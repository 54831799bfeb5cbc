"""``GET /api/v1/events/<slug>/statistics/`` and ``…/players/<registration>/statistics/``.

The same small event as the pages' tests (tests/tournament/stats/test_stats_pages.py):
the answers carry :mod:`tournament.stats`' numbers, pattern codes with names in the
Accept-Language, 404 for a private event or a stranger, 304 for a known ETag.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from rest_framework.test import APIClient

from tests.tournament.results.conftest import make_table, staff  # noqa: F401  (fixtures)
from tests.tournament.stats.conftest import small_event  # noqa: F401  (a fixture)
from tournament.stats.events import event_statistics
from tournament.stats.players import player_statistics


@pytest.fixture
def api():
    return APIClient()


def player_url(event, registration) -> str:
    return f"/api/v1/events/{event.slug}/players/{registration.pk}/statistics/"


def rounded(rate: Fraction | None, places: int = 4):
    return None if rate is None else round(float(rate), places)


def test_player_statistics_match_the_computation(small_event, api):  # noqa: F811
    event, seats = small_event()
    south = seats["S"]
    response = api.get(player_url(event, south))
    assert response.status_code == 200
    body = response.json()
    stats = player_statistics(south)
    assert body["registration"] == south.pk and body["player"] == south.name
    assert (body["hands_played"], body["hands_won"], body["self_draws"]) == (4, 2, 0)
    assert body["win_rate"] == 0.5 == rounded(stats.win_rate)
    assert body["deal_in_rate"] == rounded(stats.deal_in_rate)
    assert body["self_draw_share"] == 0.0
    assert body["average_win"] == rounded(stats.average_win, 2)
    assert body["unit"] == "han" and body["unit_name"] == "han"
    assert body["placements"] == list(stats.placements)
    assert body["ranks"] == [{"round": r, "rank": k} for r, k in stats.ranks]
    assert [p["code"] for p in body["patterns"]] == [p.code for p in stats.patterns]
    riichi = next(p for p in body["patterns"] if p["code"] == "riichi")
    assert riichi == {"code": "riichi", "name": "Riichi", "count": 1}
    assert body["biggest_win"]["value"] == stats.biggest_win.value
    assert body["biggest_win"]["player"] == south.name
    east = api.get(player_url(event, seats["E"])).json()
    assert east["deal_ins"] == 1 and east["deal_in_rate"] == 0.25
    assert east["biggest_win"] is None and east["average_win"] is None


def test_event_statistics_match_the_computation(small_event, api):  # noqa: F811
    event, _seats = small_event()
    response = api.get(f"/api/v1/events/{event.slug}/statistics/")
    assert response.status_code == 200
    body = response.json()
    stats = event_statistics(event)
    assert body["event"] == event.slug and body["published"] is True
    assert (body["hands"], body["wins"]) == (4, 3)
    assert body["self_draw_share"] == rounded(stats.self_draw_share) == 0.3333
    assert body["distribution"] == [{"value": v, "count": c} for v, c in stats.distribution]
    assert [h["value"] for h in body["biggest"]] == [h.value for h in stats.biggest]
    assert {p["code"] for p in body["patterns"]} >= {"riichi"}


def test_names_follow_accept_language(small_event, api):  # noqa: F811
    event, seats = small_event()
    body = api.get(player_url(event, seats["S"]), HTTP_ACCEPT_LANGUAGE="ja").json()
    riichi = next(p for p in body["patterns"] if p["code"] == "riichi")
    assert riichi["name"] == "立直" and body["unit_name"] == "翻"
    zh = api.get(f"/api/v1/events/{event.slug}/statistics/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert zh.json()["unit_name"] == "番"


def test_not_found(small_event, api, make_event):  # noqa: F811
    event, seats = small_event()
    other = make_event(slug="elsewhere")
    assert api.get(f"/api/v1/events/{event.slug}/players/999999/statistics/").status_code == 404
    stranger = api.get(f"/api/v1/events/{other.slug}/players/{seats['S'].pk}/statistics/")
    assert stranger.status_code == 404
    assert stranger.json()["errors"][0]["code"]
    event.is_public = False
    event.save()
    assert api.get(f"/api/v1/events/{event.slug}/statistics/").status_code == 404
    assert api.get(player_url(event, seats["S"])).status_code == 404
    assert api.get("/api/v1/events/no-such-event/statistics/").status_code == 404


def test_etag_gives_304(small_event, api):  # noqa: F811
    event, seats = small_event()
    for url in (f"/api/v1/events/{event.slug}/statistics/", player_url(event, seats["S"])):
        first = api.get(url)
        assert first.status_code == 200 and first["ETag"]
        again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
        assert again.status_code == 304


def test_before_results_are_published_everything_is_zero(small_event, api):  # noqa: F811
    event, seats = small_event(publish=False)
    body = api.get(f"/api/v1/events/{event.slug}/statistics/").json()
    assert body["published"] is False and body["hands"] == 0 and body["biggest"] == []
    mine = api.get(player_url(event, seats["S"])).json()
    assert mine["hands_played"] == 0 and mine["win_rate"] is None


def test_schema_documents_both_routes(api):
    schema = api.get("/api/v1/schema/?format=json").json()
    paths = schema["paths"]
    event = paths["/api/v1/events/{slug}/statistics/"]["get"]
    player = paths["/api/v1/events/{slug}/players/{registration}/statistics/"]["get"]
    for operation in (event, player):
        assert {"200", "304", "404"} <= set(operation["responses"])
    components = schema["components"]["schemas"]
    assert "win_rate" in components["PlayerStatistics"]["properties"]


def test_the_schema_declares_the_anonymous_limit_on_the_statistics():
    """Anonymous clients meet the rate limit here too: the 429 is documented as elsewhere."""
    from drf_spectacular.generators import SchemaGenerator

    paths = SchemaGenerator().get_schema(request=None, public=True)["paths"]
    for path in (
        "/api/v1/events/{slug}/statistics/",
        "/api/v1/events/{slug}/players/{registration}/statistics/",
    ):
        assert set(paths[path]["get"]["responses"]) >= {"200", "304", "404", "429"}, path
