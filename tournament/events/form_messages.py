"""A form's errors as page messages, for POST-only views that redirect back.

Each message names its field by label ("Reason: This field is required."), so
a director reading it on the next page knows what to fix.
"""

from __future__ import annotations

from django.contrib import messages


def form_error_messages(form) -> list[str]:
    """One sentence per error, prefixed with its field's label when it has one."""
    texts = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        texts += [f"{label}: {error}" if label else str(error) for error in errors]
    return texts


def add_form_errors(request, form) -> None:
    for text in form_error_messages(form):
        messages.error(request, text)
