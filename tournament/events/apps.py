from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from tournament.events.change_reasons import describe_choices


class EventsConfig(AppConfig):
    name = "tournament.events"
    label = "events"
    verbose_name = _("Events")

    def ready(self):
        from tournament.events.models import Registration, StaffRole  # once the models load

        describe_choices("role", StaffRole.Role)
        describe_choices("status", Registration.Status)
