"""Routes of this part of the API (see tournament.api.urls): the statistics reads."""

from django.urls import path

from tournament.api.public.stats_views import EventStatisticsView, PlayerStatisticsView

urlpatterns = [
    path(
        "events/<slug:slug>/statistics/",
        EventStatisticsView.as_view(),
        name="event-statistics",
    ),
    path(
        "events/<slug:slug>/players/<int:registration>/statistics/",
        PlayerStatisticsView.as_view(),
        name="player-statistics",
    ),
]
