"""Addresses of the hall's projector pages (issue #18). Scaffolding: filled in by that work."""

urlpatterns: list = []
