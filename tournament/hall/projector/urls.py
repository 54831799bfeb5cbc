"""Addresses of the hall's projector pages (issue #18), all public.

``/e/<slug>/projector/`` chooses; ``standings/`` and ``seating/`` are the
full-screen pages and ``…/board/`` the part of each that the page polls.
The clock's projector page (``projector/clock/``) lives in ``clock_urls``.
"""

from django.urls import path

from tournament.hall.projector import views

PROJECTOR = "e/<slug:slug>/projector/"

urlpatterns = [
    path(PROJECTOR, views.projector_index, name="projector"),
    path(f"{PROJECTOR}standings/", views.projector_standings, name="projector_standings"),
    path(
        f"{PROJECTOR}standings/board/",
        views.projector_standings_board,
        name="projector_standings_board",
    ),
    path(f"{PROJECTOR}teams/", views.projector_teams, name="projector_teams"),
    path(f"{PROJECTOR}teams/board/", views.projector_teams_board, name="projector_teams_board"),
    path(f"{PROJECTOR}seating/", views.projector_seating, name="projector_seating"),
    path(
        f"{PROJECTOR}seating/board/", views.projector_seating_board, name="projector_seating_board"
    ),
]
