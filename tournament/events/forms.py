"""Forms of the director's pages. They check input; the services do the work.

No form saves anything itself: a view calls the service with the cleaned data,
and a refusal from the service is shown on the form.
"""

from __future__ import annotations

import json
from contextlib import contextmanager

from django import forms
from django.contrib.auth import get_user_model
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from tournament.events.editing import description_of
from tournament.events.errors import EventError
from tournament.events.latin_names import clean_latin_name
from tournament.events.models import Event, Player, Registration, StaffRole, TimeLimitPolicy
from tournament.events.plain_text import CsvTextField, NameTextField, PlainTextField
from tournament.events.rules import option_example, options_help, options_helps, ruleset_choices
from tournament.events.services import SLUG_RE, check_ruleset, clean_player_fields


@contextmanager
def as_field_error():
    """A service's refusal (``EventError``) raised as the field's error, shown next to the field."""
    try:
        yield
    except EventError as error:
        raise forms.ValidationError(error.message) from None


class DateInput(forms.DateInput):
    input_type = "date"


# Options are a flat object whose values nest at most a table deep (a faan table,
# an uma row): anything deeper is a mistake or an attack, refused before any reader.
MAX_OPTION_DEPTH = 8


def nesting(value) -> int:
    """How deep arrays and objects nest in ``value`` (counted without recursion)."""
    deepest, stack = 0, [(value, 1)] if isinstance(value, dict | list) else []
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        children = item.values() if isinstance(item, dict) else item
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return deepest


class EventForm(forms.Form):
    name = forms.CharField(label=_("Event name"), max_length=200)
    slug = forms.CharField(
        label=_("Short name"),
        max_length=64,
        help_text=_("Used in web addresses: lowercase letters, digits and hyphens."),
    )
    ruleset = forms.ChoiceField(label=_("Ruleset"), choices=ruleset_choices)
    ruleset_overrides = forms.CharField(
        label=_("Ruleset overrides"),
        required=False,
        initial="{}",
        widget=forms.Textarea(attrs={"rows": 3, "spellcheck": "false", "class": "mono"}),
    )  # its help is the chosen ruleset's (__init__)
    start_date = forms.DateField(label=_("First day"), widget=DateInput)
    end_date = forms.DateField(label=_("Last day"), widget=DateInput)
    # On the create form too (issue #34): seating plans every round up to it from round 1.
    rounds_planned = forms.IntegerField(
        label=_("Number of rounds"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_("Shown to players as “Round 3 of 6”; not below a round already published."),
    )
    hands_per_session = forms.IntegerField(
        label=_("Hands per session"), required=False, min_value=1, max_value=100
    )
    time_limit_minutes = forms.IntegerField(
        label=_("Time limit (minutes)"), required=False, min_value=1, max_value=600
    )
    time_limit_policy = forms.ChoiceField(
        label=_("At time"),
        choices=Event._meta.get_field("time_limit_policy").choices,
        initial=TimeLimitPolicy.FINISH_CURRENT,
        required=False,
        help_text=_(
            "What happens when time is up, used only where the ruleset says nothing "
            "(riichi, MCR and Hong Kong rules say it themselves)."
        ),
    )
    entry_level = forms.ChoiceField(
        label=_("Result entry"),
        choices=Event._meta.get_field("entry_level").choices,
        initial="value",
        required=False,
        help_text=_("What judges enter by default; tiles and value can be switched per hand."),
    )
    is_public = forms.BooleanField(
        label=_("Show on the public pages"), required=False, initial=True
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset_overrides"].help_text = options_help(self.shown_ruleset())
        # Every ruleset's help, for static/js/ruleset-help.js to switch with the select.
        self.options_helps = options_helps()

    def shown_ruleset(self) -> str:
        """The ruleset the select shows: the one posted, else the initial one, else the first."""
        choices = [name for name, _label in self.fields["ruleset"].choices]
        for value in (self.data.get("ruleset"), self.initial.get("ruleset")):
            if value in choices:
                return value
        return choices[0]

    def clean_slug(self):
        slug = self.cleaned_data["slug"].strip()
        if not SLUG_RE.match(slug):
            raise forms.ValidationError(_("Use lowercase letters, digits and hyphens only."))
        if Event.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("Another event already uses this short name."))
        return slug

    def clean_entry_level(self):
        return self.cleaned_data.get("entry_level") or "value"

    def clean_time_limit_policy(self):
        return self.cleaned_data.get("time_limit_policy") or TimeLimitPolicy.FINISH_CURRENT

    def clean_ruleset_overrides(self):
        text = self.cleaned_data["ruleset_overrides"].strip() or "{}"
        too_deep = forms.ValidationError(
            _("The options nest more than %(levels)s levels deep; no option does.")
            % {"levels": MAX_OPTION_DEPTH}
        )
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                _("This is not valid JSON: %(error)s (line %(line)s, column %(column)s).")
                % {"error": error.msg, "line": error.lineno, "column": error.colno}
            ) from error
        except RecursionError:  # thousands of "[": Python's reader gives up (was a 500)
            raise too_deep from None
        if nesting(value) > MAX_OPTION_DEPTH:
            raise too_deep
        if not isinstance(value, dict):
            raise forms.ValidationError(
                _("Write a JSON object, such as {} or %(example)s.")
                % {"example": option_example(self.shown_ruleset())}
            )
        return value

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The event cannot end before it starts."))
        if "ruleset" in data and "ruleset_overrides" in data:
            try:
                check_ruleset(data["ruleset"], data["ruleset_overrides"])
            except EventError as error:
                self.add_error("ruleset_overrides", error.message)
        return data


