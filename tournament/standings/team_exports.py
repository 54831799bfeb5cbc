"""Team standings as files (issue #21): one CSV and one JSON per event.

Both hold every team ranking the event publishes (``standings.teams``: the
sum of all members, the best N per round, or both, the main one first), so
one download is the whole picture. The CSV is for people: a "Ranking"
column names the table ("All members", "Best 2 per round") in the reader's
language, numbers as in the standings CSV (``formatting.spreadsheet_number``: exact
decimals, or rounded with an "(exact)" column beside), members in one cell.
The JSON is for programs: codes (``kind`` ``all``/``best``) and exact
fractions as strings, as the API gives them. Same encoding and formula
guard as the standings CSV (``exports``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import tablib
from django.utils.translation import gettext as _

from tournament.events.rules import precedence_of
from tournament.exports_safety import safe_row
from tournament.formatting import spreadsheet_number
from tournament.glossary import metric_label
from tournament.standings.exports import CSV_TYPE, _csv_bytes, _csv_value
from tournament.standings.teams import TeamTable, team_standings

JSON_TYPE = "application/json; charset=utf-8"
__all__ = ["CSV_TYPE", "JSON_TYPE", "ranking_title", "teams_csv", "teams_json"]


def ranking_title(table: TeamTable) -> str:
    """The name of a team ranking for people, in the current language."""
    if table.kind == "best":
        return _("Best %(count)s per round") % {"count": table.best}
    return _("All members")


def _metric_names(event) -> tuple[str, str]:
    names = precedence_of(event)
    return names[0], names[1] if len(names) > 1 else names[0]


def _members(row: dict) -> str:
    return ", ".join(m["player"] for m in row["members"])


def teams_csv(event, tables: list[TeamTable] | None = None, scope: str = "public") -> bytes:
    """Every team ranking of the event as one CSV (empty body: no team ranking)."""
    tables = team_standings(event, scope) if tables is None else tables
    points, score = (metric_label(n) for n in _metric_names(event))
    rows = [(t, r) for t in tables for r in t.rows]
    values = {
        key: [spreadsheet_number(Fraction(r[key])) for _t, r in rows] for key in ("points", "score")
    }  # fmt: skip
    headers = [_("Ranking"), _("Rank"), _("Team"), points]
    inexact = {k: not all(exact for _v, exact in v) for k, v in values.items()}
    if inexact["points"]:
        headers.append(_("%(column)s (exact)") % {"column": points})
    headers.append(score)
    if inexact["score"]:
        headers.append(_("%(column)s (exact)") % {"column": score})
    headers += [_("Sessions"), _("Members")]
    data = tablib.Dataset(headers=safe_row(headers))
    for i, (t, r) in enumerate(rows):
        cells = [ranking_title(t), r["rank"], r["team"], values["points"][i][0]]
        if inexact["points"]:
            cells.append(Fraction(r["points"]))
        cells.append(values["score"][i][0])
        if inexact["score"]:
            cells.append(Fraction(r["score"]))
        cells += [r["sessions"], _members(r)]
        data.append([_csv_value(c) for c in safe_row(cells)])
    return _csv_bytes(data)


def teams_document(event, tables: list[TeamTable] | None = None, scope: str = "public") -> dict:
    """The team rankings as plain data (the JSON file, the API and ``standings --teams``)."""
    tables = team_standings(event, scope) if tables is None else tables
    return {
        "event": event.slug,
        "rankings": [
            {
                "kind": t.kind,
                "best": t.best,
                "title": ranking_title(t),
                "rows": [
                    {
                        "rank": r["rank"],
                        "tied": r["tied"],
                        "team": r["team"],
                        "points": r["points"],
                        "score": r["score"],
                        "sessions": r["sessions"],
                        "members": [
                            {"id": m["registration"], "player": m["player"], "status": m["status"]}
                            for m in r["members"]
                        ],
                    }
                    for r in t.rows
                ],
            }
            for t in tables
        ],
    }


def teams_json(event, tables: list[TeamTable] | None = None, scope: str = "public") -> bytes:
    return json.dumps(teams_document(event, tables, scope), ensure_ascii=False, indent=1).encode()
