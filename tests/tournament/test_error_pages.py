"""Friendly error pages in the reader's language, and a 503 while the database is down.

Before issue 16 a production 500 was Django's bare "Server Error (500)" in
English, and a database that stopped answering gave the same. The pages here
need neither the database nor the request's context to render.
"""

from __future__ import annotations

import logging

import pytest
from django.test import override_settings

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.tournament.error_urls")]

TEXTS = {
    "en": ("Something went wrong", "Back in a moment", "Bad request", "Page not found"),
    "ja": ("問題が発生しました", "しばらくお待ちください", "不正なリクエスト", None),
    "zh-hans": ("出现问题", "请稍候", "请求有误", None),
}


@pytest.fixture
def visitor(client):
    client.raise_request_exception = False
    return client


@override_settings(DEBUG=False)
@pytest.mark.parametrize("language", list(TEXTS))
def test_the_error_pages_speak_the_readers_language(visitor, language):
    broken, down, bad, missing = TEXTS[language]
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    response = visitor.get("/broken/", **headers)
    assert response.status_code == 500
    assert broken in response.content.decode()
    assert 'href="/static/css/site.css"' in response.content.decode()  # styled, from the app
    response = visitor.get("/database-down/", **headers)
    assert response.status_code == 503 and response["Retry-After"] == "10"
    assert down in response.content.decode()
    response = visitor.get("/suspicious/", **headers)
    assert response.status_code == 400 and bad in response.content.decode()
    if missing:
        assert missing in visitor.get("/no-such-page/", **headers).content.decode()


@override_settings(DEBUG=False)
def test_a_500_is_logged_with_its_traceback(visitor, caplog):
    # django.request does not propagate (tournament/logs.py), so the capture is put on it
    # directly; and a test before this one in the same process may have run a
    # logging.config.dictConfig that disables existing loggers (seen twice under xdist, the
    # culprit not found yet): the logger is enabled for this request, as the site runs it.
    logger = logging.getLogger("django.request")
    added, disabled = caplog.handler not in logger.handlers, logger.disabled
    logger.addHandler(caplog.handler)
    logger.disabled = False
    try:
        with caplog.at_level("ERROR", logger="django.request"):
            visitor.get("/broken/")
    finally:
        logger.disabled = disabled
        if added:
            logger.removeHandler(caplog.handler)
    (record,) = [r for r in caplog.records if r.name == "django.request"]
    assert record.exc_info and "a bug" in str(record.exc_info[1])
    from tournament.logs import JSONFormatter

    line = JSONFormatter().format(record)
    assert '"level": "ERROR"' in line and '"path": "/broken/"' in line
    assert "RuntimeError: a bug" in line and "\n" not in line  # one line, traceback inside
