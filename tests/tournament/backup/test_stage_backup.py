"""Backups of a staged team event (issue #21): stages, entrants, teams, and their history.

A round trip through ``export_event`` and ``import_event`` into an empty
database gives the same stages, the same cut (entrants, reasons, ranks
before), the same teams and team settings, the same standings of every
stage and team, and the same history; a version 2 file (no stages) still
restores, as an event without stages.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.tournament.standings.staged_team_event import build
from tournament.backup.schema import VERSION
from tournament.events.models import Event
from tournament.stages.models import Stage, StageEntrant
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows, stages_of
from tournament.standings.teams import team_standings


def _named(event, rows: list[dict]) -> list[dict]:
    names = dict(event.registrations.values_list("pk", "name"))
    return [{**row, "registration": names[row["registration"]]} for row in rows]


def snapshot(event) -> dict:
    stages = stages_of(event)
    return {
        "teams": sorted(event.registrations.values_list("name", "team")),
        "settings": (event.team_sum_all, event.team_best_n, event.rounds_planned),
        "stages": [
            (s.number, s.kind, s.rounds, s.method, s.pattern, s.size, s.carry, s.cut_at)
            for s in stages
        ],
        "entrants": sorted(
            StageEntrant.objects.filter(stage__event=event).values_list(
                "stage__number", "registration__name", "reason", "rank_before"
            )
        ),
        "stage_rows": [_named(event, stage_rows(s, "public")) for s in stages],
        "overall": _named(event, standings(event, "public").rows),
        "teams_table": [
            (t.kind, t.best, [(r["rank"], r["team"], r["points"]) for r in t.rows])
            for t in team_standings(event)
        ],  # fmt: skip
        "history": [
            (
                r.history_type,
                r.history_change_reason,
                r.history_user.username if r.history_user else None,
            )
            for r in Stage.history.filter(event_id=event.pk).order_by("history_date", "history_id")
        ]  # fmt: skip
        + [
            (r.history_type, r.history_change_reason, r.reason)
            for r in StageEntrant.history.filter(
                stage_id__in=Stage.history.filter(event_id=event.pk).values("id")
            ).order_by("history_date", "history_id")
        ],
    }


@pytest.mark.django_db(transaction=True)
def test_a_staged_team_event_survives_a_round_trip(tmp_path):
    event = build("bkstaged")
    before = snapshot(event)
    assert len(before["entrants"]) == 8 and before["teams_table"]
    path = tmp_path / "backup.json"
    call_command("export_event", event.slug, "--output", str(path), verbosity=0)
    document = json.loads(Path(path).read_text(encoding="utf-8"))
    assert document["version"] == VERSION == 6
    assert len(document["stages"]) == 2 and len(document["stage_entrants"]) == 8
    assert document["history"]["stages"] and document["history"]["stage_entrants"]

    call_command("flush", interactive=False, verbosity=0)
    call_command("import_event", str(path), verbosity=0)
    restored = Event.objects.get(slug="bkstaged")
    after = snapshot(restored)
    for part in before:
        assert after[part] == before[part], part


@pytest.mark.django_db
def test_a_version_2_file_restores_as_an_event_without_stages(tmp_path):
    event = build("bkold", final_played=False)
    path = tmp_path / "backup.json"
    call_command("export_event", event.slug, "--output", str(path), verbosity=0)
    old = json.loads(path.read_text(encoding="utf-8"))
    old["version"] = 2
    old["event"]["slug"] = "bkold-v2"
    for key in ("stages", "stage_entrants"):
        del old[key]
        del old["history"][key]
    for row in [old["event"], *old["history"]["event"]]:
        row.pop("team_sum_all"), row.pop("team_best_n")
    for row in [*old["registrations"], *old["history"]["registrations"]]:
        row.pop("team")
    (tmp_path / "v2.json").write_text(json.dumps(old), encoding="utf-8")
    call_command("import_event", str(tmp_path / "v2.json"), verbosity=0)
    restored = Event.objects.get(slug="bkold-v2")
    assert not restored.stages.exists()
    assert (restored.team_sum_all, restored.team_best_n) == (False, None)
    assert set(restored.registrations.values_list("team", flat=True)) == {""}
    assert len(standings(restored).rows) == 16
