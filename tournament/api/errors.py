"""Every refusal of the API in one shape, with the engine's codes and the reader's language.

::

    {"errors": [{"code": "wrong_tile_count", "field": "hands[2].hand",
                 "message": "Hand 3, tiles: the hand has the wrong number of tiles."}]}

``code`` is stable (the engine's, or DRF's for malformed requests), ``field``
the input it names (``null`` when none), ``message`` a sentence in the
language of ``Accept-Language`` (LocaleMiddleware chooses it). The services'
own exceptions are mapped here, so a view just calls the service.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, RequestDataTooBig, ValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from tournament.api.parsers import too_large
from tournament.events.errors import EventError
from tournament.results.sheet.errors import AlreadySaved, NotAllowed, SheetConflict, SheetInputError


def error(code: str, message, field: str | None = None) -> dict:
    return {"code": code, "field": field, "message": str(message)}


def body(*errors: dict, **extra) -> dict:
    return {"errors": list(errors), **extra}


def _drf_errors(detail, field: str | None = None) -> list[dict]:
    """DRF's nested validation detail, flattened to one error per message with its field path."""
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            # A nested serializer's own error (an empty list) belongs to the field holding it.
            name = field if key == "non_field_errors" else (f"{field}.{key}" if field else key)
            out.extend(_drf_errors(value, name))
        return out
    if isinstance(detail, list):
        out = []
        for i, value in enumerate(detail):
            if isinstance(value, dict | list) and not isinstance(value, exceptions.ErrorDetail):
                out.extend(_drf_errors(value, f"{field}[{i}]" if field else f"[{i}]"))
            else:
                out.extend(_drf_errors(value, field))
        return out
    return [error(getattr(detail, "code", "invalid") or "invalid", detail, field)]


def exception_handler(exc, context):
    """DRF's hook: the services' exceptions first, then DRF's own, all in one shape."""
    if isinstance(exc, AlreadySaved):
        # Idempotent replay: the same one-time key again answers with what was saved.
        sheet = exc.sheet
        return Response(
            body(error("already_saved", exc), version=sheet.version),
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, SheetConflict):
        return Response(
            body(
                error("stale_version", exc, "base_version"),
                version=exc.theirs.version,
                kept_as=exc.mine.version,
            ),
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, SheetInputError):
        return Response(body(error(exc.code, exc, exc.field)), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, NotAllowed):
        return Response(body(error("not_allowed", exc)), status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, EventError):
        field = getattr(exc, "field", None)
        code = getattr(exc, "code", None) or "refused"
        problems = [error(code, p, field) for p in exc.problems] or [error(code, exc, field)]
        return Response(body(*problems), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ValidationError):
        errors = (
            [
                error(e.code or "invalid", m, None if f == "__all__" else f)
                for f, msgs in exc.error_dict.items()
                for e in msgs
                for m in e.messages
            ]
            if hasattr(exc, "error_dict")
            else [error(exc.code or "invalid", m) for m in exc.messages]
        )
        return Response(body(*errors), status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        exc = too_large()  # Django's own refusal of a body, read past the API's parser
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(_("Not found."))
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_handler(exc, context)
    if response is None:
        return None  # a real server error: Django's 500 handling and logs
    if isinstance(exc, exceptions.ValidationError):
        response.data = body(*_drf_errors(exc.detail))
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        code = getattr(exc, "default_code", "error")
        if isinstance(detail, dict | list):
            response.data = body(*_drf_errors(detail))
        else:
            response.data = body(error(getattr(detail, "code", code) or code, detail))
    return response
