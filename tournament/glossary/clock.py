"""Words for the round clock's log: each kind of clock event (``ClockEvent.kind``).

The model's labels are column names ("start"); the log on the director's page
and the round's history say what happened ("Started", "Extended for every table").
"""

from django.utils.translation import pgettext_lazy

CLOCK_EVENTS = {
    "start": pgettext_lazy("clock log", "Started"),
    "pause": pgettext_lazy("clock log", "Paused"),
    "resume": pgettext_lazy("clock log", "Resumed"),
    "extend": pgettext_lazy("clock log", "Extended for every table"),
    "table_extra": pgettext_lazy("clock log", "Extra time"),
    "reset": pgettext_lazy("clock log", "Reset"),
    "stop_round": pgettext_lazy("clock log", "Stopped: the round finished"),
    "stop_event": pgettext_lazy("clock log", "Stopped: the event finished"),
}
