"""Admin for events, players and registrations, with their change history."""

from django import forms
from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from tournament.events.change_reasons import describe
from tournament.events.forms import LatinNameChecks
from tournament.events.models import Event, Player, Registration, StaffRole
from tournament.events.plain_text import NameTextField


class PlayerAdminForm(LatinNameChecks, forms.ModelForm):
    """The person: EMA id and Latin names (what is the same in every event)."""

    class Meta:
        model = Player
        fields = ["ema_id", "latin_first_name", "latin_last_name"]


class RegistrationAdminForm(forms.ModelForm):
    """Names, clubs, teams and groups go through the name rule here too (``plain_text``)."""

    class Meta:
        model = Registration
        fields = ["event", "player", "name", "club", "country", "status", "team", "group"]
        field_classes = {
            "name": NameTextField,
            "club": NameTextField,
            "team": NameTextField,
            "group": NameTextField,
        }


class HistoryAdmin(SimpleHistoryAdmin):
    """The change history, each record's reason (a stored code) in the reader's language."""

    def render_history_view(self, request, template, context, **kwargs):
        for record in context.get("page_obj") or ():
            # Only the page's copy: the record itself is never saved again.
            record.history_change_reason = describe(record.history_change_reason)
        return super().render_history_view(request, template, context, **kwargs)


class RegistrationInline(admin.TabularInline):
    model = Registration
    form = RegistrationAdminForm
    extra = 0
    autocomplete_fields = ["player"]


class StaffRoleInline(admin.TabularInline):
    model = StaffRole
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Event)
class EventAdmin(HistoryAdmin):
    list_display = ["name", "slug", "ruleset", "start_date", "end_date", "status", "is_public"]
    list_filter = ["status", "is_public", "ruleset"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["ruleset_config", "created_at", "updated_at"]
    fields = [
        "name",
        "slug",
        ("start_date", "end_date"),
        "ruleset",
        "ruleset_overrides",
        ("hands_per_session", "time_limit_minutes"),
        "status",
        "is_public",
        "ruleset_config",
        ("created_at", "updated_at"),
    ]
    date_hierarchy = "start_date"
    inlines = [StaffRoleInline, RegistrationInline]


@admin.register(Player)
class PlayerAdmin(HistoryAdmin):
    form = PlayerAdminForm
    list_display = ["__str__", "ema_id", "latin_first_name", "latin_last_name"]
    search_fields = ["ema_id", "latin_first_name", "latin_last_name", "registrations__name"]


@admin.register(Registration)
class RegistrationAdmin(HistoryAdmin):
    form = RegistrationAdminForm
    list_display = ["name", "event", "club", "country", "status", "team", "group"]
    list_filter = ["event", "status"]
    search_fields = ["name", "club", "team", "player__ema_id", "event__name"]
    autocomplete_fields = ["event", "player"]
    list_select_related = ["player", "event"]


@admin.register(StaffRole)
class StaffRoleAdmin(HistoryAdmin):
    list_display = ["user", "event", "role"]
    list_filter = ["role", "event"]
    search_fields = ["user__username", "event__name"]
    autocomplete_fields = ["event", "user"]
    list_select_related = ["user", "event"]
