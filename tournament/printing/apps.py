from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "tournament.printing"
    label = "printing"
    verbose_name = _("Printing")

    def ready(self):
        """Register the built-in documents and the Celery tasks once the models are loaded.

        Why here: the documents' registry and Celery's registry of tasks must be
        full in every process (web, worker, command) before anyone asks them, and
        both modules need the models, which are not loaded when this module is.
        """
        from tournament.printing import installed, tasks  # noqa: F401  (they register)
