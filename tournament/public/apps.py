from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.page_cache import connect_signals


class PublicConfig(AppConfig):
    name = "tournament.public"
    label = "public"
    verbose_name = _("Public pages")

    def ready(self):
        connect_signals()
