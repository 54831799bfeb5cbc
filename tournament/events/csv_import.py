"""Registering players from a CSV file: a preview first, then all or nothing.

What a venue's spreadsheet gives is accepted as far as it can be read without
guessing (``csv_encoding`` for the bytes):

- **delimiter**: comma, semicolon (Excel in much of Europe) or tab, whichever
  the header line uses most;
- **header**: one row naming the columns in any order, case, spacing or
  underscores; aliases such as "Player" (name), "Club" / "クラブ" (club),
  "Team" / "チーム" / "队伍" (team, issue #21), "EMA ID" /
  "EMA number" (ema_id), "First name (Latin)" (latin_first_name) are in
  :data:`ALIASES`. Only a name is required (or the Latin first and last
  names, which then make it). Columns we do not know are ignored, and the
  preview says which;
- **quoting**: a quote that is opened and never closed is refused with the
  line where the value starts, never read as a name swallowing the rows after.

Each bad row is reported with its line number in the file and the reason, so
a director can fix them all at once. Names, clubs, teams and groups follow the
name rule (``plain_text``: NFC; no control, bidi or zero-width character), and
names or teams that look like another of the event are listed as warnings
(``lookalikes``), shown on the preview and again after importing. A player
already known by EMA id is the same person: the row's name, club and country
are this event's registration's own (issue #32: their other events keep
theirs), and the preview shows what the file changes on the person (the Latin
names), which importing applies, with a history record. A file past the
size or row limit (``upload_bounds``) is refused before it is parsed, or as
soon as the parser reaches the first row too many.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.csv_encoding import decode_csv
from tournament.events.csv_header import (
    NAME_ORDER_WORDS,
    STATUS_WORDS,
    fold,
    parse_header,
    sniff_delimiter,
)
from tournament.events.errors import EventError, save_with_history
from tournament.events.lookalikes import warnings as lookalike_warnings
from tournament.events.models import Event, Player, Registration
from tournament.events.services import add_player, check_group, check_team, clean_player_fields
from tournament.events.upload_bounds import (
    max_rows,
    preview_rows,
    rows_message,
    size_message,
    text_size,
)

STATUSES = (
    Registration.Status.ACTIVE,
    Registration.Status.RESERVE,
    Registration.Status.SUBSTITUTE,
)
# Fields of a known person the file may change, with their labels for the preview (the
# name, club and country are the new registration's own, and change nothing else).
CHANGEABLE = ("latin_first_name", "latin_last_name", "name_order")


@dataclass(frozen=True)
class Row:
    """One good row: what will be registered."""

    line: int
    name: str
    club: str
    country: str
    ema_id: str
    status: str
    known_player: bool  # an existing person, found by EMA id
    latin_first_name: str = ""
    latin_last_name: str = ""
    group: str = ""
    team: str = ""
    name_order: str = ""  # Player.name_order; empty: not given (issue #34)
    # What the file changes on the known person: (field, label, old, new).
    changes: tuple[tuple[str, str, str, str], ...] = ()


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
    ignored_columns: list[str] = field(default_factory=list)  # header cells we do not read
    delimiter: str = ","
    warnings: list[str] = field(default_factory=list)  # lookalike names and teams (lookalikes)

    @property
    def changed_rows(self) -> int:
        """Rows that change a known player's record (shown field by field)."""
        return sum(1 for row in self.rows if row.changes)

    @property
    def has_teams(self) -> bool:
        """Whether the preview shows a team column (only when some row has a team)."""
        return any(row.team for row in self.rows)

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
    """The text of an uploaded file (UTF-8, Shift_JIS or Windows-1252), or an EventError."""
    return decode_csv(data)[0]


def import_players_preview(event: Event, csv_text: str) -> Preview:
    """What ``import_players`` would register, and every problem that stops it."""
    preview = Preview()
    too_large = size_message(text_size(csv_text))
    if too_large is not None:
        preview.problems.append(Problem(None, too_large))
        return preview
    text = csv_text.lstrip("\ufeff")
    preview.delimiter = sniff_delimiter(text)
    # strict: a quote opened and never closed is an error, not a name eating the next rows.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=preview.delimiter, strict=True)
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
        values = {
            column: cell for column, cell in zip(header, cells, strict=False) if column is not None
        }
        row = _check_row(line, values, seen, preview)
        if row is not None:
            preview.rows.append(row)
    if not preview.rows and not preview.problems:
        preview.problems.append(Problem(1, _("The file has a header but no players.")))
    preview.warnings = lookalike_warnings(
        [row.name for row in preview.rows],
        [row.team for row in preview.rows],
        seen.event_names,
        seen.event_teams,
    )
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
    registrations = []
    for row in preview.rows:
        registration = add_player(
            event,
            name=row.name,
            club=row.club,
            country=row.country,
            ema_id=row.ema_id,
            group=row.group,
            team=row.team,
            status=row.status,
            by=by,
            reason="registration.imported",
        )
        _update_player(registration.player, row, by)
        registrations.append(registration)
    return registrations


