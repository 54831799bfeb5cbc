"""The user's own page (``/manage/account/``): API tokens (see account_views)."""

from django.urls import path

from tournament.api.staff import account_views

app_name = "apiaccount"

urlpatterns = [
    path("account/", account_views.account, name="account"),
    path("account/tokens/", account_views.token_make, name="token_make"),
    path("account/tokens/<int:token_id>/revoke/", account_views.token_revoke, name="token_revoke"),
]
