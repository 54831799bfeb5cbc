"""Addresses of judge calls and table progress (issue #18).

Public (``e/…``): the players' table page and its call, the state of the
table's call, a round's progress. Judges (``j/<event>/<round>/calls…``, clear
of the results' ``j/<event>/<round>/<table>/``): the waiting calls as JSON,
take and resolve. Directors (``manage/<event>/…``): the calls' response times
and a round's progress as JSON. The call's id travels in the post, not in the
address.
"""

from django.urls import path

from tournament.hall.calls import progress_views
from tournament.hall.calls import views as calls_views

PUBLIC_TABLE = "e/<slug:slug>/round/<int:round_number>/table/<int:table_number>/"
JUDGES = "j/<slug:slug>/<int:round_number>/calls"

urlpatterns = [
    path(PUBLIC_TABLE, calls_views.table_public, name="table_public"),
    path(f"{PUBLIC_TABLE}call.json", calls_views.call_state, name="call_state"),
    path(f"{JUDGES}.json", calls_views.round_calls, name="round_calls"),
    path(f"{JUDGES}/take/", calls_views.take, name="call_take"),
    path(f"{JUDGES}/resolve/", calls_views.resolve, name="call_resolve"),
    path("manage/<slug:slug>/calls/", calls_views.report, name="calls_report"),
    path(
        "manage/<slug:slug>/round/<int:number>/progress.json",
        progress_views.staff_progress,
        name="progress_staff",
    ),
    path(
        "e/<slug:slug>/round/<int:number>/progress.json",
        progress_views.public_progress,
        name="progress_public",
    ),
]
