"""Public standings downloads, under ``/e/<slug>/``: no login, published rounds only.

Included from ``tournament/urls.py`` before the public pages.
"""

from django.urls import path

from . import views

app_name = "public_standings"

urlpatterns = [
    path("e/<slug:slug>/standings.csv", views.public_download, {"kind": "csv"}, name="csv"),
    path("e/<slug:slug>/standings.xlsx", views.public_download, {"kind": "xlsx"}, name="xlsx"),
    path(
        "e/<slug:slug>/standings-ema.csv",
        views.public_download,
        {"kind": "ema_results"},
        name="ema_results",
    ),
    path("e/<slug:slug>/teams.csv", views.public_teams_download, {"kind": "csv"}, name="teams_csv"),
    path(
        "e/<slug:slug>/teams.json", views.public_teams_download, {"kind": "json"}, name="teams_json"
    ),
]
