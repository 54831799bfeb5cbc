"""The API's page for people: every operation of the live schema is on it, in every language."""

import html

import pytest
from drf_spectacular.generators import SchemaGenerator

from tournament.api.docs_views import who_may

pytestmark = pytest.mark.django_db


def _schema_operations():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return [
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    ]


@pytest.mark.parametrize("lang", ["en", "ja", "zh-hans"])
def test_the_page_lists_every_operation_of_the_schema(client, lang):
    response = client.get("/api/v1/docs/", HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    operations = _schema_operations()
    assert operations, "the schema has no operations"
    for method, path in operations:
        assert f'data-path="{path}" data-method="{method}"' in page, (method, path)
    assert "/api/v1/schema/?format=json" in page
    assert "Authorization: Bearer" in page
    assert '{"errors": [{"code"' in page


def test_the_page_says_who_may_call_each_operation(client):
    page = html.unescape(client.get("/api/v1/docs/", HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Anyone; no token needed." in page
    assert "Not declared." not in page


def test_the_page_is_in_japanese(client):
    page = client.get("/api/v1/docs/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert 'lang="ja"' in page
    assert "トークン" in page


def test_roles_are_named_from_the_permissions():
    assert "Director" in who_may("manage") and "Judge" not in who_may("manage")
    assert "Viewer" in who_may("view")
    assert who_may(None) == "Not declared."


def test_the_page_loads_nothing_from_elsewhere(client):
    page = client.get("/api/v1/docs/").content.decode()
    assert "<script" not in page and "cdn" not in page.lower() and "style=" not in page
