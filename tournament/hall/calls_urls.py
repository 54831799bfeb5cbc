"""Addresses of the hall's calls pages (issue #18). Scaffolding: filled in by that work."""

urlpatterns: list = []
