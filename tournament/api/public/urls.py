"""Routes of the public read API (no token): events, players, rounds, results, standings."""

from django.urls import path

from tournament.api.public import stage_views, views

EVENT = "events/<slug:slug>/"
ROUND = f"{EVENT}rounds/<int:number>/"
PLAYER = f"{EVENT}players/<int:registration>/"

urlpatterns = [
    path("events/", views.EventList.as_view(), name="public-events"),
    path(EVENT, views.EventDetail.as_view(), name="public-event"),
    path(f"{EVENT}players/", views.PlayerList.as_view(), name="public-players"),
    path(PLAYER, views.PlayerHistory.as_view(), name="public-player"),
    path(f"{EVENT}rounds/", views.RoundList.as_view(), name="public-rounds"),
    path(ROUND, views.RoundSeating.as_view(), name="public-round"),
    path(f"{ROUND}results/", views.RoundResults.as_view(), name="public-round-results"),
    path(f"{EVENT}where/", views.Where.as_view(), name="public-where"),
    path(f"{EVENT}standings/", views.Standings.as_view(), name="public-standings"),
    path(f"{EVENT}stages/", stage_views.StageList.as_view(), name="public-stages"),
    path(f"{EVENT}teams/", stage_views.TeamStandings.as_view(), name="public-teams"),
]
