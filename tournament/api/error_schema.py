"""The one error body of the API, as a serializer, so the schema documents every refusal.

The exception handler (``tournament.api.errors``) writes this shape; views
declare it on their 400/401/403/404/409 answers with :data:`ERRORS`.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorItemSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable code: the engine's, or DRF's.")
    field = serializers.CharField(allow_null=True, help_text="The input it names, or null.")
    message = serializers.CharField(help_text="A sentence in the language of Accept-Language.")


class ErrorSerializer(serializers.Serializer):
    errors = ErrorItemSerializer(many=True)


class ConflictSerializer(ErrorSerializer):
    """409: a stale ``base_version`` (the entry kept as a conflict version) or a refused replay."""

    version = serializers.IntegerField(required=False, help_text="The sheet's head version now.")
    kept_as = serializers.IntegerField(
        required=False, help_text="The conflict version your entry was kept as."
    )


def _described(text: str, serializer=ErrorSerializer) -> OpenApiResponse:
    return OpenApiResponse(response=serializer, description=text)


BAD_INPUT = _described("Bad input: each error names its field.")
UNAUTHENTICATED = _described("No token, or a revoked or expired one (code token_expired).")
FORBIDDEN = _described(
    "The token's user may not do this in this event, or the token is kept to another event "
    "(code token_scope)."
)
NOT_FOUND = _described("No such event, round, table or hand.")
CONFLICT = _described(
    "Someone saved first: the entry is kept as a conflict version.", ConflictSerializer
)

# The refusals every staff view can give.
ERRORS = {400: BAD_INPUT, 401: UNAUTHENTICATED, 403: FORBIDDEN, 404: NOT_FOUND}
# And a sheet write's conflict.
SHEET_ERRORS = {**ERRORS, 409: CONFLICT}
