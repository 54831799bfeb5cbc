from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    name = "tournament.standings"
    label = "standings"
    verbose_name = _("Standings")

    def ready(self):
        """Register the built-in export formats once the models are loaded.

        Why here: the URL maps, the pages and the ``standings`` command read the
        registry of formats in every process, and the module that fills it needs
        the models, which are not loaded when this module is.
        """
        from tournament.standings import installed  # noqa: F401  (it registers)
