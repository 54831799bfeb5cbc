"""The event "Spring Cup" as the event services create it, by the user who then directs it.

For the tests of the services' own steps and history (``services.create_event``
makes its creator the director), where the events' ``conftest.py`` makes its
event directly and gives it a director afterwards.
"""

from __future__ import annotations

import datetime

from tournament.events import services


def create_spring_cup(director, **fields):
    """The Spring Cup from 1 June 2026, created by ``director``; ``fields`` as the service takes."""
    return services.create_event(
        slug="spring-cup",
        name="Spring Cup",
        start_date=datetime.date(2026, 6, 1),
        by=director,
        **fields,
    )
