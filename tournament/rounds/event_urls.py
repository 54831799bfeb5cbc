"""The event's dashboard and its end, under ``/manage/``, in the ``manage`` namespace.

``tournament.urls`` puts these after the events' own pages (``tournament.events.urls``),
so that ``new/`` is an event to create, not an event's slug.
"""

from django.urls import path

from tournament.rounds import event_views

urlpatterns = [
    path("<slug:slug>/", event_views.event_dashboard, name="event"),
    path("<slug:slug>/finish/", event_views.event_finish, name="event_finish"),
]
