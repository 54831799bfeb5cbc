"""A number the rules override is recorded as the rules say, and the page says so (issue #35).

Zung Jung §6 (seed 001 L97): a false win costs no points. A judge who types
−10 out of habit gets the ruling recorded with 0 points and a message that
says what was recorded and why, in their language; the typed number is never
dropped without a word. The API is not the page: there the number the rules
refuse is refused, with the reason.
"""

from __future__ import annotations

import re

from django.contrib.messages import get_messages

from tests.tournament.results.test_zung_jung_penalty_tiles import ruling, zj_table  # noqa: F401
from tournament.results.sheet import services


def _messages(client, response) -> list[str]:
    page = client.get(response["Location"])
    return [str(m) for m in get_messages(page.wsgi_request)] or re.findall(
        r'class="message[^"]*"[^>]*>([^<]*)<', page.content.decode()
    )


def test_a_false_win_typed_as_minus_10_is_recorded_with_0_and_said(client, zj_table):  # noqa: F811
    response = ruling(client, 0, "false_win", after_hand="1", points="-10")
    assert response.status_code == 302
    (ruled,) = services.head_of(zj_table).rulings.all()
    (logged,) = ruled.penalties.all()
    assert (ruled.kind, logged.points) == ("false_win", 0)
    text = " ".join(_messages(client, response))
    assert "Recorded with 0 points, not −10" in text and "Zung Jung §6" in text


def test_the_message_is_in_the_judges_language(client, zj_table):  # noqa: F811
    response = ruling(client, 0, "false_win", language="ja", after_hand="1", points="-10")
    assert response.status_code == 302
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="ja")
    text = page.content.decode()
    assert "0点" in text and "−10" in text and "Recorded with" not in text


def test_a_typed_0_or_nothing_says_nothing_more(client, zj_table):  # noqa: F811
    response = ruling(client, 0, "false_win", after_hand="1", points="0")
    assert response.status_code == 302
    assert not any("Recorded with" in m for m in _messages(client, response))
