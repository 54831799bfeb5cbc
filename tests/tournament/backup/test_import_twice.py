"""Issue #32, L4: importing the same backup twice says the event exists, never "damaged".

The issue's steps: the same file imported twice answered "the backup is
damaged and was not restored: duplicate key value violates unique constraint
events_event_slug_key". That is what PostgreSQL answers when the second
import starts before the first one commits: both find no event with the
short name, and the second one's insert breaks the unique short name once
the first commits. Now either way the answer names the event's short name,
says nothing was imported, and points to ``--slug`` (a copy under another
short name), in the reader's language; nothing of the second import is
written (one transaction).
"""

from __future__ import annotations

import json
import threading
import time

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.utils import translation

from tests.tournament.backup.snapshot import export, row_counts
from tournament.events.models import Event
from tournament.results.models import ScoreSheet

SAID = {
    "en": (
        "An event with the short name “demo-open” already exists. Nothing was imported. "
        "Import the backup under another short name (import_event FILE --slug NEW), or "
        "rename or delete that event first."
    ),
    "ja": (
        "短い名前「demo-open」の大会はすでにあります。何も取り込んでいません。別の短い名前で"
        "取り込む（import_event FILE --slug NEW）か、先にその大会の短い名前を変えるか大会を"
        "削除してください。"
    ),
    "zh-hans": (
        "简称为“demo-open”的赛事已存在。未导入任何内容。请用另一个简称导入此备份"
        "（import_event FILE --slug NEW），或先更改该赛事的简称或删除该赛事。"
    ),
}


@pytest.mark.parametrize("language", ["en", "ja", "zh-hans"])
def test_the_same_backup_twice_says_the_event_exists(played_event, tmp_path, language):
    export(played_event.slug, tmp_path / "backup.json")
    before = row_counts()
    with translation.override(language), pytest.raises(CommandError) as info:
        call_command("import_event", str(tmp_path / "backup.json"), verbosity=0)
    said = str(info.value)
    assert info.value.returncode == 1
    assert said == SAID[language]
    assert row_counts() == before


def test_slug_imports_a_copy_beside_the_original(played_event, tmp_path):
    export(played_event.slug, tmp_path / "backup.json")
    call_command("import_event", str(tmp_path / "backup.json"), "--slug", "demo-again", verbosity=0)
    copy_ = Event.objects.get(slug="demo-again")
    assert copy_.name == played_event.name and copy_.pk != played_event.pk
    with pytest.raises(CommandError) as info:  # the site's rule for a short name holds
        call_command("import_event", str(tmp_path / "backup.json"), "--slug", "Bad Name")
    assert info.value.returncode == 1 and "event.slug: 'Bad Name' is not a usable" in str(
        info.value
    )


# --- two imports at once (PostgreSQL: SQLite takes one writer at a time) ------------------


def _import(path, outcome: dict) -> None:
    """``import_event`` in its own thread, hence on its own database connection."""
    from django.db import connection as own_connection

    try:
        call_command("import_event", str(path), verbosity=0)
        outcome["said"] = "imported"
    except BaseException as error:  # reported in the test's thread
        outcome["said"] = str(error)
    finally:
        own_connection.close()


def _waiting_for_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND datname = current_database()"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_an_import_that_meets_the_same_event_committed_meanwhile(committed_demo_event, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("two imports at once need PostgreSQL (make test-stack)")
    document = export(committed_demo_event.slug, tmp_path / "backup.json")
    document["event"]["slug"] = "demo-twice"
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    outcome: dict = {}
    with transaction.atomic():
        # The first import has written the event and not committed yet.
        first = Event.objects.get(pk=committed_demo_event.pk)
        first.pk, first.slug = None, "demo-twice"
        first.save()
        second = threading.Thread(target=_import, args=(path, outcome))
        second.start()
        deadline = time.monotonic() + 30
        while not _waiting_for_a_lock() and second.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)  # the second finds no event, then waits on the short name
        assert second.is_alive(), outcome
    second.join(30)
    said = outcome["said"]
    assert said.startswith("An event with the short name “demo-twice” already exists."), said
    assert "damaged" not in said
    assert Event.objects.filter(slug="demo-twice").count() == 1
    assert not ScoreSheet.objects.filter(table__round__event__slug="demo-twice").exists()
