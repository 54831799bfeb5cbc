from django.urls import path

from tournament.page_cache import cached_public_page
from tournament.public import teams_view, views
from tournament.seating.views import public_round

app_name = "public"

urlpatterns = [
    path("", cached_public_page(views.home), name="home"),
    path("e/<slug:slug>/", cached_public_page(views.event_detail), name="event"),
    path("e/<slug:slug>/standings/", cached_public_page(views.standings_page), name="standings"),
    path("e/<slug:slug>/teams/", cached_public_page(teams_view.teams_page), name="teams"),
    path(
        "e/<slug:slug>/player/<int:registration>/",
        cached_public_page(views.player_page),
        name="player",
    ),
    path("e/<slug:slug>/round/<int:number>/", cached_public_page(public_round), name="round"),
    path(
        "e/<slug:slug>/round/<int:number>/results/",
        cached_public_page(views.round_results),
        name="round_results",
    ),
]
