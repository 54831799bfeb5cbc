"""Routes of this part of the API (see tournament.api.urls): the API's page for people."""

from django.urls import path

from tournament.api.docs_views import ApiDocsView

urlpatterns = [
    path("docs/", ApiDocsView.as_view(), name="docs"),
]