class ImportForm(forms.Form):
    hide_optional = True  # one of the two is needed: neither is "optional"

    file = forms.FileField(
        label=_("CSV file"),
        required=False,
        help_text=_("UTF-8, with the header row name,club,country,ema_id,status (team: optional)."),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}),
    )
    text = CsvTextField(
        label=_("Or paste the CSV here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "mono"}),
    )

    def clean(self):
        data = super().clean()
        if not data.get("file") and not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Choose a CSV file or paste its contents."))
        return data


class PlayerForm(forms.Form):
    name = NameTextField(label=_("Name"), max_length=200)
    club = NameTextField(label=_("Club"), max_length=200, required=False)
    country = forms.CharField(
        label=_("Country"),
        max_length=2,
        required=False,
        help_text=_("Two letters, e.g. JP, CN, DE."),
        widget=forms.TextInput(attrs={"size": 3, "autocapitalize": "characters"}),
    )
    ema_id = forms.CharField(label=_("EMA id"), max_length=20, required=False)
    team = NameTextField(
        label=_("Team"),
        max_length=200,
        required=False,
        help_text=Registration._meta.get_field("team").help_text,
    )
    group = NameTextField(
        label=_("Group"),
        max_length=200,
        required=False,
        help_text=_("Also kept apart when seating, after the team; empty means the club."),
    )
    status = forms.ChoiceField(
        label=_("Status"),
        choices=[
            (Registration.Status.ACTIVE, _("Active")),
            (Registration.Status.SUBSTITUTE, _("Substitute")),
        ],
        initial=Registration.Status.ACTIVE,
    )


class DropForm(forms.Form):
    """Withdrawing a player: the page asks for the reason, kept in the history (issue #34)."""

    reason = PlainTextField(
        label=_("Reason"),
        max_length=80,
        help_text=_("Kept in the player's history, e.g. “train home after round 4”."),
    )


class RoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=StaffRole.Role.choices)

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(
                _("There is no user “%(username)s”.") % {"username": username}
            )
        self.cleaned_data["user"] = user
        return username


class EventEditForm(EventForm):
    """The event's settings after creation: no short name (printed QR codes use it).

    Its rules (ruleset, options) are shown but refused once the event has
    started, with the reason next to the field.
    """

    player_entry = forms.BooleanField(
        label=_("Players enter results"),
        required=False,
        help_text=Event._meta.get_field("player_entry").help_text,
    )
    # Issue #21: the team rankings; labels and help are the model's (translated there).
    team_sum_all = forms.BooleanField(
        label=capfirst(Event._meta.get_field("team_sum_all").verbose_name),
        required=False,
        help_text=Event._meta.get_field("team_sum_all").help_text,
    )
    team_best_n = forms.IntegerField(
        label=capfirst(Event._meta.get_field("team_best_n").verbose_name),
        required=False,
        min_value=1,
        max_value=100,
        help_text=Event._meta.get_field("team_best_n").help_text,
    )

    field_order = [
        "name",
        "start_date",
        "end_date",
        "is_public",
        "rounds_planned",
        "hands_per_session",
        "time_limit_minutes",
        "time_limit_policy",
        "entry_level",
        "player_entry",
        "team_sum_all",
        "team_best_n",
        "ruleset",
        "ruleset_overrides",
    ]

    def __init__(self, *args, event: Event, **kwargs):
        self.event = event
        kwargs.setdefault(
            "initial",
            {
                **description_of(event),
                "player_entry": event.player_entry,
                "team_sum_all": event.team_sum_all,
                "team_best_n": event.team_best_n,
                "ruleset": event.ruleset,
                "ruleset_overrides": json.dumps(event.ruleset_overrides, ensure_ascii=False),
            },
        )
        super().__init__(*args, **kwargs)
        del self.fields["slug"]
        self.order_fields(self.field_order)
        if event.status != Event.Status.DRAFT:
            fixed = _("Fixed since the event started.")
            self.fields["ruleset"].help_text = fixed
            self.fields["ruleset_overrides"].help_text = fixed

    def clean(self):
        data = forms.Form.clean(self)
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The event cannot end before it starts."))
        if "ruleset" not in data or "ruleset_overrides" not in data:
            return data
        unchanged = (
            data["ruleset"] == self.event.ruleset
            and data["ruleset_overrides"] == self.event.ruleset_overrides
        )
        if unchanged:
            return data
        if self.event.status != Event.Status.DRAFT:
            field = "ruleset" if data["ruleset"] != self.event.ruleset else "ruleset_overrides"
            self.add_error(
                field,
                _("The event has started: its ruleset and options can no longer change."),
            )
            return data
        try:
            check_ruleset(data["ruleset"], data["ruleset_overrides"], data.get("hands_per_session"))
        except EventError as error:
            self.add_error("ruleset_overrides", error.message)
        return data


