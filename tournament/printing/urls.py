"""Print jobs, under ``/manage/<slug>/print/``."""

from django.urls import include, path

from tournament.printing import views

app_name = "printing"

# One job's pages, under ``print/<uuid>/``.
JOB = [
    path("", views.job_detail, name="job"),
    path("status/", views.job_status, name="status"),
    path("cancel/", views.job_cancel, name="cancel"),
    path("download/", views.job_download, name="download"),
]

urlpatterns = [
    path(
        "<slug:slug>/print/",
        include(
            [
                path("", views.job_list, name="jobs"),
                path("start/", views.job_start, name="start"),
                path("<uuid:job_uuid>/", include(JOB)),
            ]
        ),
    ),
]
