"""``/api/v1/``: the public reads, the staff writes under ``manage/``, the schema and its page."""

from django.urls import include, path, re_path
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from tournament.api.permissions import PUBLIC
from tournament.api.public.etags import ETagMixin

app_name = "api"


class SchemaView(SpectacularAPIView):
    required_permission = PUBLIC


class RootSerializer(serializers.Serializer):
    version = serializers.CharField()
    docs = serializers.URLField(help_text="The API's page for people.")
    schema = serializers.URLField(help_text="The OpenAPI 3 schema (JSON).")
    events = serializers.URLField(help_text="The public events.")


class Root(ETagMixin, APIView):
    required_permission = PUBLIC

    @extend_schema(responses=RootSerializer)
    def get(self, request):
        """Where to start: the page for people, the schema, the public events."""
        return Response(
            {
                "version": "1",
                "docs": reverse("api:docs", request=request),
                "schema": reverse("api:schema", request=request) + "?format=json",
                "events": reverse("api:public-events", request=request),
            }
        )


@extend_schema(exclude=True)
class NoSuchAddress(APIView):
    """Any other address under /api/v1/: a 404 in the API's error shape, not an HTML page."""

    required_permission = PUBLIC

    def get(self, request, *args, **kwargs):
        raise NotFound(_("There is no such address in the API."))

    post = put = patch = delete = get


urlpatterns = [
    path("", Root.as_view(), name="root"),
    path("schema/", SchemaView.as_view(), name="schema"),
    path("", include("tournament.api.docs_urls")),
    path("", include("tournament.api.public.urls")),
    path("manage/", include("tournament.api.staff.urls")),
    path("", include("tournament.api.public.stats_urls")),
    # Any address, a newline in it too; not with (?s), which Django's reverse() cannot read
    # (every reverse() of the site would fail).
    re_path(r"^(?:[\s\S]*\n)?.*$", NoSuchAddress.as_view(), name="not_found"),
]