class LatinNameChecks:
    """A form's two Latin-name fields through the name rule, each refusal next to its field.

    Why one mixin: the staff's player form and the admin's check them alike.
    """

    def _latin(self, field: str) -> str:
        with as_field_error():
            return clean_latin_name(str(self.fields[field].label), self.cleaned_data[field])

    def clean_latin_first_name(self):
        return self._latin("latin_first_name")

    def clean_latin_last_name(self):
        return self._latin("latin_last_name")


# A name that passes, so that one other field is checked alone by clean_player_fields.
PLACEHOLDER_NAME = "-"


class PlayerEditForm(LatinNameChecks, forms.Form):
    """A player's details, team and seating group; the reason is kept in the history."""

    name = NameTextField(label=_("Name"), max_length=200, help_text=_("In any script."))
    latin_first_name = PlainTextField(
        label=_("First name (Latin letters)"), max_length=100, required=False
    )
    latin_last_name = PlainTextField(
        label=_("Last name (Latin letters)"),
        max_length=100,
        required=False,
        help_text=_("As the EMA and rating lists write it, e.g. Sato for 佐藤."),
    )
    # Issue #34: which word of a Latin name is the family name (tournament.events.name_order).
    name_order = forms.ChoiceField(
        label=_("Name order"),
        choices=Player.NameOrder.choices,
        required=False,
        help_text=_(
            "How a name in Latin letters is split into family and given names (the EMA "
            "file). As the country says: family name first for CN, JP, KR and VN."
        ),
    )
    club = NameTextField(label=_("Club"), max_length=200, required=False)
    country = PlayerForm.base_fields["country"]
    ema_id = forms.CharField(label=_("EMA id"), max_length=20, required=False)
    team = PlayerForm.base_fields["team"]
    group = PlayerForm.base_fields["group"]
    reason = PlainTextField(
        label=_("Reason"),
        max_length=80,
        required=False,
        help_text=_("Why it changes, for the history (optional)."),
    )

    def _checked(self, field):
        """The field as ``clean_player_fields`` checks it, its refusal next to the field."""
        value = self.cleaned_data[field]
        with as_field_error():
            return clean_player_fields(PLACEHOLDER_NAME, **{field: value})[field]

    def clean_country(self):
        return self._checked("country")

    def clean_name_order(self):
        """Left out (an older page or client): the order stays as it is."""
        return self.cleaned_data["name_order"] or None

    def clean_ema_id(self):
        return self._checked("ema_id")


class StaffAccountForm(forms.Form):
    """A new login for the event's staff: a password typed now, or a one-time link."""

    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"), choices=StaffRole.Role.choices, initial=StaffRole.Role.JUDGE
    )
    password = forms.CharField(
        label=_("Password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Leave empty to get a one-time link instead, where they choose their own."),
    )

    def clean_username(self):
        from tournament.events.staff_accounts import check_username

        with as_field_error():
            return check_username(self.cleaned_data["username"])

    def clean(self):
        from tournament.events.staff_accounts import check_password

        data = super().clean()
        if data.get("password") and data.get("username"):
            User = get_user_model()
            try:
                check_password(data["password"], User(**{User.USERNAME_FIELD: data["username"]}))
            except EventError as error:
                for problem in error.problems or [error.message]:
                    self.add_error("password", problem)
        return data


class RemoveRoleForm(forms.Form):
    confirm = forms.BooleanField(label=_("Yes, remove this role"), required=True)


class LatinPasteForm(forms.Form):
    """Many players' Latin names: one line each, the name, a tab or comma, the Latin name."""

    text = CsvTextField(
        label=_("Names and Latin names"),
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false", "class": "mono"}),
        help_text=_(
            "One player per line: the name as registered (or the player id), a tab or a "
            "comma, then the name in Latin letters."
        ),
    )


class ReasonForm(forms.Form):
    """The director's words for an action that needs them (kept in the history)."""

    reason = PlainTextField(label=_("Reason"), max_length=80)
