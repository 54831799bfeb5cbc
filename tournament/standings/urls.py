"""Staff standings pages and downloads, under ``/manage/<slug>/``."""

from django.urls import path

from . import views

app_name = "standings"

urlpatterns = [
    path("<slug:slug>/standings/", views.staff_standings, name="staff"),
    path("<slug:slug>/standings.csv", views.staff_download, {"kind": "csv"}, name="staff_csv"),
    path("<slug:slug>/standings.xlsx", views.staff_download, {"kind": "xlsx"}, name="staff_xlsx"),
    path(
        "<slug:slug>/standings.ema.csv",
        views.staff_download,
        {"kind": "ema_results"},
        name="staff_ema_results",
    ),
    path(
        "<slug:slug>/round/<int:number>/publish-results/",
        views.round_publish_results,
        name="publish_results",
    ),
    path("<slug:slug>/standings.rounds.csv", views.staff_breakdown, name="staff_rounds"),
    path(
        "<slug:slug>/teams.csv", views.staff_teams_download, {"kind": "csv"}, name="staff_teams_csv"
    ),
    path(
        "<slug:slug>/teams.json",
        views.staff_teams_download,
        {"kind": "json"},
        name="staff_teams_json",
    ),
]
