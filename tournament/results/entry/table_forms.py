"""Forms of the judge's table page other than the hand entry (``entry_forms``).

Every form that changes the sheet carries ``base_version``: the head version
the page was rendered from, so a save on top of someone else's is caught as
a conflict by the service. No form saves anything: the views call services.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.core.seats import SEATS
from scoring.core.tiles import squash_spaces
from tournament.events.bounds import FINAL_SCORE, LEFTOVER_STICKS, PENALTY, integer_field
from tournament.formatting import points as points_text
from tournament.results.entry.field_errors import unplaced
from tournament.results.entry.forms import tiles_field
from tournament.results.models import Penalty, Ruling
from tournament.results.sheet.rulings import consequences, default_scope

_RULING = re.compile(r"^rulings\[(\d+)\]$")
# Every path holds a final score to the same bound (``tournament.events.bounds``).
FINAL_SCORE_LIMIT = FINAL_SCORE.high


class SheetChangeForm(forms.Form):
    base_version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    reason = forms.CharField(label=_("Reason for the correction"), required=False, max_length=200)

    def field_for(self, field: str, index: int | None = None) -> str | None:
        """The input a replay error (``penalties[0].points``) belongs to, or None (top)."""
        name = (field or "").split(".")[-1].split("[")[0]
        return name if name in self.fields and name != "base_version" else None

    def add_sheet_error(self, field: str, message: str, index: int | None = None) -> None:
        """The error next to its input, the sentence alone (``field_errors.unplaced``)."""
        target = self.field_for(field, index)
        self.add_error(target, unplaced(message) if target else message)


class RulingForm(SheetChangeForm):
    kind = forms.ChoiceField(label=_("Ruling"), choices=Ruling.Kind.choices)
    player = forms.ChoiceField(label=_("Player"), choices=[(s, s) for s in SEATS])
    decision = forms.CharField(
        label=_("Decision"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("What happened and what follows, as you told the table."),
    )
    rule_reference = forms.CharField(
        label=_("Rule"),
        required=False,
        max_length=100,
        help_text=_("Left empty: the ruleset's rule for this kind of ruling."),
    )
    points = integer_field(
        PENALTY,
        label=_("Penalty points"),
        required=False,
        help_text=_("0 or less. Left empty: what the ruleset fixes (e.g. MCR false win −30)."),
    )
    distribution = forms.ChoiceField(
        label=_("Who receives the points"),
        required=False,
        choices=[("", _("As the ruleset says"))] + list(Penalty.Distribution.choices),
    )
    scope = forms.ChoiceField(
        label=_("Where the penalty counts"),
        required=False,
        choices=[("", _("As the ruleset says"))] + list(Penalty.Scope.choices),
    )
    after_hand = forms.IntegerField(
        label=_("During hand number"), required=False, min_value=1, max_value=99
    )
    tiles = tiles_field(_("Penalty tiles"))

    def __init__(self, *args, number: int = 1, in_progress: int = 1, **kwargs):
        """``number``: this ruling's number on the page (from 1), to tell its errors apart;
        ``in_progress``: the hand being played now (one more than those entered)."""
        # Its inputs share the page with the hand form: ids of their own.
        super().__init__(*args, auto_id="ruling_%s", **kwargs)
        self.number = number
        self.fields["after_hand"].help_text = _(
            "Hands count from 1; the hand being played now is hand %(n)s."
        ) % {"n": in_progress}

    def field_for(self, field: str, index: int | None = None) -> str | None:
        head = (field or "").split(".")[0]
        if head.startswith("hands["):
            return None
        ruling = _RULING.match(head)
        if ruling and int(ruling.group(1)) + 1 != self.number:
            return None  # an earlier ruling's problem: at the top of the form
        return super().field_for(field, index)

    def rules_points(self, event) -> str | None:
        """Where the rules fix this ruling's points and the judge typed another number.

        Zung Jung §6: a false win (or penalty tiles) costs no points. The
        ruling is then recorded with the rules' points, not the typed ones,
        and the words returned say so, for the page to show with "Ruling
        recorded" (issue #35: a number the rules override is never dropped
        without a word). None when nothing is overridden. The API does not
        ask: a typed number the rules refuse is refused there, with its reason.
        """
        data = self.cleaned_data
        typed = data.get("points")
        if typed is None:
            return None
        follows = consequences(event, data["kind"], data["player"])
        fixed = {p["points"] for p in follows["penalties"]}
        if not follows["fixed_points"] or fixed == {typed}:
            return None
        data["points"] = None
        return _(
            "Recorded with %(points)s points, not %(typed)s: the rules fix the points "
            "of this ruling (%(rule)s)."
        ) % {
            "points": ", ".join(points_text(p) for p in sorted(fixed)) or points_text(0),
            "typed": points_text(typed),
            "rule": follows["rule_reference"],
        }

    def service_kwargs(self, event) -> dict:
        """``record_ruling``'s arguments: the judge's choices over the ruleset's consequences."""
        data = self.cleaned_data
        kind, player = data["kind"], data["player"]
        follows = consequences(event, kind, player)
        penalties = [dict(p) for p in follows["penalties"]]
        if data.get("points") is not None:
            if not penalties:
                penalties = [
                    {
                        "player": player,
                        "points": 0,
                        "scope": default_scope(event),
                        "distribution": "none",
                    }
                ]
            for penalty in penalties:
                penalty["points"] = data["points"]
        for penalty in penalties:
            if data.get("scope"):
                penalty["scope"] = data["scope"]
            if data.get("distribution"):
                penalty["distribution"] = data["distribution"]
        return {
            "kind": kind,
            "player": player,
            "decision": data["decision"],
            "rule_reference": data.get("rule_reference") or follows["rule_reference"],
            "after_hand": data.get("after_hand"),
            "tiles": squash_spaces(data.get("tiles")),
            "penalties": penalties,
            "hand_entry": follows["hand_entry"],
            "reason": data.get("reason") or "",
        }


class VoidRulingForm(SheetChangeForm):
    key = forms.UUIDField(widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Why is it cancelled?"), max_length=200)


class FinalScoresForm(SheetChangeForm):
    """The session's final scores only (an event or a table that keeps no hand rows)."""

    leftover_sticks = integer_field(
        LEFTOVER_STICKS, label=_("Riichi sticks left on the table"), initial=0
    )

    def __init__(self, *args, sticks: bool, seats, **kwargs):
        """``sticks``: the family asks for the sticks left on the table (``final_sticks``)."""
        super().__init__(*args, auto_id="final_%s", **kwargs)
        for seat in SEATS:
            self.fields[f"score_{seat}"] = integer_field(FINAL_SCORE, label=seats.get(seat) or seat)
        if not sticks:
            del self.fields["leftover_sticks"]
        self.sticks = sticks

    def scores(self) -> dict:
        return {seat: self.cleaned_data[f"score_{seat}"] for seat in SEATS}

    def field_for(self, field: str, index: int | None = None) -> str | None:
        seat = (field or "").split(".")[-1]
        if field.startswith("final_scores.") and seat in SEATS:
            return f"score_{seat}"
        return super().field_for(field, index)


class VersionForm(forms.Form):
    """Submit or confirm: the version the page showed, so nobody confirms what they did not see."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # Issue #19: a session that is not complete is submitted only when the
    # judge says it ended early (time); the view refuses it otherwise.
    ended_early = forms.BooleanField(
        required=False, label=_("The session ended early (time): submit anyway")
    )
