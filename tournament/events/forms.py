"""Forms of the director's pages. They check input; the services do the work.

No form saves anything itself: a view calls the service with the cleaned data,
and a refusal from the service is shown on the form.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from tournament.events.errors import EventError
from tournament.events.models import Event, Registration, StaffRole
from tournament.events.plain_text import CsvTextField, PlainTextField
from tournament.events.rules import ruleset_choices
from tournament.events.services import SLUG_RE, check_ruleset


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
        help_text=_(
            'A JSON object of settings that differ from the preset, e.g. {"kiriage": false}.'
        ),
    )
    start_date = forms.DateField(label=_("First day"), widget=DateInput)
    end_date = forms.DateField(label=_("Last day"), widget=DateInput)
    hands_per_session = forms.IntegerField(
        label=_("Hands per session"), required=False, min_value=1, max_value=100
    )
    time_limit_minutes = forms.IntegerField(
        label=_("Time limit (minutes)"), required=False, min_value=1, max_value=600
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

    def clean_slug(self):
        slug = self.cleaned_data["slug"].strip()
        if not SLUG_RE.match(slug):
            raise forms.ValidationError(_("Use lowercase letters, digits and hyphens only."))
        if Event.objects.filter(slug=slug).exists():
            raise forms.ValidationError(_("Another event already uses this short name."))
        return slug

    def clean_entry_level(self):
        return self.cleaned_data.get("entry_level") or "value"

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
            raise forms.ValidationError(_('Write a JSON object, such as {} or {"kiriage": false}.'))
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
        help_text=_("UTF-8, with the header row name,club,country,ema_id,status."),
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
    name = PlainTextField(label=_("Name"), max_length=200)
    club = PlainTextField(label=_("Club"), max_length=200, required=False)
    country = forms.CharField(
        label=_("Country"),
        max_length=2,
        required=False,
        help_text=_("Two letters, e.g. JP, CN, DE."),
        widget=forms.TextInput(attrs={"size": 3, "autocapitalize": "characters"}),
    )
    ema_id = forms.CharField(label=_("EMA id"), max_length=20, required=False)
    group = PlainTextField(
        label=_("Group"),
        max_length=200,
        required=False,
        help_text=_("Team kept apart when seating; empty means the club."),
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
    reason = forms.CharField(label=_("Reason"), max_length=80, required=False)


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
