"""Registering players from a CSV file: a preview first, then all or nothing.

The file is UTF-8 (a byte-order mark is fine) with a header row naming the
columns ``name,club,country,ema_id[,status]`` in any order; only ``name`` is
required. Names may be in any script. Each bad row is reported with its line
number in the file and the reason, so a director can fix them all at once.
A file past the size or row limit (``upload_bounds``) is refused before it is
parsed, or as soon as the parser reaches the first row too many.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.errors import EventError
from tournament.events.models import Event, Player, Registration
from tournament.events.services import add_player, clean_player_fields
from tournament.events.upload_bounds import (
    max_rows,
    preview_rows,
    rows_message,
    size_message,
    text_size,
)

COLUMNS = ("name", "club", "country", "ema_id", "status")
STATUSES = (Registration.Status.ACTIVE, Registration.Status.SUBSTITUTE)


@dataclass(frozen=True)
class Row:
    """One good row: what will be registered."""

    line: int
    name: str
    club: str
    country: str
    ema_id: str
    status: str
    known_player: bool  # an existing player, found by EMA id


@dataclass(frozen=True)
class Problem:
    line: int | None  # None: the whole file (too large, too many rows)
    message: str

    def __str__(self):
        if self.line is None:
            return self.message
        return _("line %(line)s: %(message)s") % {"line": self.line, "message": self.message}


@dataclass
class Preview:
    rows: list[Row] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.rows) and not self.problems

    # The preview page lists at most preview_rows() of each, and says how many more.
    @property
    def shown_rows(self) -> list[Row]:
        return self.rows[: preview_rows()]

    @property
    def more_rows(self) -> int:
        return max(0, len(self.rows) - preview_rows())

    @property
    def shown_problems(self) -> list[Problem]:
        return self.problems[: preview_rows()]

    @property
    def more_problems(self) -> int:
        return max(0, len(self.problems) - preview_rows())


def decode_upload(data: bytes) -> str:
    """The text of an uploaded file, or an :class:`EventError` when it is not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise EventError(
            _("The file is not UTF-8 text (byte %(position)s). Save it as “CSV UTF-8” and retry.")
            % {"position": error.start + 1}
        ) from error


def import_players_preview(event: Event, csv_text: str) -> Preview:
    """What ``import_players`` would register, and every problem that stops it."""
    preview = Preview()
    too_large = size_message(text_size(csv_text))
    if too_large is not None:
        preview.problems.append(Problem(None, too_large))
        return preview
    text = csv_text.lstrip("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""))
    header = _read_header(reader, preview)
    if header is None:
        return preview
    seen = _Seen(event)
    for line, cells in _data_rows(reader, preview):
        if len(cells) > len(header):
            preview.problems.append(
                Problem(
                    line,
                    _("%(found)s values for %(expected)s columns.")
                    % {"found": len(cells), "expected": len(header)},
                )
            )
            continue
        values = dict(zip(header, cells, strict=False))
        row = _check_row(line, values, seen, preview)
        if row is not None:
            preview.rows.append(row)
    if not preview.rows and not preview.problems:
        preview.problems.append(Problem(1, _("The file has a header but no players.")))
    return preview


@transaction.atomic
def import_players(event: Event, csv_text: str, by=None) -> list[Registration]:
    """Register every player of the file, or none: refused with all the problems listed."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    preview = import_players_preview(event, csv_text)
    if preview.problems:
        raise EventError(
            _("Nothing was imported: %(count)s problem(s) in the file.")
            % {"count": len(preview.problems)},
            problems=[str(problem) for problem in preview.problems],
        )
    return [
        add_player(
            event,
            name=row.name,
            club=row.club,
            country=row.country,
            ema_id=row.ema_id,
            status=row.status,
            by=by,
            reason="registration.imported",
        )
        for row in preview.rows
    ]


def _data_rows(reader, preview: Preview):
    """``(line, cells)`` of each non-blank row, up to the row limit or a line CSV cannot read."""
    count = 0
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:  # e.g. a field longer than csv.field_size_limit()
            line = reader.line_num
            preview.problems.append(
                Problem(line, _("Not a CSV file: %(error)s") % {"error": error})
            )
            return
        if not any(cell.strip() for cell in cells):
            continue
        count += 1
        if count > max_rows():
            preview.problems.append(Problem(None, rows_message()))
            return
        yield reader.line_num, cells


def _read_header(reader, preview: Preview) -> list[str] | None:
    try:
        header = next(reader)
    except StopIteration:
        preview.problems.append(Problem(1, _("The file is empty.")))
        return None
    except csv.Error as error:
        preview.problems.append(Problem(1, _("Not a CSV file: %(error)s") % {"error": error}))
        return None
    header = [cell.strip().lower() for cell in header]
    unknown = [name for name in header if name not in COLUMNS]
    if unknown or "name" not in header or len(set(header)) != len(header):
        preview.problems.append(
            Problem(
                1,
                _("The header row must name the columns %(columns)s; found %(found)s.")
                % {"columns": ",".join(COLUMNS), "found": ",".join(header)},
            )
        )
        return None
    return header


class _Seen:
    """Who is already in the event or earlier in the file, to catch duplicates."""

    def __init__(self, event: Event):
        registered = Registration.objects.filter(event=event).select_related("player")
        self.event_ema_ids = {r.player.ema_id for r in registered if r.player.ema_id}
        self.event_people = {(r.player.name, r.player.club, r.player.country) for r in registered}
        self.file_ema_ids: dict[str, int] = {}
        self.file_people: dict[tuple, int] = {}


def _check_row(line: int, values: dict, seen: _Seen, preview: Preview) -> Row | None:
    problems = []
    status = (values.get("status") or "").strip().lower() or Registration.Status.ACTIVE
    if status not in STATUSES:
        problems.append(
            _("unknown status “%(status)s”; use active or substitute.") % {"status": status}
        )
    fields = None
    try:
        fields = clean_player_fields(
            values.get("name", ""),
            values.get("club", ""),
            values.get("country", ""),
            values.get("ema_id", ""),
        )
    except EventError as error:
        problems.append(error.message)
    if fields is not None:
        problems.extend(_duplicates(line, fields, seen))
    if problems:
        preview.problems.extend(Problem(line, message) for message in problems)
        return None
    known = bool(fields["ema_id"]) and Player.objects.filter(ema_id=fields["ema_id"]).exists()
    return Row(line=line, status=status, known_player=known, **fields)


def _duplicates(line: int, fields: dict, seen: _Seen) -> list[str]:
    problems = []
    ema_id = fields["ema_id"]
    person = (fields["name"], fields["club"], fields["country"])
    if ema_id and ema_id in seen.event_ema_ids:
        problems.append(
            _("EMA id %(ema_id)s is already registered in this event.") % {"ema_id": ema_id}
        )
    elif ema_id and ema_id in seen.file_ema_ids:
        problems.append(
            _("duplicate EMA id %(ema_id)s (also on line %(line)s).")
            % {"ema_id": ema_id, "line": seen.file_ema_ids[ema_id]}
        )
    if person in seen.file_people:
        problems.append(
            _("duplicate row: the same player is on line %(line)s.")
            % {"line": seen.file_people[person]}
        )
    elif person in seen.event_people and not ema_id:
        problems.append(
            _("%(name)s is already registered in this event.") % {"name": fields["name"]}
        )
    if ema_id:
        seen.file_ema_ids.setdefault(ema_id, line)
    seen.file_people.setdefault(person, line)
    return problems
