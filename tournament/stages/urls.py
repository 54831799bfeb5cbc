"""The director's stage pages, under ``/manage/<slug>/stages/``."""

from django.urls import include, path

from tournament.stages import views

app_name = "stages"

urlpatterns = [
    path("<slug:slug>/stages/", views.stages_page, name="list"),
    # A stage's cut: the preview, making it, and taking it back.
    path(
        "<slug:slug>/stages/<int:number>/cut/",
        include(
            [
                path("", views.cut_page, name="cut"),
                path("make/", views.cut_make, name="cut_make"),
                path("undo/", views.cut_undo, name="cut_undo"),
            ]
        ),
    ),
]
