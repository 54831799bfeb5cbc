"""The director's page for many Latin names at once (issue #34; ``events.latin_paste``).

Paste, preview (each change and each bad line), then Confirm: the same
pattern as the players CSV. The pasted text travels with the preview, so
Confirm checks it again and saves all of it or nothing.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.events import latin_paste
from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.forms import LatinPasteForm

PREVIEW_TEMPLATE = "staff/latin_paste_preview.html"


@event_permission_required("manage")
def latin_names(request, event):
    """The paste form; posted, the preview of what it changes."""
    form = LatinPasteForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["text"]
        context = {"event": event, "preview": latin_paste.preview(event, text), "text": text}
        return render(request, PREVIEW_TEMPLATE, context)
    status = 400 if form.errors else 200
    return render(
        request, "staff/latin_paste_form.html", {"event": event, "form": form}, status=status
    )


@require_POST
@event_permission_required("manage")
def latin_names_confirm(request, event):
    text = request.POST.get("text", "")
    try:
        changes = latin_paste.paste_latin_names(event, text, by=request.user)
    except EventError as error:
        messages.error(request, error.message)
        context = {"event": event, "preview": latin_paste.preview(event, text), "text": text}
        return render(request, PREVIEW_TEMPLATE, context, status=400)
    if changes:
        count = len(changes)
        messages.success(
            request,
            ngettext(
                "Latin names saved for %(count)s player.",
                "Latin names saved for %(count)s players.",
                count,
            )
            % {"count": count},
        )
    else:
        messages.info(request, _("Nothing to change: every Latin name was already so."))
    return redirect("manage:event", event.slug)
