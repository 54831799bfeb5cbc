from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoundsConfig(AppConfig):
    name = "tournament.rounds"
    label = "rounds"
    verbose_name = _("Rounds")
