from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.events.change_reasons import describe_choices


class SeatingConfig(AppConfig):
    name = "tournament.seating"
    label = "seating"
    verbose_name = _("Seating")

    def ready(self):
        from tournament.seating.models import Round  # once the models load

        describe_choices("method", Round.Method)  # "round.seated", "seating.planned" …
