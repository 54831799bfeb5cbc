"""Public standings downloads, under ``/e/<slug>/``: no login, published rounds only.

Included from ``tournament/urls.py`` before the public pages. One address per
registered export format offered to the public (``exporters``), named by its code.
"""

from django.urls import path

from tournament.standings import views
from tournament.standings.exporters import PUBLIC, exporters

app_name = "public_standings"

urlpatterns = [
    path(
        f"e/<slug:slug>/{exporter.path(PUBLIC)}",
        views.public_download,
        {"code": exporter.code},
        name=exporter.code,
    )
    for exporter in exporters(PUBLIC)
]
