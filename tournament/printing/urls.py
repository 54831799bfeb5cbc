"""Print jobs, under ``/manage/<slug>/print/``."""

from django.urls import path

from tournament.printing import views

app_name = "printing"

urlpatterns = [
    path("<slug:slug>/print/", views.job_list, name="jobs"),
    path("<slug:slug>/print/start/", views.job_start, name="start"),
    path("<slug:slug>/print/<uuid:job_uuid>/", views.job_detail, name="job"),
    path("<slug:slug>/print/<uuid:job_uuid>/status/", views.job_status, name="status"),
    path("<slug:slug>/print/<uuid:job_uuid>/cancel/", views.job_cancel, name="cancel"),
    path("<slug:slug>/print/<uuid:job_uuid>/download/", views.job_download, name="download"),
]
