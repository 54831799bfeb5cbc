"""Routes of the staff API under ``/api/v1/manage/`` (a token; each view's own permission)."""

from django.urls import path

from tournament.api.staff import results_views
from tournament.api.staff import sheet_views as sheet
from tournament.api.staff import views as v

EVENT = "events/<slug:slug>/"
ROUND = EVENT + "rounds/<int:number>/"
TABLE = ROUND + "tables/<int:table>/"
HAND = TABLE + "hands/<int:hand>/"
RULING = TABLE + "rulings/<uuid:key>/"

urlpatterns = [
    path("events/", v.EventCreateView.as_view(), name="manage-events"),
    path(EVENT, v.EventDetailView.as_view(), name="manage-event"),
    path(EVENT + "start/", v.EventStartView.as_view(), name="manage-event-start"),
    path(EVENT + "players/", v.PlayersView.as_view(), name="manage-players"),
    path(EVENT + "staff/", v.StaffRolesView.as_view(), name="manage-staff"),
    path(EVENT + "rounds/", v.RoundsView.as_view(), name="manage-rounds"),
    path(ROUND, v.RoundDetailView.as_view(), name="manage-round"),
    path(ROUND + "publish/", v.RoundPublishView.as_view(), name="manage-round-publish"),
    path(ROUND + "results/publish/", v.ResultsPublishView.as_view(), name="manage-results-publish"),
    path(ROUND + "results/", results_views.BulkResultsView.as_view(), name="manage-round-results"),
    path(TABLE + "sheet/", sheet.SheetDetailView.as_view(), name="manage-sheet"),
    path(TABLE + "hands/", sheet.HandsView.as_view(), name="manage-hands"),
    path(HAND, sheet.HandView.as_view(), name="manage-hand"),
    path(HAND + "remove/", sheet.HandRemoveView.as_view(), name="manage-hand-remove"),
    path(TABLE + "final-scores/", sheet.FinalScoresView.as_view(), name="manage-final-scores"),
    path(TABLE + "rulings/", sheet.RulingsView.as_view(), name="manage-rulings"),
    path(RULING + "void/", sheet.RulingVoidView.as_view(), name="manage-ruling-void"),
    path(TABLE + "submit/", sheet.SubmitView.as_view(), name="manage-submit"),
    path(TABLE + "confirm/", sheet.ConfirmView.as_view(), name="manage-confirm"),
    path(EVENT + "print-jobs/", v.PrintJobsView.as_view(), name="manage-print-jobs"),
    path(EVENT + "print-jobs/<int:job>/", v.PrintJobView.as_view(), name="manage-print-job"),
]