def _update_player(player: Player, row: Row, by) -> None:
    """What the file says of the person (shown in the preview): their Latin names."""
    changed = []
    for name in CHANGEABLE:
        value = getattr(row, name)
        # A known player's empty cell keeps what we know; a new player's Latin names are set
        # (an empty name order is not given: a new player's is the default, the country's).
        given = value or (not row.known_player and name != "name_order")
        if given and getattr(player, name) != value:
            setattr(player, name, value)
            changed.append(name)
    if changed:
        save_with_history(player, change_reason("player.edited", fields=", ".join(changed)), by)


def _csv_problem(reader, start: int, error: csv.Error) -> Problem:
    """A reading error at the row starting on line ``start``, said for people."""
    if "unexpected end of data" in str(error) or reader.line_num > start:
        return Problem(
            start,
            _(
                "a quoted value starts on this line and its closing quote is missing "
                "(or a quote inside it is not doubled); nothing after it can be read."
            ),
        )
    return Problem(start, _("Not a CSV file: %(error)s") % {"error": error})


def _data_rows(reader, preview: Preview):
    """``(line, cells)`` of each non-blank row, up to the row limit or a line CSV cannot read."""
    count = 0
    while True:
        start = reader.line_num + 1  # the line this row starts on
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:  # broken quoting, or a field past csv.field_size_limit()
            preview.problems.append(_csv_problem(reader, start, error))
            return
        if not any(cell.strip() for cell in cells):
            continue
        count += 1
        if count > max_rows():
            preview.problems.append(Problem(None, rows_message()))
            return
        yield start, cells


def _read_header(reader, preview: Preview) -> list[str | None] | None:
    """Each header cell's column (None: ignored, noted in the preview), or None if refused."""
    try:
        cells = next(reader)
    except StopIteration:
        preview.problems.append(Problem(1, _("The file is empty.")))
        return None
    except csv.Error as error:
        preview.problems.append(_csv_problem(reader, 1, error))
        return None
    header, ignored, refusal = parse_header(cells)
    if refusal is not None:
        preview.problems.append(Problem(1, refusal))
        return None
    preview.ignored_columns = ignored
    return header


class _Seen:
    """Who is already in the event or earlier in the file, to catch duplicates."""

    def __init__(self, event: Event):
        registered = list(Registration.objects.filter(event=event).select_related("player"))
        self.event_ema_ids = {r.player.ema_id for r in registered if r.player.ema_id}
        self.event_people = {(r.name, r.club, r.country) for r in registered}
        self.event_names = [r.name for r in registered]
        self.event_teams = sorted({r.team for r in registered if r.team})
        self.file_ema_ids: dict[str, int] = {}
        self.file_people: dict[tuple, int] = {}


def _check_row(line: int, values: dict, seen: _Seen, preview: Preview) -> Row | None:
    problems = []
    said = (values.get("status") or "").strip()
    status = STATUS_WORDS.get(fold(said))
    if status is None:
        problems.append(
            _("unknown status “%(status)s”; use active, reserve or substitute.") % {"status": said}
        )
    first = values.get("latin_first_name", "")
    last = values.get("latin_last_name", "")
    name = values.get("name", "") or " ".join(part for part in (first, last) if part.strip())
    fields = None
    try:
        fields = clean_player_fields(
            name,
            values.get("club", ""),
            values.get("country", ""),
            values.get("ema_id", ""),
            latin_first_name=first,
            latin_last_name=last,
        )
    except EventError as error:
        problems.append(error.message)
    team = group = ""
    try:
        team = check_team(values.get("team", ""))
    except EventError as error:
        problems.append(error.message)
    try:
        group = check_group(values.get("group", ""))
    except EventError as error:
        problems.append(error.message)
    said_order = values.get("name_order", "")
    name_order = NAME_ORDER_WORDS.get(fold(said_order))
    if name_order is None:
        problems.append(
            _("name order “%(value)s”: write family first, given first or country.")
            % {"value": said_order.strip()}
        )
    if fields is not None:
        fields["name_order"] = name_order or ""
        problems.extend(_duplicates(line, fields, seen))
    if problems:
        preview.problems.extend(Problem(line, message) for message in problems)
        return None
    known = (
        Player.objects.filter(ema_id=fields["ema_id"]).order_by("pk").first()
        if fields["ema_id"]
        else None
    )
    return Row(
        line=line,
        status=status,
        known_player=known is not None,
        group=group,
        team=team,
        changes=_changes(known, fields),
        **fields,
    )


def _changes(known: Player | None, fields: dict) -> tuple[tuple[str, str, str, str], ...]:
    """What importing changes on a person known by EMA id: (field, label, old, new)."""
    if known is None:
        return ()
    labels = {
        "latin_first_name": _("First name (Latin letters)"),
        "latin_last_name": _("Last name (Latin letters)"),
        "name_order": _("Name order"),
    }
    orders = dict(Player.NameOrder.choices)  # a name order is shown in words

    def shown(name: str, value: str) -> str:
        return str(orders.get(value, value)) if name == "name_order" else value

    return tuple(
        (name, labels[name], shown(name, getattr(known, name)), shown(name, fields[name]))
        for name in CHANGEABLE
        if fields.get(name) and fields[name] != getattr(known, name)
    )


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
