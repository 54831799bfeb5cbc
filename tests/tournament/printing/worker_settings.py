"""Settings of the Celery workers that needs_worker tests start (``worker.py``).

The site's own settings from the same environment, plus the test's overrides:
a JSON object in ``TEST_WORKER_SETTINGS`` (say ``{"PRINT_JOB_STALE_SECONDS": 3}``).
"""

import json
import os

from tournament.settings import *  # noqa: F403

globals().update(json.loads(os.environ.get("TEST_WORKER_SETTINGS", "{}")))
