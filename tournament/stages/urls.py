"""The director's stage pages, under ``/manage/<slug>/stages/``."""

from django.urls import path

from tournament.stages import views

app_name = "stages"

urlpatterns = [
    path("<slug:slug>/stages/", views.stages_page, name="list"),
    path("<slug:slug>/stages/<int:number>/cut/", views.cut_page, name="cut"),
    path("<slug:slug>/stages/<int:number>/cut/make/", views.cut_make, name="cut_make"),
    path("<slug:slug>/stages/<int:number>/cut/undo/", views.cut_undo, name="cut_undo"),
]
