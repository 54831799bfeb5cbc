"""The director's seating corrections: swap two seats, fill an empty seat, with a preview.

Both pages take the round page's form. A change at tables without results is
applied at once (one step, as before). At a table with results it is a
correction (``tournament.rounds.swaps``): the page shows whose results change
hands, the seating quality before and after, and a Confirm button that posts
the same form again with the preview's ``expect`` token; the service applies
it only if nothing changed since. ``GET`` shows the preview of any change without applying it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.form_messages import form_error_messages
from tournament.results.sheet.policy import confirmers
from tournament.rounds.forms import ReplaceForm, SwapForm
from tournament.rounds.replacements import replace_player
from tournament.rounds.swaps import (
    Expected,
    expected_of,
    heads_with_results,
    sent_back,
    swap_seats,
)
from tournament.seating.models import Round, Seat
from tournament.seating.quality import has_teams, swap_quality

QUALITY = [
    ("repeats", gettext_lazy("Players meeting again")),
    ("club_meetings", gettext_lazy("Club mates meeting")),
    ("wind_unbalanced", gettext_lazy("Players with unbalanced winds")),
    ("whole_group_tables", gettext_lazy("Tables of a single group")),
]


def _round_and_seats(event, number):
    round_ = get_object_or_404(Round, event=event, number=number)
    seats = list(
        Seat.objects.filter(round=round_).select_related("table", "round", "registration__player")
    )
    return round_, seats


def _refused(request, event, round_, form=None, message=None):
    """Back to the round page with the form's errors or the service's refusal."""
    for error in [message] if message else form_error_messages(form):
        messages.error(request, error)
    return redirect("seating:round", event.slug, round_.number)


def quality_rows(seat_a: Seat, seat_b: Seat) -> list[dict]:
    """The seating quality's measures before and after swapping ``seat_a`` and ``seat_b``."""
    before, after = swap_quality(seat_a, seat_b)
    rows = []
    teams = has_teams(seat_a.round.event)
    for name, label in QUALITY:
        if teams and name == "club_meetings":
            label = gettext_lazy("Teammates or club mates meeting")  # a team is kept apart first
        if hasattr(before, name) and hasattr(after, name):
            old, new = _number(getattr(before, name)), _number(getattr(after, name))
            rows.append({"label": label, "before": old, "after": new, "changed": old != new})
    return rows


def _number(value) -> int:
    """A measure as a count: some are given as the players or tables they concern."""
    return len(value) if isinstance(value, (list, tuple, set, frozenset)) else value


def moved_results(changes: list[tuple[Seat, object]]) -> list[dict]:
    """For each table with results among ``changes`` (seat, its new holder): whose results move."""
    tables = {seat.table_id: seat.table for seat, _holder in changes}
    heads = heads_with_results(tables.values())
    blocks = []
    for table_id, head in sorted(heads.items(), key=lambda item: tables[item[0]].number):
        session = (head.result or {}).get("session") or {}
        rows = []
        for seat, holder in sorted(changes, key=lambda c: c[0].wind_order):
            if seat.table_id != table_id:
                continue
            line = session.get(seat.wind) or {}
            rows.append(
                {
                    "wind": seat.get_wind_display(),
                    "before": seat.registration.name,
                    "after": holder.name,
                    # Shown through the sheets' own number filters (fractions, signs).
                    "score": line.get("score"),
                    "points": line.get("rank_points"),
                    "placement": line.get("placement"),
                }
            )
        block = {
            "table": tables[table_id],
            "head": head,
            "rows": rows,
            "sent_back": sent_back(head),
        }
        blocks.append(block)
    return blocks


def _preview(request, event, round_, form, changes, action, quality, title):
    tables = {seat.table_id: seat.table for seat, _holder in changes}.values()
    blocks = moved_results(changes)
    context = {
        "event": event,
        "round": round_,
        "form": form,
        "title": title,
        "action": action,
        "blocks": blocks,
        "sent_back": any(block["sent_back"] for block in blocks),
        # The sheets sent back are the viewer's versions: everyone else who may confirm them.
        "confirmers": confirmers(event, [request.user]),
        "quality": quality,
        "worse": any(row["after"] > row["before"] for row in quality),
        "changes": [(seat, holder) for seat, holder in changes],
        "expect": expected_of(tables, [seat for seat, _holder in changes]).token(),
    }
    return render(request, "staff/round/move_preview.html", context)


def _sent_back_message(request, blocks) -> None:
    back = [str(block["table"]) for block in blocks if block["sent_back"]]
    if back:
        messages.warning(
            request,
            _(
                "%(tables)s must be confirmed again: the results now belong to the new "
                "holders of the seats, and leave the standings until then."
            )
            % {"tables": ", ".join(back)},
        )


