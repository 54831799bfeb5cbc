"""The statistics on the player page, the event statistics page and the printed score card.

A small published event with known hands (tiles and value, a draw, a self-draw):
the pages show what :mod:`tournament.stats` computes, formatted for people, and
a few numbers are checked against a count made by hand.
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournament.printing.documents import score_cards
from tournament.stats.events import event_statistics
from tournament.stats.players import player_statistics
from tournament.stats.presenting import percent


def page(client, name, *args, lang="en"):
    response = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def test_player_page_shows_the_numbers_of_the_statistics(small_event, client):
    event, seats = small_event()
    south = seats["S"]
    stats = player_statistics(south)
    html = page(client, "public:player", event.slug, south.pk)
    # A count made by hand: S won 2 of the 4 hands, neither by self-draw.
    assert (stats.hands_played, stats.hands_won, stats.self_draws) == (4, 2, 0)
    assert "Win rate" in html and "50.0%" in html
    assert percent(stats.win_rate) == "50.0%"
    assert "Self-draw share" in html and "0.0%" in html
    assert f"{float(stats.average_win):.1f} han" in html
    assert "<td>Riichi</td>" in html  # the tiles hand's yaku, named
    assert "Biggest win" in html and f"{stats.biggest_win.value} han" in html
    assert 'class="rank-chart"' in html and "<svg" in html
    east = page(client, "public:player", event.slug, seats["E"].pk)
    assert "Deal-in rate" in east and "25.0%" in east  # E dealt into 1 of 4
    north = page(client, "public:player", event.slug, seats["N"].pk)
    assert "100.0%" in north  # N's one win was self-drawn


def test_event_statistics_page(small_event, client):
    event, seats = small_event()
    stats = event_statistics(event)
    assert (stats.hands, stats.wins) == (4, 3)
    html = page(client, "public_stats:event", event.slug)
    assert f"<dd>{stats.hands}</dd>" in html and f"<dd>{stats.wins}</dd>" in html
    assert percent(stats.self_draw_share) == "33.3%" and "33.3%" in html
    for value, count in stats.distribution:
        assert f'<th scope="row" class="num">{value}</th>' in html
        assert f'<td class="num">{count}</td>' in html
    assert html.count('<svg class="bar"') == len(stats.distribution)
    assert "<td>Riichi</td>" in html
    biggest = stats.biggest[0]
    player_url = reverse("public:player", args=[event.slug, biggest.registration_id])
    assert f'href="{player_url}"' in html
    detail = page(client, "public:event", event.slug)
    assert reverse("public_stats:event", args=[event.slug]) in detail


@pytest.mark.parametrize(
    "lang, labels",
    [
        (
            "ja",
            [
                "統計",
                "和了数",
                "和了率",
                "放銃率",
                "自摸率",
                "平均打点",
                "立直",
                "翻",
                "東1局0本場",
            ],
        ),
        ("zh-hans", ["统计", "和牌数", "和牌率", "点炮率", "自摸率", "番", "立直", "东1局0本场"]),
    ],
)
def test_labels_in_japanese_and_chinese(small_event, client, lang, labels):
    event, seats = small_event()
    html = page(client, "public:player", event.slug, seats["S"].pk, lang=lang)
    chart = html.split('class="rank-chart"')[1].split("</figure>")[0]
    assert "Round" not in chart and "Rank" not in chart  # the chart speaks the page's language
    html += page(client, "public_stats:event", event.slug, lang=lang)
    for label in labels:
        assert label in html, label
    assert "Win rate" not in html


def test_no_statistics_before_results_are_published(small_event, client):
    event, seats = small_event(publish=False)
    html = page(client, "public:player", event.slug, seats["S"].pk)
    assert "No statistics yet" in html and "Win rate" not in html
    html = page(client, "public_stats:event", event.slug)
    assert "No statistics yet" in html and "Hand values" not in html
    detail = page(client, "public:event", event.slug)
    assert reverse("public_stats:event", args=[event.slug]) not in detail
    pdf = score_cards(event, language="en")
    assert "Win rate" not in _pdf_text(pdf)


def test_statistics_page_of_a_private_event_is_a_404(small_event, client):
    event, _seats = small_event()
    event.is_public = False
    event.save()
    response = client.get(reverse("public_stats:event", args=[event.slug]))
    assert response.status_code == 404


def _pdf_text(pdf: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)


def test_printed_score_card_has_the_statistics(small_event):
    event, seats = small_event()
    text = _pdf_text(score_cards(event, language="en"))
    assert "Win rate 50.0%" in text
    assert "Riichi" in text
    assert "Rank" in text  # the rank chart's axis
    ja = _pdf_text(score_cards(event, language="ja"))
    assert "和了率 50.0%" in ja and "立直" in ja
