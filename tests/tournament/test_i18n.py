"""Languages: the switcher, Accept-Language, and complete translation catalogs."""

import gettext
import json
import os
import re

import pytest
from django.conf import settings

LOCALE_DIR = settings.BASE_DIR / "locale"
CATALOGS = ["ja", "zh_Hans"]


def test_switching_to_japanese_shows_japanese(client, demo_event):
    response = client.post("/i18n/setlang/", {"language": "ja", "next": "/"}, follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="ja">' in html
    assert "麻雀大会" in html
    assert "日本プロ麻雀連盟 Bルール" in html
    assert "2026年5月16日" in html

    # The choice sticks for the next pages.
    html = client.get("/e/demo-open/").content.decode()
    assert "選手" in html
    assert "大会一覧" in html


def test_accept_language_picks_the_language(client, demo_event):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9").content.decode()
    assert '<html lang="zh-hans">' in html
    assert "麻将比赛" in html

    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<html lang="ja">' in html
    assert "日程" in html


def test_switcher_offers_each_language_in_its_own_name(client, db):
    html = client.get("/").content.decode()
    for code, name in [("en", "English"), ("ja", "日本語"), ("zh-hans", "简体中文")]:
        assert f'value="{code}"' in html
        assert name in html


def _po_entries(path):
    """(msgid, msgstr, flags, msgid_plural) for each entry of a .po file, the header left out.

    For plural entries msgstr is the first form (Japanese and Chinese have one).
    An entry with a context (``msgctxt``) is keyed "context\x04msgid", as gettext stores it.
    """
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        flags = " ".join(line for line in block.splitlines() if line.startswith("#,"))
        fields = {}
        key = None
        for line in block.splitlines():
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[0\]) (".*")$', line)
            if match:
                key = match.group(1).replace("[0]", "")
                fields[key] = _unquote(match.group(2))
            elif line.startswith('"') and key:
                fields[key] += _unquote(line)
        if fields.get("msgid"):
            msgid = fields["msgid"]
            if "msgctxt" in fields:
                msgid = f"{fields['msgctxt']}\x04{msgid}"
            entries.append((msgid, fields.get("msgstr", ""), flags, fields.get("msgid_plural")))
    return entries


def _unquote(quoted):
    # PO strings use C escapes (\", \n, \\), which JSON reads the same way.
    return json.loads(quoted)


@pytest.mark.parametrize("locale", CATALOGS)
def test_every_string_is_translated_and_compiled(locale):
    po = LOCALE_DIR / locale / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    entries = _po_entries(po)
    assert entries, f"{po} has no entries"
    untranslated = [msgid for msgid, msgstr, flags, _ in entries if not msgstr or "fuzzy" in flags]
    assert not untranslated, f"{po}: untranslated or fuzzy: {untranslated}"

    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    stale = [
        msgid
        for msgid, msgstr, _, plural in entries
        if (compiled.ngettext(msgid, plural, 1) if plural else compiled.gettext(msgid)) != msgstr
    ]
    assert not stale, f"{mo} is out of date (run `make messages`): {stale}"


@pytest.mark.parametrize("locale", ["ja", "zh_Hans"])
def test_forms_keep_djangos_wording_beside_the_apis_library(locale):
    """An app's catalog outranks Django's own: DRF's must not reword the site's form messages.

    Django REST framework translates some of Django's form messages its own way
    ("この項目は必須です。" for Django's "このフィールドは必須です。"); our catalog,
    first of all, keeps Django's wording for every message the two share.
    """
    import django
    import rest_framework
    from django.utils import translation

    def catalog(package, *path):
        mo = os.path.join(os.path.dirname(package.__file__), *path, locale, "LC_MESSAGES")
        with open(os.path.join(mo, "django.mo"), "rb") as f:
            return gettext.GNUTranslations(f)._catalog

    ours = catalog(django, "conf", "locale")
    theirs = catalog(rest_framework, "locale")
    shared = [k for k in theirs if k and isinstance(k, str) and ours.get(k, theirs[k]) != theirs[k]]
    assert "This field is required." in shared
    with translation.override(locale.lower().replace("_", "-")):
        for msgid in shared:
            assert translation.gettext(msgid) == ours[msgid], msgid
