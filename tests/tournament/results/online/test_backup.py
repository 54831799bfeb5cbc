"""An online table's game and the names matched survive a backup and its restore (#36)."""

from __future__ import annotations

import json

from django.core.serializers.json import DjangoJSONEncoder

from tests.tournament.results.online.conftest import carried, log_bytes, log_url
from tests.tournament.results.online.test_game_log_page import answers, check
from tournament.backup.export import export_event
from tournament.backup.importer import import_backup
from tournament.results.models import GameLogUse, OnlineName


def test_a_filed_game_is_restored_beside_its_original(client, tenhou_tables):
    (table, other), users = tenhou_tables
    client.force_login(users["judge"])
    page = check(client, table, log_bytes("example.xml"))
    client.post(log_url(table), {**carried(page), **answers(table), "action": "save"})
    original = GameLogUse.objects.get()

    document = json.loads(json.dumps(export_event(table.round.event), cls=DjangoJSONEncoder))
    assert document["version"] == 6 and len(document["game_logs"]) == 1
    copy = import_backup(document, slug="online-copy")

    restored = GameLogUse.objects.get(event=copy)
    assert restored.fingerprint == original.fingerprint and restored.pk != original.pk
    assert restored.table.round.event == copy and restored.table.number == 1
    assert restored.sheet.table == restored.table and restored.sheet.hands.count() == 9
    names = {m.name: m.registration.name for m in OnlineName.objects.filter(event=copy)}
    assert names == {
        m.name: m.registration.name for m in OnlineName.objects.filter(event=table.round.event)
    }
    # The game is still refused on another table: it is on a table already.
    again = check(client, other, log_bytes("example.xml")).content.decode()
    assert "This game is already filed on" in again and 'id="save-log"' not in again
