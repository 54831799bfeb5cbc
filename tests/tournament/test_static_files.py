"""Static files: local only, and served by the app even with DEBUG off."""

import os
import re
import subprocess
import sys
from pathlib import Path

from django.conf import settings

# Any absolute or protocol-relative URL in markup or CSS (url(), href, src, @import).
EXTERNAL_URL = re.compile(r"""(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}""", re.IGNORECASE)


def test_templates_and_css_load_nothing_from_elsewhere():
    files = [
        *(settings.BASE_DIR / "templates").rglob("*.html"),
        *(settings.BASE_DIR / "static").rglob("*.css"),
    ]
    assert files
    offenders = {
        str(f.relative_to(settings.BASE_DIR)): EXTERNAL_URL.findall(f.read_text(encoding="utf-8"))
        for f in files
    }
    assert {f: urls for f, urls in offenders.items() if urls} == {}


def test_stylesheet_is_served_with_debug_off():
    code = (
        "import django; django.setup(); from django.test import Client; "
        "r = Client().get('/static/css/site.css'); print(r.status_code, r['Content-Type'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tournament.settings",
            "DEBUG": "0",
            "SECRET_KEY": "test-only-secret-key",
        },
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.split()[:2] == ["200", "text/css"]


def test_every_page_has_an_icon_and_favicon_ico_finds_it(client, db):
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page and "img/favicon.svg" in page
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"].endswith(".svg")
    from django.contrib.staticfiles import finders

    icon = finders.find("img/favicon.svg")  # served like site.css (the test above)
    assert icon and "<svg" in Path(icon).read_text(encoding="utf-8")
