"""Result entry under ``/j/``: short, stable addresses (the printed sheet's QR code carries one).

``/j/<event>/<round>/<table>/`` is a table's page; everything else hangs off it.
"""

from django.urls import path

from tournament.results.online import views as online_views
from tournament.results.page import grid_views, history_views, views

app_name = "results"

TABLE = "<slug:slug>/<int:round_number>/<int:table_number>/"

urlpatterns = [
    path("<slug:slug>/<int:round_number>/", history_views.round_sheets, name="round"),
    path("<slug:slug>/<int:round_number>/grid/", grid_views.grid, name="grid"),
    path(
        "<slug:slug>/<int:round_number>/grid/confirm-all/",
        grid_views.confirm_all,
        name="grid_confirm_all",
    ),
    path(TABLE, views.table_page, name="table"),
    path(f"{TABLE}hand/", views.hand_add, name="hand_add"),
    path(f"{TABLE}hand/<int:number>/", views.hand_edit, name="hand_edit"),
    path(f"{TABLE}hand/<int:number>/remove/", views.hand_remove, name="hand_remove"),
    path(f"{TABLE}ruling/", views.ruling_add, name="ruling"),
    path(f"{TABLE}ruling/void/", views.ruling_void, name="ruling_void"),
    path(f"{TABLE}final/", views.final_scores, name="final"),
    path(f"{TABLE}submit/", views.submit, name="submit"),
    path(f"{TABLE}confirm/", views.confirm, name="confirm"),
    path(f"{TABLE}log/", online_views.game_log, name="game_log"),
    path(f"{TABLE}history/", history_views.history, name="history"),
    path(f"{TABLE}v<int:version>/", history_views.version, name="version"),
]
