"""``/api/v1/``: the public reads, the staff writes under ``manage/``, the schema and its page."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from tournament.api.permissions import PUBLIC

app_name = "api"


class SchemaView(SpectacularAPIView):
    required_permission = PUBLIC


urlpatterns = [
    path("schema/", SchemaView.as_view(), name="schema"),
    path("", include("tournament.api.docs_urls")),
    path("", include("tournament.api.public_urls")),
    path("manage/", include("tournament.api.staff_urls")),
    path("", include("tournament.api.stats_urls")),
]
