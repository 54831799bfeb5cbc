"""Addresses of the hall's clock pages (issue #18). Scaffolding: filled in by that work."""

urlpatterns: list = []
