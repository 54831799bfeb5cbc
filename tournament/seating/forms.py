"""Forms of the seating pages: seat a round, swap two seats."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.seating.models import Round


class SeatRoundForm(forms.Form):
    number = forms.IntegerField(label=_("Round"), min_value=1, max_value=99)
    method = forms.ChoiceField(
        label=_("Method"), choices=Round.Method.choices, initial=Round.Method.BALANCED
    )


class SwapForm(forms.Form):
    seat_a = forms.ChoiceField(label=_("First player"))
    seat_b = forms.ChoiceField(label=_("Second player"))
    reason = forms.CharField(
        label=_("Reason"),
        max_length=80,
        help_text=_("Kept in the log, e.g. “wheelchair access at table 1”."),
    )

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "—")] + [
            (
                str(seat.pk),
                f"{seat.registration.player.name} · {seat.table} {seat.get_wind_display()}",
            )
            for seat in sorted(seats, key=lambda s: s.registration.player.name)
        ]
        self.fields["seat_a"].choices = choices
        self.fields["seat_b"].choices = choices
        self.seats = {str(seat.pk): seat for seat in seats}

    def clean(self):
        data = super().clean()
        if data.get("seat_a") and data.get("seat_a") == data.get("seat_b"):
            self.add_error("seat_b", _("Choose two different players."))
        return data
