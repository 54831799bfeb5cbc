"""The Django project: settings, URLs, the Celery app and the apps under it.

The Celery app is imported here so that ``@shared_task`` functions bind to it
as soon as Django starts, in web processes and workers alike.
"""

from tournament.celery import app as celery_app

__all__ = ("celery_app",)
