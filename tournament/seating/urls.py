"""Staff pages for seating, under ``/manage/<slug>/``."""

from django.urls import path

from . import views

app_name = "seating"

urlpatterns = [
    path("<slug:slug>/rounds/seat/", views.round_seat, name="seat"),
    path("<slug:slug>/round/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/round/<int:number>/swap/", views.round_swap, name="swap"),
    path("<slug:slug>/round/<int:number>/publish/", views.round_publish, name="publish"),
]
