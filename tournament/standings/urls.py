"""Staff standings pages and downloads, under ``/manage/<slug>/``.

One address per registered export format (``exporters``), named
``staff_<code>``: the formats are read from the registry when this map is
built, after the app registered the built-in ones (``installed``).
"""

from django.urls import path

from tournament.standings import views
from tournament.standings.exporters import STAFF, exporters

app_name = "standings"

urlpatterns = [
    path("<slug:slug>/standings/", views.staff_standings, name="staff"),
    path(
        "<slug:slug>/round/<int:number>/publish-results/",
        views.round_publish_results,
        name="publish_results",
    ),
    *(
        path(
            f"<slug:slug>/{exporter.path(STAFF)}",
            views.staff_download,
            {"code": exporter.code},
            name=f"staff_{exporter.code}",
        )
        for exporter in exporters(STAFF)
    ),
]
