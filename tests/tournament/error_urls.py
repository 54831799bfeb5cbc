"""Views that fail on purpose, for the error-page tests (``test_error_pages``)."""

from django.core.exceptions import SuspiciousOperation
from django.db import OperationalError
from django.urls import include, path


def broken(request):
    raise RuntimeError("a bug")


def database_down(request):
    raise OperationalError("connection to server failed")


def suspicious(request):
    raise SuspiciousOperation("a forged request")


urlpatterns = [
    path("broken/", broken),
    path("database-down/", database_down),
    path("suspicious/", suspicious),
    path("", include("tournament.urls")),
]
