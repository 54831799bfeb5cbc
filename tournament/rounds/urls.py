"""The round pages, under ``/manage/<slug>/``: seat, swap, correct, publish, take back.

Their URL names keep the namespace ``seating`` ({% url "seating:round" … %}).
"""

from django.urls import path

from tournament.rounds import correction_views, history_views, round_admin_views, views

app_name = "seating"

ROUND = "<slug:slug>/round/<int:number>/"

urlpatterns = [
    path("<slug:slug>/rounds/seat/", views.round_seat, name="seat"),
    path(ROUND, views.round_detail, name="round"),
    path(f"{ROUND}swap/", views.round_swap, name="swap"),
    path(f"{ROUND}publish/", views.round_publish, name="publish"),
    path(f"{ROUND}unpublish/", round_admin_views.round_unpublish, name="unpublish"),
    path(
        f"{ROUND}unpublish-results/",
        round_admin_views.round_unpublish_results,
        name="unpublish_results",
    ),
    path(f"{ROUND}finish/", round_admin_views.round_finish, name="finish"),
    path(f"{ROUND}delete/", round_admin_views.round_delete, name="delete"),
]

# Seating corrections with a preview (``correction_views``).
urlpatterns += [
    path(f"{ROUND}move/", correction_views.round_move, name="move"),
    path(f"{ROUND}replace/", correction_views.round_replace, name="replace"),
]

# A round's history: every change, with who, when and why.
urlpatterns += [
    path(f"{ROUND}history/", history_views.round_history_page, name="history"),
]

# Planning every round up front, and planning again after a change.
urlpatterns += [
    path("<slug:slug>/rounds/plan/", views.rounds_plan, name="plan"),
]
