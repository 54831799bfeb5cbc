"""An event's rules, once (issue #33): one statistics request looks them up one time.

The statistics page asks the event's family and rules in several places (the
outcomes to count, the unit, each pattern's name, the ruleset's title). They
all read one :class:`~tournament.events.rules.EventRules`, made once for the
request's event and passed down, instead of each visiting the families again.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.events import rules


@pytest.fixture
def counted(monkeypatch):
    """How many times the event rules module looked a family up, and built an EventRules."""
    counts = {"family_for": 0, "EventRules": 0}
    family_for = rules.family_for

    def counting_family_for(ruleset):
        counts["family_for"] += 1
        return family_for(ruleset)

    monkeypatch.setattr(rules, "family_for", counting_family_for)
    built = getattr(rules, "EventRules", None)
    if built is not None:
        init = built.__init__

        def counting_init(self, *args, **kwargs):
            counts["EventRules"] += 1
            init(self, *args, **kwargs)

        monkeypatch.setattr(built, "__init__", counting_init)
    rules._thaw.cache_clear()
    return counts


def page_counted(client, counted, url: str) -> str:
    """The page at ``url``, its look-ups counted from zero (no rules cached before it)."""
    rules._thaw.cache_clear()
    counted.update(family_for=0, EventRules=0)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_one_statistics_request_looks_the_event_rules_up_once(
    small_event,
    client,
    counted,
):
    event, _seats = small_event()
    html = page_counted(client, counted, reverse("public_stats:event", args=[event.slug]))
    assert "<td>Riichi</td>" in html  # patterns named: the family was asked
    assert counted == {"family_for": 1, "EventRules": 1}


def test_one_player_page_with_statistics_looks_the_event_rules_up_once(
    small_event,
    client,
    counted,
):
    event, seats = small_event()
    html = page_counted(client, counted, reverse("public:player", args=[event.slug, seats["S"].pk]))
    assert "Win rate" in html
    assert counted == {"family_for": 1, "EventRules": 1}
