"""Forms of the director's stage pages: the stages themselves, the cut, its undoing.

The forms check what was typed (a number, a choice, a reason); the rules
(a size that fills tables of four, no change after a cut, a tie resolved
with exactly the places left) are the services' (``stages.services``), whose
refusals come back as messages on the page.

The stages form is a formset with one blank row more than the stages: a
row left blank is ignored (how a stage is added without JavaScript), and a
row ticked "Remove" is dropped.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.events.bounds import STAGE_ENTRANTS, integer_field
from tournament.events.forms import PlainTextField
from tournament.stages.models import Stage


class StageForm(forms.Form):
    # Not required: a row with neither is the spare row, left blank (``is_blank``).
    kind = forms.ChoiceField(
        label=_("Stage"), choices=[("", "—"), *Stage.Kind.choices], required=False
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=40, required=False)
    method = forms.ChoiceField(
        label=_("Seating method"), choices=Stage.Method.choices, initial=Stage.Method.BALANCED
    )
    pattern = forms.ChoiceField(
        label=_("Tables by rank"), choices=Stage.Pattern.choices, initial=Stage.Pattern.SNAKE
    )
    size = integer_field(
        STAGE_ENTRANTS,
        label=_("Entrants"),
        required=False,
        help_text=_("Players the cut takes; empty for the first stage."),
    )
    carry = forms.ChoiceField(
        label=_("Points carried"), choices=Stage.Carry.choices, initial=Stage.Carry.NONE
    )

    def is_blank(self) -> bool:
        """A row with no stage and no rounds: the spare row, left alone."""
        data = getattr(self, "cleaned_data", {})
        return not data.get("kind") and not data.get("rounds")

    def clean(self):
        data = super().clean()
        if data.get("DELETE"):
            return data
        if data.get("rounds") and not data.get("kind"):
            self.add_error("kind", _("Choose the kind of stage."))
        if data.get("kind") and not data.get("rounds") and "rounds" not in self.errors:
            self.add_error("rounds", _("How many rounds does this stage play?"))
        return data


class BaseStageFormSet(forms.BaseFormSet):
    def specs(self) -> list[dict]:
        """The stages to set, in order: the rows neither blank nor removed."""
        keys = ("kind", "rounds", "method", "pattern", "size", "carry")
        return [
            {key: form.cleaned_data.get(key) for key in keys}
            for form in self.forms
            if not form.cleaned_data.get("DELETE") and not form.is_blank()
        ]


StageFormSet = forms.formset_factory(
    StageForm, formset=BaseStageFormSet, extra=1, can_delete=True, max_num=8, absolute_max=8
)


def initial_of(stages) -> list[dict]:
    return [
        {
            "kind": s.kind,
            "rounds": s.rounds,
            "method": s.method,
            "pattern": s.pattern,
            "size": s.size,
            "carry": s.carry,
        }
        for s in stages
    ]


class CutForm(forms.Form):
    """Make the cut: wild cards, the players chosen at a tie, and the director's words."""

    wild_cards = forms.MultipleChoiceField(
        label=_("Wild cards"),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
        help_text=_(
            "Players who go through whatever their rank; the cut then takes that many "
            "fewer by rank. Hold Ctrl (⌘ on a Mac) to pick more than one."
        ),
    )
    chosen = forms.MultipleChoiceField(
        label=_("Chosen at the tie"), required=False, widget=forms.CheckboxSelectMultiple
    )
    # At a tie on everything (issue #34): how the players were named, shown on the public page.
    tie_method = forms.ChoiceField(
        label=_("How the tie was decided"),
        choices=[(Stage.CutMethod.LOT, _("By lot")), (Stage.CutMethod.CHOICE, _("My choice"))],
        required=False,
        widget=forms.RadioSelect,
    )
    tie_reason = PlainTextField(
        label=_("Why these players"),
        max_length=Stage._meta.get_field("cut_reason").max_length,
        required=False,
        help_text=_(
            "Needed for your choice, shown on the public standings with the cut "
            "(e.g. “the host club's rule 4.2”); optional for a lot."
        ),
    )
    reason = PlainTextField(
        label=_("Reason"),
        max_length=80,
        required=False,
        help_text=_("Kept in the log, e.g. “top 16 by the rules, wild card for the host”."),
    )

    def __init__(self, *args, rows=(), tie=(), **kwargs):
        super().__init__(*args, **kwargs)
        names = {row["registration"]: row["player"] for row in rows}
        self.fields["wild_cards"].choices = [
            (str(row["registration"]), f"{row['rank']}. {row['player']}")
            for row in rows
            if not row["withdrawn"]
        ]
        self.fields["chosen"].choices = [(str(p), names.get(p, p)) for p in tie]

    def clean(self):
        """A tie settled by name must say how; a choice must say why (each error on its field)."""
        data = super().clean()
        if not data.get("chosen"):
            return data
        method = data.get("tie_method")
        if not method:
            self.add_error("tie_method", _("Say whether lots were drawn or you chose."))
        elif method == Stage.CutMethod.CHOICE and not data.get("tie_reason"):
            self.add_error("tie_reason", _("Say why you chose them; it is shown with the cut."))
        return data

    def registrations(self, name: str) -> list[int]:
        return [int(value) for value in self.cleaned_data.get(name) or ()]


class UndoCutForm(forms.Form):
    reason = PlainTextField(
        label=_("Reason"),
        max_length=80,
        help_text=_("Kept in the log, e.g. “wrong round counted”."),
    )
