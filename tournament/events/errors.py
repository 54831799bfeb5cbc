"""The domain error of the tournament side, and the history helper services share."""

# django-simple-history keeps the reason in a 100-character column.
CHANGE_REASON_MAX = 100


class EventError(Exception):
    """A service refused to act; ``message`` is for the person who asked.

    ``problems`` lists the individual reasons when there are several (one per
    bad CSV row, for instance), each already a sentence for a person.
    """

    def __init__(self, message, problems=()):
        super().__init__(str(message))
        self.message = message
        self.problems = list(problems)

    def __str__(self):
        return str(self.message)


def save_with_history(instance, reason, by=None, **save_kwargs):
    """Save ``instance`` so that its history record says why, and who did it.

    Without ``by`` (a management command) the request's user is used when there
    is one, as simple-history's middleware records it.
    """
    instance._change_reason = str(reason)[:CHANGE_REASON_MAX]
    if by is not None and getattr(by, "is_authenticated", False):
        instance._history_user = by
    instance.save(**save_kwargs)
    return instance


def delete_with_history(instance, reason, by=None):
    """Delete ``instance``, leaving a history record with the reason."""
    instance._change_reason = str(reason)[:CHANGE_REASON_MAX]
    if by is not None and getattr(by, "is_authenticated", False):
        instance._history_user = by
    instance.delete()
