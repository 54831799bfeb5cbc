from django.urls import path

from tournament.seating.views import public_round

from . import views

app_name = "public"

urlpatterns = [
    path("", views.home, name="home"),
    path("e/<slug:slug>/", views.event_detail, name="event"),
    path("e/<slug:slug>/round/<int:number>/", public_round, name="round"),
]
