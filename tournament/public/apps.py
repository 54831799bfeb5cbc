from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublicConfig(AppConfig):
    name = "tournament.public"
    label = "public"
    verbose_name = _("Public pages")

    def ready(self):
        from tournament.public.page_cache import connect_signals

        connect_signals()
