"""Player entry's addresses (players' phones under ``p/<slug>/…``, the director's switch under ``manage/``)."""

from django.urls import path  # noqa: F401

app_name = "playerentry"

urlpatterns: list = []