def _quality_message(request, quality) -> None:
    changed = [
        f"{row['label']}: {row['before']} → {row['after']}" for row in quality if row["changed"]
    ]
    if changed:
        messages.info(request, _("Seating quality: %(changes)s") % {"changes": "; ".join(changed)})


def _step(request, form, changes, *, worse: bool = False):
    """``("preview"|"apply", expect)`` for this request: what to do with the form.

    A change that makes the seating worse (a repeat, club mates together) is
    shown before it is applied, even where no results would move.
    """
    token = form.cleaned_data.get("expect") or ""
    if request.method == "POST" and token:
        return "apply", Expected.parse(token)
    tables = {seat.table_id: seat.table for seat, _holder in changes}.values()
    if request.method == "POST" and not worse and not heads_with_results(tables):
        # One step: nothing to preview, but the service still checks under lock.
        return "apply", expected_of(tables, [seat for seat, _holder in changes])
    return "preview", None


@dataclass(frozen=True)
class _Move:
    """One correction as the form asks it: what moves, how it reads, and how it is applied."""

    changes: list  # (seat, its new holder)
    action: str  # the URL name the preview's Confirm posts to
    title: str
    done: str
    apply: Callable[[Expected], object]  # the service, given the preview's token
    quality: list = field(default_factory=list)


def _correct(request, event, number, make_form, move_of):
    """Both corrections: the form, its refusals, then the preview or the change and its news.

    ``make_form(data, round_, seats)`` is the page's form; ``move_of(form)`` the
    :class:`_Move` it asks for.
    """
    round_, seats = _round_and_seats(event, number)
    data = request.POST if request.method == "POST" else request.GET
    form = make_form(data, round_, seats)
    if round_.status == Round.Status.FINISHED:
        return _refused(
            request, event, round_, message=_("Round %(number)s has finished.") % {"number": number}
        )
    if not form.is_valid():
        return _refused(request, event, round_, form)
    move = move_of(form)
    worse = any(row["after"] > row["before"] for row in move.quality)
    try:
        step, expect = _step(request, form, move.changes, worse=worse)
        if step == "preview":
            return _preview(
                request, event, round_, form, move.changes, move.action, move.quality, move.title
            )
        blocks = moved_results(move.changes)
        move.apply(expect)
    except EventError as error:
        return _refused(request, event, round_, message=error.message)
    messages.success(request, move.done)
    _sent_back_message(request, blocks)
    _quality_message(request, move.quality)
    return redirect("seating:round", event.slug, number)


@event_permission_required("manage")
def round_move(request, event, number):
    """Swap two seats: at once without results, else after the preview (GET shows one)."""

    def move_of(form) -> _Move:
        seat_a = form.seats[form.cleaned_data["seat_a"]]
        seat_b = form.seats[form.cleaned_data["seat_b"]]
        names = {"a": seat_a.registration.name, "b": seat_b.registration.name}
        reason = form.cleaned_data["reason"]
        return _Move(
            changes=[(seat_a, seat_b.registration), (seat_b, seat_a.registration)],
            action="seating:move",
            title=_("Swap %(a)s and %(b)s") % names,
            done=_("%(a)s and %(b)s swapped seats.") % names,
            apply=lambda expect: swap_seats(
                seat_a, seat_b, by=request.user, reason=reason, expect=expect
            ),
            quality=quality_rows(seat_a, seat_b),
        )

    def make_form(data, round_, seats):
        return SwapForm(data, seats=seats)

    return _correct(request, event, number, make_form, move_of)


@event_permission_required("manage")
def round_replace(request, event, number):
    """Give a seat to a player not seated in the round: at once, or after the preview."""

    def move_of(form) -> _Move:
        seat = form.seats[form.cleaned_data["seat"]]
        newcomer = form.registrations[form.cleaned_data["registration"]]
        names = {"new": newcomer.name, "old": seat.registration.name}
        reason = form.cleaned_data["reason"]
        return _Move(
            changes=[(seat, newcomer)],
            action="seating:replace",
            title=_("%(new)s takes the seat of %(old)s") % names,
            done=_("%(new)s takes the seat of %(old)s.") % names,
            apply=lambda expect: replace_player(
                seat, newcomer, by=request.user, reason=reason, expect=expect
            ),
        )

    def make_form(data, round_, seats):
        return ReplaceForm(data, round_=round_, seats=seats)

    return _correct(request, event, number, make_form, move_of)
