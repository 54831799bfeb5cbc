"""Player entry's addresses (players' phones under ``p/<slug>/…``, staff's under ``manage/``)."""

from django.urls import path

from tournament.playerentry import staff_views, views

app_name = "playerentry"

TABLE = "<slug:slug>/<int:round_number>/<int:table_number>/"

urlpatterns = [
    path(f"p/{TABLE}", views.table_page, name="table"),
    path(f"p/{TABLE}pin/", views.pin_page, name="pin"),
    path(f"p/{TABLE}hand/", views.hand_add, name="hand"),
    path(f"p/{TABLE}hand/<int:number>/accept/", views.accept, name="accept"),
    path(f"p/{TABLE}hand/<int:number>/reject/", views.reject, name="reject"),
    path(f"p/{TABLE}submit/", views.submit, name="submit"),
    path(f"manage/{TABLE}players/release/", staff_views.release, name="release"),
    path(f"manage/{TABLE}players/pin/", staff_views.new_pin, name="new_pin"),
    path(f"manage/{TABLE}players/unlock/", staff_views.lift_locks, name="lift_locks"),
]
