"""Addresses of the round clock (issue #18).

Staff: the director's buttons under the round's page
(``/manage/<slug>/round/<n>/clock/<action>/``) and the clock of any round
for its staff. Public: a published round's clock as JSON, and the
projector's full-screen clock.
"""

from django.urls import include, path

from tournament.hall.clock import next_round_views, views

ROUND = "manage/<slug:slug>/round/<int:number>/"

urlpatterns = [
    # The director's buttons.
    path(
        f"{ROUND}clock/",
        include(
            [
                path("start/", views.clock_start, name="clock_start"),
                path("pause/", views.clock_pause, name="clock_pause"),
                path("resume/", views.clock_resume, name="clock_resume"),
                path("extend/", views.clock_extend, name="clock_extend"),
                path("table-extra/", views.clock_table_extra, name="clock_table_extra"),
                path("reset/", views.clock_reset, name="clock_reset"),
                path("next-round/", next_round_views.next_round_time, name="next_round_time"),
            ]
        ),
    ),
    path(f"{ROUND}clock.json", views.clock_json_staff, name="clock_json_staff"),
    path("e/<slug:slug>/round/<int:number>/clock.json", views.clock_json, name="clock_json"),
    path("e/<slug:slug>/projector/clock/", views.projector_clock, name="projector_clock"),
]
