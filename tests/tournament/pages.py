"""Reading a page in a test: its HTML only once its status is the one the test expects, so
that no test reads its words off an error page (or a refused form off a page that saved)."""

from __future__ import annotations


def html_of(response, status: int = 200) -> str:
    """The HTML of ``response``, checked to have come with ``status``."""
    assert response.status_code == status, (response.status_code, status)
    return response.content.decode()


def refused_on(response, field: str, words: str = "") -> str:
    """The HTML of a refused form (400), checked to name ``field`` as the error's link to it
    does and to say ``words``: bad input names the field and the problem."""
    html = html_of(response, 400)
    assert f"{field}</a>:" in html
    assert words in html
    return html
