from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayerEntryConfig(AppConfig):
    name = "tournament.playerentry"
    label = "playerentry"
    verbose_name = _("Player entry")
