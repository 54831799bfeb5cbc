from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.rounds.history_sources import register_history_source


class RoundsConfig(AppConfig):
    name = "tournament.rounds"
    label = "rounds"
    verbose_name = _("Rounds")

    def ready(self):
        # A round's history reads these apps' records; the apps above add theirs (the hall).
        from tournament.rounds import history_readers, history_sheets  # once the models load

        for source in (
            history_readers.round_entries,
            history_readers.table_entries,
            history_readers.seat_entries,
            history_readers.player_entries,
            history_sheets.sheet_entries,
            history_sheets.ruling_entries,
        ):
            register_history_source(source)
