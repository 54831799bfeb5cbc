"""The round pages, under ``/manage/<slug>/``: seat, swap, correct, publish, take back.

Their URL names keep the namespace ``seating`` ({% url "seating:round" … %}).
"""

from django.urls import path

from tournament.rounds import correction_views, round_admin_views, views

app_name = "seating"

urlpatterns = [
    path("<slug:slug>/rounds/seat/", views.round_seat, name="seat"),
    path("<slug:slug>/round/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/round/<int:number>/swap/", views.round_swap, name="swap"),
    path("<slug:slug>/round/<int:number>/publish/", views.round_publish, name="publish"),
    path(
        "<slug:slug>/round/<int:number>/unpublish/",
        round_admin_views.round_unpublish,
        name="unpublish",
    ),
    path(
        "<slug:slug>/round/<int:number>/unpublish-results/",
        round_admin_views.round_unpublish_results,
        name="unpublish_results",
    ),
    path("<slug:slug>/round/<int:number>/finish/", round_admin_views.round_finish, name="finish"),
    path("<slug:slug>/round/<int:number>/delete/", round_admin_views.round_delete, name="delete"),
]

# Seating corrections with a preview (``correction_views``).
urlpatterns += [
    path("<slug:slug>/round/<int:number>/move/", correction_views.round_move, name="move"),
    path("<slug:slug>/round/<int:number>/replace/", correction_views.round_replace, name="replace"),
]

# Planning every round up front, and planning again after a change.
urlpatterns += [
    path("<slug:slug>/rounds/plan/", views.rounds_plan, name="plan"),
]
