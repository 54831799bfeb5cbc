"""Routes of this part of the API (see tournament.api.urls)."""

urlpatterns = []
