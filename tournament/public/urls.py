from django.urls import path

from tournament.seating.views import public_round

from . import views

app_name = "public"

urlpatterns = [
    path("", views.home, name="home"),
    path("e/<slug:slug>/", views.event_detail, name="event"),
    path("e/<slug:slug>/standings/", views.standings_page, name="standings"),
    path("e/<slug:slug>/player/<int:registration>/", views.player_page, name="player"),
    path("e/<slug:slug>/round/<int:number>/", public_round, name="round"),
    path("e/<slug:slug>/round/<int:number>/results/", views.round_results, name="round_results"),
]
