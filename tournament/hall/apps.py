from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.events.public_table import show_public_table_page
from tournament.rounds.history_sources import register_history_source
from tournament.rounds.signals import event_finished, round_finished


class HallConfig(AppConfig):
    name = "tournament.hall"
    label = "hall"
    verbose_name = _("The hall")

    def ready(self):
        # Players at a judges' table address (the sheet's QR code) get the hall's table page.
        from tournament.hall.calls.views import table_public  # once the models load
        from tournament.hall.clock import services as clock

        show_public_table_page(table_public)
        # Finishing a round or the event stops the clocks (the rounds cannot call the hall).
        round_finished.connect(clock.stop_when_round_finishes, dispatch_uid="hall-stop-round")
        event_finished.connect(clock.stop_when_event_finishes, dispatch_uid="hall-stop-event")
        # The round's history lists the clock's changes (the history cannot import the hall).
        from tournament.hall.clock.history import clock_entries

        register_history_source(clock_entries)
