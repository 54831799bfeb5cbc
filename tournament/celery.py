"""The Celery app for work longer than a request (PDFs, rescoring, exports).

Configuration comes from Django settings under the ``CELERY_`` prefix; with no
broker configured tasks run eagerly in the calling process.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.settings")

app = Celery("tournament")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="tournament.ping")
def ping() -> str:
    """Round trip through the broker and a worker: ``celery -A tournament call tournament.ping``."""
    return "pong"
