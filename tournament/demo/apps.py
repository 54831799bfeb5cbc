from django.apps import AppConfig


class DemoConfig(AppConfig):
    """No models: nothing of it shows in the admin, so its name needs no translation."""

    name = "tournament.demo"
    label = "demo"
