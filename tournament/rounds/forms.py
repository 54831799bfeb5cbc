"""Forms of the seating pages: seat a round, swap two seats, fill an empty seat.

The swap and replacement forms carry ``expect``, hidden: what the preview
showed (``tournament.rounds.swaps.Expected``), empty before a preview. The
services compare it under lock, so a stale preview changes nothing.
"""

from __future__ import annotations

from functools import cached_property

from django import forms
from django.db.models import F, OuterRef, Subquery
from django.utils.translation import gettext_lazy as _

from tournament.collation import by_name as sorted_by_name
from tournament.collation import registrations_sorted
from tournament.results.models import ScoreSheet
from tournament.rounds.replacements import candidates
from tournament.seating.models import Round


class SeatRoundForm(forms.Form):
    number = forms.IntegerField(label=_("Round"), min_value=1, max_value=99)
    method = forms.ChoiceField(
        label=_("Method"), choices=Round.Method.choices, initial=Round.Method.BALANCED
    )


def _reason_field():
    return forms.CharField(
        label=_("Reason"),
        max_length=80,
        help_text=_("Kept in the log, e.g. “wheelchair access at table 1”."),
    )


def _seat_label(seat) -> str:
    return f"{seat.registration.name} · {seat.table} {seat.get_wind_display()}"


def awaiting_confirmation(round_: Round):
    """Sheets of ``round_`` sent back by a seating correction and not confirmed since."""
    head = (
        ScoreSheet.objects.filter(table=OuterRef("table"))
        .exclude(status=ScoreSheet.Status.CONFLICT)
        .order_by("-version")
        .values("version")[:1]
    )
    return (
        ScoreSheet.objects.filter(
            table__round=round_,
            status=ScoreSheet.Status.SUBMITTED,
            reason_code=ScoreSheet.ReasonCode.SEATING_CORRECTED,
        )
        .annotate(head=Subquery(head))
        .filter(version=F("head"))
        .select_related("table")
        .order_by("table__number")
    )


class SwapForm(forms.Form):
    seat_a = forms.ChoiceField(label=_("First player"))
    seat_b = forms.ChoiceField(label=_("Second player"))
    reason = _reason_field()
    expect = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (str(seat.pk), _seat_label(seat))
            for seat in sorted_by_name(seats, lambda s: s.registration.name, lambda s: s.pk)
        ]
        self.fields["seat_a"].choices = choices
        self.fields["seat_b"].choices = choices
        self.seats = {str(seat.pk): seat for seat in seats}

    def clean(self):
        data = super().clean()
        if data.get("seat_a") and data.get("seat_a") == data.get("seat_b"):
            self.add_error("seat_b", _("Choose two different players."))
        return data

    # What the round page shows around the form (read only; it is given this form).

    @cached_property
    def round(self) -> Round | None:
        seat = next(iter(self.seats.values()), None)
        return seat.round if seat is not None else None

    @cached_property
    def replace_form(self) -> ReplaceForm | None:
        """The form that fills an empty seat, when someone could take one."""
        if self.round is None:
            return None
        form = ReplaceForm(round_=self.round, seats=list(self.seats.values()))
        return form if len(form.fields["registration"].choices) > 1 else None

    @cached_property
    def awaiting(self) -> list[ScoreSheet]:
        return list(awaiting_confirmation(self.round)) if self.round is not None else []


class ReplaceForm(forms.Form):
    """Give a seat (a no-show's, a withdrawn player's) to someone not seated in the round."""

    seat = forms.ChoiceField(label=_("Seat to fill"))
    registration = forms.ChoiceField(label=_("Player who takes it"))
    reason = _reason_field()
    expect = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, round_: Round, seats, **kwargs):
        kwargs.setdefault("prefix", "replace")
        super().__init__(*args, **kwargs)
        self.fields["reason"].help_text = _("Kept in the log, e.g. “no-show, reserve seated”.")
        ordered = sorted(seats, key=lambda s: (s.table.number, s.wind_order))
        self.fields["seat"].choices = [("", "—")] + [(str(s.pk), _seat_label(s)) for s in ordered]
        self.seats = {str(s.pk): s for s in seats}
        people = registrations_sorted(candidates(round_))
        self.fields["registration"].choices = [("", "—")] + [
            (str(r.pk), f"{r.name} · {r.get_status_display()}") for r in people
        ]
        self.registrations = {str(r.pk): r for r in people}
