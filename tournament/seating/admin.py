"""Admin for rounds, tables and seats, with their change history.

Directors seat and swap through the staff pages (``/manage/``), which keep the
rules; the admin is for looking and for repairs.
"""

from django.contrib import admin

from tournament.events.admin import HistoryAdmin  # reasons in the reader's language
from tournament.seating.models import Round, Seat, Table


class TableInline(admin.TabularInline):
    model = Table
    extra = 0


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["wind", "registration"]
    autocomplete_fields = ["registration"]


@admin.register(Round)
class RoundAdmin(HistoryAdmin):
    list_display = ["event", "number", "status", "method", "published_at"]
    list_filter = ["status", "event"]
    inlines = [TableInline]


@admin.register(Table)
class TableAdmin(HistoryAdmin):
    list_display = ["__str__", "round", "number", "label"]
    list_filter = ["round__event"]
    list_select_related = ["round__event"]
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(HistoryAdmin):
    list_display = ["registration", "round", "table", "wind"]
    list_filter = ["round__event", "wind"]
    list_select_related = ["registration__player", "round__event", "table"]
    autocomplete_fields = ["registration"]
