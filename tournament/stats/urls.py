"""``/e/<slug>/statistics/``: included before tournament.public.urls (see tournament.urls)."""

from django.urls import path

from tournament.page_cache import cached_public_page
from tournament.stats import views

app_name = "public_stats"

urlpatterns = [
    path(
        "e/<slug:slug>/statistics/",
        cached_public_page(views.event_statistics),
        name="event",
    ),
]
