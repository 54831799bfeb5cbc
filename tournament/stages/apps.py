from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.events.change_reasons import describe_choices
from tournament.standings.fingerprint_parts import depends_on


class StagesConfig(AppConfig):
    name = "tournament.stages"
    label = "stages"
    verbose_name = _("Stages")

    def ready(self):
        from tournament.stages.models import StageEntrant  # once the models load
        from tournament.stages.standings_parts import entrant_part, stage_part

        describe_choices("reason", StageEntrant.Reason)  # "stage.entered"
        depends_on("stage", stage_part)
        depends_on("entrant", entrant_part)
