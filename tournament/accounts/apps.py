from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "tournament.accounts"
    label = "accounts"
    verbose_name = _("Staff accounts")

    def ready(self):
        from tournament.accounts import login_limit

        login_limit.connect_signals()
