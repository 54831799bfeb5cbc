from django.apps import AppConfig


class ServingConfig(AppConfig):
    name = "tournament.serving"
    label = "serving"
    verbose_name = "Serving"
