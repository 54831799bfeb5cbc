from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackupConfig(AppConfig):
    name = "tournament.backup"
    label = "backup"
    verbose_name = _("Backups")
