"""Staff pages for events and players, under ``/manage/``.

In the ``manage`` namespace with the event's dashboard and its end
(``tournament.rounds.event_urls``): ``tournament.urls`` puts them together.
"""

from django.urls import include, path

from tournament.events import latin_paste_views, staff_views, views

# One registration's pages, under ``<slug>/players/<registration_id>/``.
REGISTRATION = [
    path("withdraw/", views.player_withdraw, name="player_withdraw"),
    path("drop/", views.player_drop, name="player_drop"),
    path("status/", views.player_status, name="player_status"),
    path("edit/", views.player_edit, name="player_edit"),
]

# An event's players, under ``<slug>/players/``.
PLAYERS = [
    path("import/", views.players_import, name="players_import"),
    path("import/confirm/", views.players_import_confirm, name="players_import_confirm"),
    path("add/", views.player_add, name="player_add"),
    path("latin-names/", latin_paste_views.latin_names, name="players_latin_names"),
    path(
        "latin-names/confirm/",
        latin_paste_views.latin_names_confirm,
        name="players_latin_names_confirm",
    ),
    path("<int:registration_id>/", include(REGISTRATION)),
]

urlpatterns = [
    path("", views.event_list, name="events"),
    path("new/", views.event_create, name="event_create"),
    path("<slug:slug>/start/", views.event_start, name="event_start"),
    path("<slug:slug>/players/", include(PLAYERS)),
    path("<slug:slug>/roles/", views.role_grant, name="role_grant"),
    path("<slug:slug>/edit/", views.event_edit, name="event_edit"),
    path("<slug:slug>/staff/new/", staff_views.staff_create, name="staff_create"),
    path("<slug:slug>/roles/<int:role_id>/remove/", staff_views.role_remove, name="role_remove"),
]
