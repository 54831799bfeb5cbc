"""The API's page for people (``/api/v1/docs/``), read off the live schema.

Why not Swagger UI or Redoc: both load scripts from a CDN (and run inline
code), which the site's Content-Security-Policy and the no-external-calls rule
forbid. This page is a plain Django template on the site's base, built from
the same OpenAPI document the schema URL serves, so it cannot drift from the
serializers that validate. Who may call an operation is read from the view's
``required_permission`` (tournament.api.permissions), translated into roles.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import View
from drf_spectacular.generators import EndpointEnumerator, SchemaGenerator

from tournament.api.permissions import CREATE_EVENTS, PUBLIC
from tournament.events.models import StaffRole
from tournament.events.permissions import PERMISSIONS

METHODS = ("get", "post", "put", "patch", "delete")
_PLACEHOLDER = re.compile(r"\{[^}]*\}")


def _shape(path: str) -> str:
    """A path with its parameters blanked, so enumerator and schema paths match."""
    return _PLACEHOLDER.sub("{}", path)


def permission_for(view, method: str) -> str | None:
    """What ``view`` needs for ``method``: a staff view's reads may need less (read_permission)."""
    if method.lower() in ("get", "head") and getattr(view, "read_permission", None):
        return view.read_permission
    return getattr(view, "required_permission", None)


def permissions_by_operation() -> dict[tuple[str, str], str | None]:
    """(path shape, method) -> the view's permission for it (None when it declares none)."""
    found = {}
    for path, _regex, method, callback in EndpointEnumerator().get_api_endpoints():
        view = getattr(callback, "cls", None)
        found[(_shape(path), method.lower())] = permission_for(view, method)
    return found


def who_may(permission: str | None) -> str:
    """``required_permission`` in words: anyone, or the roles of the event that hold it."""
    if permission == PUBLIC:
        return _("Anyone; no token needed.")
    if permission == CREATE_EVENTS:
        return _("A token of a user allowed to create events.")
    if permission in PERMISSIONS:
        roles = [str(StaffRole.Role(role).label) for role in StaffRole.Role.values]
        held = [
            label
            for role, label in zip(StaffRole.Role.values, roles, strict=True)
            if role in PERMISSIONS[permission]
        ]
        return _("A token of the event's %(roles)s.") % {"roles": " / ".join(held)}
    return _("Not declared.")


def _type_of(schema: dict) -> str:
    """A short type for a field: its type, format, item type, enum or component name."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    for key in ("allOf", "oneOf", "anyOf"):
        if key in schema:
            return " | ".join(_type_of(s) for s in schema[key])
    kind = schema.get("type", "")
    if isinstance(kind, list):
        kind = " | ".join(kind)
    if kind == "array":
        kind = f"{_type_of(schema.get('items', {}))}[]"
    if schema.get("format"):
        kind = f"{kind} ({schema['format']})"
    if schema.get("enum"):
        kind = f"{kind}: {', '.join(str(v) for v in schema['enum'] if v not in ('', None))}"
    return kind or "any"


def _resolve(schema: dict, components: dict) -> dict:
    while "$ref" in schema:
        schema = components.get(schema["$ref"].rsplit("/", 1)[-1], {})
    return schema


def _fields(schema: dict, components: dict) -> list[dict]:
    """The body's fields: name, type, required, description."""
    schema = _resolve(schema, components)
    required = set(schema.get("required", ()))
    return [
        {
            "name": name,
            "type": _type_of(field),
            "required": name in required,
            "description": field.get("description", ""),
            "read_only": field.get("readOnly", False),
        }
        for name, field in schema.get("properties", {}).items()
    ]


def _body(operation: dict, components: dict) -> dict | None:
    content = (operation.get("requestBody") or {}).get("content", {})
    if not content:
        return None
    media, spec = next(iter(content.items()))
    schema = spec.get("schema", {})
    return {"media": media, "type": _type_of(schema), "fields": _fields(schema, components)}


def _answer_type(spec: dict) -> str:
    content = spec.get("content") or {}
    return _type_of(next(iter(content.values())).get("schema", {})) if content else ""


def _operation(path, method, operation, components, permission) -> dict:
    return {
        "id": operation.get("operationId", f"{method}-{path}"),
        "method": method.upper(),
        "path": path,
        "summary": operation.get("summary", ""),
        "description": operation.get("description", ""),
        "who": who_may(permission),
        "permission": permission,
        "parameters": [
            {
                "name": p.get("name"),
                "where": p.get("in"),
                "type": _type_of(p.get("schema", {})),
                "required": p.get("required", False),
                "description": p.get("description", ""),
            }
            for p in operation.get("parameters", [])
        ],
        "body": _body(operation, components),
        "responses": [
            {"code": code, "description": spec.get("description", ""), "type": _answer_type(spec)}
            for code, spec in operation.get("responses", {}).items()
        ],
    }


def _group_of(path: str, operation: dict) -> str:
    if operation.get("tags"):
        return operation["tags"][0]
    rest = path.removeprefix("/api/v1/").strip("/")
    return rest.split("/", 1)[0] or "api"


def _group_title(tag: str) -> str:
    """A tag is a code; the page shows its title in the reader's language (unknown: as is)."""
    titles = {
        "public": _("Public reads (no token)"),
        "manage": _("Staff work (token)"),
        "statistics": _("Statistics"),
    }
    return str(titles.get(tag, tag))


def grouped_operations(schema: dict) -> list[dict]:
    """The schema's operations grouped by tag (else first path segment), in schema order."""
    components = schema.get("components", {}).get("schemas", {})
    permissions = permissions_by_operation()
    groups: dict[str, list] = {}
    for path, item in schema.get("paths", {}).items():
        for method in METHODS:
            if method in item:
                permission = permissions.get((_shape(path), method))
                op = _operation(path, method, item[method], components, permission)
                groups.setdefault(_group_of(path, item[method]), []).append(op)
    return [
        {
            "name": _group_title(name),
            "slug": re.sub(r"\W+", "-", name).strip("-"),
            "operations": ops,
        }
        for name, ops in groups.items()
    ]


class ApiDocsView(View):
    """The human-readable API page (public, like the schema)."""

    required_permission = PUBLIC

    def get(self, request):
        schema = SchemaGenerator().get_schema(request=None, public=True)
        base = request.build_absolute_uri("/api/v1/")
        context = {
            "groups": grouped_operations(schema),
            "info": schema.get("info", {}),
            "base_url": base,
            "paths": list(schema.get("paths", {})),
            "anon_rate": settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["anon"],
        }
        return render(request, "api/docs.html", context)
