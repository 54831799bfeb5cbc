"""The statistics as people read them: percentages, unit words, pattern names, player names.

Why a layer of its own: the player page, the event statistics page, the
printed score card and the API all show the same numbers, and each must say
"—" for "nothing to divide by", name a pattern in the reader's language and
give a value its unit (翻, 番, points …: the glossary's words) the same way. The numbers themselves
come from :mod:`tournament.stats.players` and :mod:`tournament.stats.events`
(published, confirmed sheets only); nothing here counts.
"""

from __future__ import annotations

from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournament.formatting import decimal, percent
from tournament.glossary import unit_word
from tournament.results.page.labels import label_text
from tournament.stats.events import event_statistics
from tournament.stats.names import pattern_name
from tournament.stats.players import all_player_statistics, player_statistics
from tournament.stats.rank_chart import rank_chart_svg

TOP_PLAYER_PATTERNS = 10
TOP_EVENT_PATTERNS = 15
# The rank chart's size in SVG units: on the page, and on a printed score card (a strip).
PAGE_CHART = (480, 200)
CARD_CHART = (420, 110)
# Patterns named on a printed card: a line, not a table.
TOP_CARD_PATTERNS = 5


def lang() -> str:
    """The reader's language code (en, ja, zh-hans): the name tables and the chart take it whole."""
    return get_language() or "en"


def has_results(event) -> bool:
    """Whether any round of the event has published results (else there is nothing to count)."""
    return event.rounds.filter(results_published_at__isnull=False).exists()


def patterns_shown(event, patterns, limit: int, language: str) -> list[dict]:
    return [
        {"code": p.code, "name": pattern_name(event, p.code, language), "count": p.count}
        for p in patterns[:limit]
    ]


def big_hand(event, hand, names: dict, language: str) -> dict:
    """One winning hand with its player's name and its patterns named."""
    return {
        "hand": hand,
        "player": names.get(hand.registration_id, ""),
        "value_text": f"{hand.value} {unit_word(hand.unit)}",
        "label": label_text(hand.label_parts, hand.label),  # 東1局0本場; E1-0 in English
        "patterns": [pattern_name(event, code, language) for code in hand.patterns],
    }


def player_names(event) -> dict[int, str]:
    return dict(event.registrations.values_list("pk", "name"))


def player_block(event, registration, *, chart: bool = True) -> dict | None:
    """What the player page and score card show; ``None`` before any results are published."""
    if not has_results(event):
        return None
    registration.event = event  # the caller's event: no second query for it
    own = {registration.pk: registration.name}  # the biggest win is the player's own
    return player_view(event, player_statistics(registration), chart=chart, names=own)


def player_view(
    event, stats, *, chart: bool = True, names: dict | None = None, chart_size=PAGE_CHART
) -> dict:
    language = lang()
    biggest = None
    if stats.biggest_win is not None:
        names = names if names is not None else player_names(event)
        biggest = big_hand(event, stats.biggest_win, names, language)
    return {
        "stats": stats,
        "win_rate": percent(stats.win_rate),
        "deal_in_rate": percent(stats.deal_in_rate),
        "self_draw_share": percent(stats.self_draw_share),
        "average_win": decimal(stats.average_win),
        "unit": unit_word(stats.unit),
        "biggest": biggest,
        "patterns": patterns_shown(event, stats.patterns, TOP_PLAYER_PATTERNS, language),
        "placements": list(enumerate(stats.placements, start=1)),
        "chart": _chart(stats, language, chart_size) if chart and stats.ranks else "",
    }


def _chart(stats, language: str, size) -> str:
    width, height = size
    return mark_safe(rank_chart_svg(stats, lang=language, width=width, height=height))


def event_block(event) -> dict | None:
    """What the event statistics page shows; ``None`` before any results are published."""
    if not has_results(event):
        return None
    stats = event_statistics(event)
    language = lang()
    names = player_names(event)
    top = max((count for _value, count in stats.distribution), default=0)
    return {
        "stats": stats,
        "unit": unit_word(stats.unit),
        "self_draw_share": percent(stats.self_draw_share),
        "distribution": [
            {"value": value, "count": count, "width": _bar(count, top)}
            for value, count in stats.distribution
        ],
        "patterns": patterns_shown(event, stats.patterns, TOP_EVENT_PATTERNS, language),
        "biggest": [big_hand(event, hand, names, language) for hand in stats.biggest[:10]],
    }


def _bar(count: int, top: int) -> str:
    """A bar's length in percent of the longest, for an SVG ``width`` (no inline style)."""
    if top <= 0:
        return "0"
    return f"{count * 100 / top:.1f}"


def card_statistics(event) -> dict[int, dict]:
    """Every player's block for the printed score cards, by registration id (one pass)."""
    if not has_results(event):
        return {}
    names = player_names(event)
    return {
        pk: player_view(event, stats, names=names, chart_size=CARD_CHART)
        for pk, stats in all_player_statistics(event).items()
    }
