"""The API's JSON reader: a body too deep or too large is a 400 in the error shape (issue #32, L1).

Why: DRF's ``JSONParser`` hands the body to Python's ``json``, which recurses
into nested arrays; a body of a thousand ``[`` ended in a ``RecursionError``,
a 500 HTML page. And DRF reads the whole body (``request.body``) before its
JSON parser runs, so one larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` became
Django's 400 HTML page. This parser reads the body itself, at most one byte
past the limit, and refuses:

- a body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (Django's 2.5 MB unless
  the settings say otherwise): 400, code ``too_large``;
- a body nested more than :data:`~tournament.events.bounds.JSON_MAX_DEPTH`
  levels (a hand entry nests about six): 400, code ``parse_error``, whether
  Python's reader gave up or a shallower body would break what copies it later;
- anything that is not JSON, as DRF does: 400, code ``parse_error``.

Each refusal is an API exception, so ``tournament.api.errors`` writes it as
``{"errors": [{"code", "field": null, "message"}]}`` in the reader's language.
It is the API's default parser (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``).
"""

from __future__ import annotations

import io

from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from rest_framework import exceptions, parsers, renderers, status

from tournament.events.bounds import JSON_MAX_DEPTH


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "too_large"


def too_large() -> BodyTooLarge:
    """The refusal of a body larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE``."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
    return BodyTooLarge(
        _("The request body is larger than %(limit)s, the most this API reads.")
        % {"limit": filesizeformat(limit)}
    )


class JSONBodyParser(parsers.BaseParser):
    """``application/json``, read within the size and depth bounds (see the module doc).

    Not a subclass of DRF's ``JSONParser`` on purpose: DRF reads ``request.body``
    (and Django refuses it past the limit, outside any parser) for that class only.
    """

    media_type = "application/json"
    renderer_class = renderers.JSONRenderer

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        data = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(data) > limit:
            raise too_large()
        try:
            parsed = parsers.JSONParser().parse(io.BytesIO(data), media_type, parser_context)
        except RecursionError:
            parsed = None
            deep = True
        else:
            deep = nesting_exceeds(parsed, JSON_MAX_DEPTH)
        if deep:
            raise exceptions.ParseError(
                _("The request body is nested more than %(levels)s levels deep.")
                % {"levels": JSON_MAX_DEPTH}
            )
        return parsed


def nesting_exceeds(value, levels: int) -> bool:
    """Whether ``value`` nests arrays and objects more than ``levels`` deep (without recursing)."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            if depth > levels:
                return True
            children = item.values() if isinstance(item, dict) else item
            todo.extend((child, depth + 1) for child in children)
    return False
