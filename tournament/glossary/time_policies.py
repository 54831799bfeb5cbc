"""Words for what happens when a timed session's time is up (``Family.time_policy`` codes)."""

from django.utils.translation import gettext_lazy as _

TIME_POLICIES = {
    "finish_current": _("At time: the hand in progress is the last one"),
    "abandon_current": _("At time: the hand in progress is void; hands not started are not played"),
}
