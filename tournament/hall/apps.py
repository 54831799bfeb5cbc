from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.events.public_table import show_public_table_page


class HallConfig(AppConfig):
    name = "tournament.hall"
    label = "hall"
    verbose_name = _("The hall")

    def ready(self):
        # Players at a judges' table address (the sheet's QR code) get the hall's table page.
        from tournament.hall.calls.views import table_public  # once the models load

        show_public_table_page(table_public)
