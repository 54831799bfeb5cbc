"""Many players' Latin names at once (issue #34): a pasted two-column block, all or nothing.

Before this, a dozen players without a name in Latin letters took a dozen Edit
pages before the EMA file could go out. A director pastes one line per player,
*who* and their *Latin name*, separated by a tab (two columns copied from a
spreadsheet) or, failing a tab, by the line's first comma:

    高橋 一郎<TAB>Takahashi Ichiro
    王芳, Wang Fang
    31<TAB>Nguyen, Van An

*Who* is the name as registered in this event (case and spaces aside; accents
too when that finds one player only), or the player id (the number
``import_results`` also takes). The Latin name is split into family and given
names by the player's name order (``events.name_order``: "Last, First" at a
comma; else family name first for CN, JP, KR and VN or by the player's
choice). Each part goes through the Latin-name rule
(``latin_names.clean_latin_name``: Latin letters only, so a Cyrillic "а" that
looks like a Latin "a" is refused, and so is an invisible character).

:func:`preview` lists each change and each bad line (its line and field
named); :func:`paste_latin_names` checks again and saves every change, each
with a history record ("Latin names pasted"), or refuses them all. A line
that changes nothing (the same paste sent twice) is counted, not saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, save_with_history
from tournament.events.latin_names import clean_latin_name
from tournament.events.models import Event, Player, Registration
from tournament.events.name_order import family_name_first, split_name
from tournament.events.name_search import fold
from tournament.events.plain_text import clean_name
from tournament.events.upload_bounds import max_rows, rows_message, size_message, text_size


@dataclass(frozen=True)
class Change:
    """One player's Latin names as they are and as the paste makes them."""

    line: int
    registration: Registration
    old_last: str
    old_first: str
    new_last: str
    new_first: str

    @property
    def changed(self) -> bool:
        return (self.old_last, self.old_first) != (self.new_last, self.new_first)


@dataclass(frozen=True)
class Problem:
    line: int | None  # None: the whole paste (too large, too many lines)
    field: str  # the column's label: "Name" or "Latin name"
    message: str

    def __str__(self):
        if self.line is None:
            return self.message
        return _("line %(line)s, %(field)s: %(message)s") % {
            "line": self.line,
            "field": self.field,
            "message": self.message,
        }


@dataclass
class Preview:
    changes: list[Change] = field(default_factory=list)  # lines that change something
    unchanged: int = 0  # lines that say what is already so
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.changes or self.unchanged)


class _BadLine(Exception):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field, self.message = field, message


def _columns(text: str) -> tuple[str, str]:
    """``(who, Latin name)`` of a line: split at its tabs, else at its first comma."""
    if "\t" in text:
        cells = [cell.strip() for cell in text.split("\t")]
        while len(cells) > 2 and not cells[-1]:
            cells.pop()  # trailing empty cells of a spreadsheet's copy
        if len(cells) > 2:
            raise _BadLine(
                _("Latin name"),
                _("%(count)s columns; write the name, a tab and the name in Latin letters.")
                % {"count": len(cells)},
            )
        return cells[0], cells[1]
    if "," not in text:
        raise _BadLine(
            _("Latin name"),
            _("no Latin name: write the name, a tab or a comma, then the name in Latin letters."),
        )
    who, latin = text.split(",", 1)
    return who.strip(), latin.strip()


class _Players:
    """The event's registrations, found by name (as written, then without accents) or id."""

    def __init__(self, event: Event):
        self.registrations = list(event.registrations.select_related("player").order_by("pk"))

    def find(self, who: str) -> Registration:
        if not who:
            raise _BadLine(_("Name"), _("the name is empty."))
        if who.isdigit():
            found = [r for r in self.registrations if str(r.player_id) == who]
        else:
            exact = clean_name(who).casefold()
            found = [r for r in self.registrations if r.name.casefold() == exact]
            if not found:
                folded = fold(who)
                found = [r for r in self.registrations if fold(r.name) == folded]
        if not found:
            raise _BadLine(
                _("Name"),
                _("No player of this event is called “%(who)s” (or has that player id).")
                % {"who": who},
            )
        if len(found) > 1:
            ids = ", ".join(f"{r.name} ({r.club or '–'}): {r.player_id}" for r in found)
            raise _BadLine(
                _("Name"),
                _("%(count)s players are called “%(who)s”; write the player id instead (%(ids)s).")
                % {"count": len(found), "who": who, "ids": ids},
            )
        return found[0]


def _split(registration: Registration, latin: str) -> tuple[str, str]:
    """``(family, given)`` of the Latin name, each part checked by the Latin-name rule."""
    label = _("Latin name")
    if not latin:
        raise _BadLine(label, _("the Latin name is empty."))
    parts = latin.split(",")
    if len(parts) > 2:
        raise _BadLine(label, _("more than one comma: write “Family, Given” or the name alone."))
    try:
        checked = [clean_latin_name(label, part) for part in parts]
    except EventError as error:
        raise _BadLine(label, error.message) from None
    player = registration.player
    family_first = family_name_first(player.name_order, registration.country)
    return split_name(", ".join(checked), family_first)


def _check_line(line: int, text: str, players: _Players, seen: dict[int, int]) -> Change:
    who, latin = _columns(text)
    registration = players.find(who)
    if registration.pk in seen:
        raise _BadLine(
            _("Name"),
            _("%(name)s is also on line %(line)s.")
            % {"name": registration.name, "line": seen[registration.pk]},
        )
    seen[registration.pk] = line
    last, first = _split(registration, latin)
    player = registration.player
    return Change(line, registration, player.latin_last_name, player.latin_first_name, last, first)


def preview(event: Event, text: str) -> Preview:
    """What :func:`paste_latin_names` would change, and every line that stops it."""
    out = Preview()
    too_large = size_message(text_size(text or ""))
    if too_large is not None:
        out.problems.append(Problem(None, _("Latin names"), too_large))
        return out
    players, seen, count = _Players(event), {}, 0
    for line, raw in enumerate((text or "").splitlines(), start=1):
        if not raw.strip():
            continue
        count += 1
        if count > max_rows():
            out.problems.append(Problem(None, _("Latin names"), rows_message()))
            break
        try:
            change = _check_line(line, raw, players, seen)
        except _BadLine as bad:
            out.problems.append(Problem(line, bad.field, bad.message))
            continue
        if change.changed:
            out.changes.append(change)
        else:
            out.unchanged += 1
    if not count:
        out.problems.append(Problem(None, _("Latin names"), _("Paste at least one line.")))
    return out


@transaction.atomic
def paste_latin_names(event: Event, text: str, by=None) -> list[Change]:
    """Save every change of the paste, each player with a history record, or none.

    Checked again here, with the players locked: what the preview showed may
    have changed since. Refused with every problem listed.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise EventError(
            _("“%(event)s” has finished; its players cannot change.") % {"event": event.name}
        )
    ids = list(event.registrations.values_list("player_id", flat=True))
    list(Player.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
    checked = preview(event, text)
    if checked.problems:
        raise EventError(
            _("Nothing was saved: %(count)s problem(s) in the Latin names.")
            % {"count": len(checked.problems)},
            problems=[str(problem) for problem in checked.problems],
        )
    reason = change_reason("player.latin_names_pasted")
    for change in checked.changes:
        player = change.registration.player
        player.latin_last_name, player.latin_first_name = change.new_last, change.new_first
        save_with_history(player, reason, by)
    return checked.changes
