"""A backup restores the played demo event into an empty database (the acceptance test).

It exports the played demo event, empties the database (``flush``),
imports, and compares what a director and the public would see (standings
in both scopes), every scoresheet version with its hands, rulings and
penalties, and every history record, read through the models; then it
exports again and compares the two files with ids replaced by their order.
Transactional (the flush), so in a module of its own: the other backup
modules build the demo once for the module, inside a transaction.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tests.tournament.backup.snapshot import export, normalized, snapshot
from tournament.backup.schema import FORMAT, VERSION
from tournament.events.models import Event, StaffRole


@pytest.mark.django_db(transaction=True)
def test_a_backup_restores_the_event_into_an_empty_database(committed_played_event, tmp_path):
    before = snapshot(committed_played_event)
    assert before["event"]["ruleset_config"]["rules"]["session"]["uma"]  # the frozen rules
    statuses = {s["status"] for s in before["sheets"].values()}
    assert {"superseded", "confirmed", "conflict", "draft"} <= statuses
    assert any(r[11] for s in before["sheets"].values() for r in s["rulings"])  # a voided ruling
    swapped = 'seat.swapped {"words":"a wheelchair needs table 1"}'
    assert ("-", swapped) in {h[1:3] for h in before["history"]["seat"]}
    exported = export(committed_played_event.slug, tmp_path / "backup.json")
    assert exported["format"] == FORMAT and exported["version"] == VERSION == 6

    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists() and not get_user_model().objects.exists()
    call_command("import_event", str(tmp_path / "backup.json"), verbosity=0)

    event = Event.objects.get(slug=committed_played_event.slug)
    after = snapshot(event)
    for part in before:
        assert after[part] == before[part], part
    users = get_user_model().objects.all()
    assert sorted(u.username for u in users) == ["demo-director", "demo-judge", "demo-judge2"]
    assert not any(u.has_usable_password() for u in users)
    judge2 = users.get(username="demo-judge2")
    assert (judge2.first_name, judge2.last_name, judge2.email) == ("Jun", "Sato", "jun@example.org")
    # The deleted helper is nobody, in the file and after the import.
    roles = StaffRole.history.filter(event_id=event.pk).values_list("user", "history_type")
    assert (None, "-") in set(roles)
    assert normalized(export(event.slug, tmp_path / "again.json")) == normalized(exported)
