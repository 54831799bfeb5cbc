"""The built-in standings files, registered in the order the pages link them.

Why one table: each row is everything about one format (its code, the words
of its link, content type, file name, what it is made of and how), and the
URL maps, the pages and the ``standings`` command read them from the
registry (:mod:`.exporters`). The URL maps import this module, so the
registry is full before any address is made. A new format is one row here
(and its build function); a test may register one of its own.

The codes, file names and addresses are the ones the site always had.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournament.events.teams import team_kinds
from tournament.standings import exports, team_exports
from tournament.standings.breakdown import breakdown_csv
from tournament.standings.exporters import STAFF, TEAMS, Exporter, NoSuchStage, register_exporter
from tournament.standings.services import standings
from tournament.standings.stage_rows import stage_rows, stages_of
from tournament.standings.teams import team_standings


def standings_rows(event, scope: str, stage: str | None) -> tuple[list[dict], str]:
    """The standings rows; ``stage`` (a number): that stage's own, if it has players."""
    if stage is None:
        return standings(event, scope).rows, ""
    found = next((s for s in stages_of(event) if str(s.number) == str(stage)), None)
    if found is None or (found.number > 1 and found.cut_at is None):
        raise NoSuchStage(stage)
    return stage_rows(found, scope), f"stage-{found.number}-"


def event_rows(event, scope: str, stage: str | None) -> tuple[list[dict], str]:
    """The event's standings rows whatever the stage (the EMA file ranks the whole event)."""
    return standings(event, scope).rows, ""


def team_tables(event, scope: str, stage: str | None) -> tuple[list, str]:
    """Every team ranking; an event without one gets an empty file, as the API."""
    return team_standings(event, scope), ""


def nothing(event, scope: str, stage: str | None) -> tuple[None, str]:
    """For a file its build function reads from the event alone."""
    return None, ""


def rounds_csv(event, data: None) -> bytes:
    return breakdown_csv(event)


BUILTIN = (
    Exporter(
        "csv", _("CSV"), exports.CSV_TYPE, "standings.csv", exports.standings_csv, standings_rows
    ),
    Exporter(
        "xlsx",
        _("Excel (XLSX)"),
        exports.XLSX_TYPE,
        "standings.xlsx",
        exports.standings_xlsx,
        standings_rows,
    ),
    Exporter(
        "ema_results",
        _("EMA results (CSV)"),
        exports.CSV_TYPE,
        "standings-ema.csv",
        exports.ema_csv,
        event_rows,
        staff_path="standings.ema.csv",
    ),
    Exporter(
        "rounds",
        _("Round by round (CSV)"),
        exports.CSV_TYPE,
        "rounds.csv",
        rounds_csv,
        nothing,
        audiences=frozenset({STAFF}),  # every session of every round: the staff's
        staff_path="standings.rounds.csv",
    ),
    Exporter(
        "teams_csv",
        _("Team standings (CSV)"),
        team_exports.CSV_TYPE,
        "teams.csv",
        team_exports.teams_csv,
        team_tables,
        group=TEAMS,
        offered=team_kinds,
    ),
    Exporter(
        "teams_json",
        _("Team standings (JSON)"),
        team_exports.JSON_TYPE,
        "teams.json",
        team_exports.teams_json,
        team_tables,
        group=TEAMS,
        offered=team_kinds,
    ),
)

for _exporter in BUILTIN:
    register_exporter(_exporter)
