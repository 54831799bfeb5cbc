"""The table's online game page: attach a game's log, check the preview, save it.

One address, ``/j/<event>/<round>/<table>/log/``: a GET shows the upload
form (a file, or the XML pasted); a post with ``action=check`` shows the
preview; ``action=save`` files it. The preview carries the file itself
(packed, in a hidden field), so checking again after choosing who played as
whom needs no second upload, and nothing is kept on the server before Save.
"""

from __future__ import annotations

import base64
import binascii
import gzip

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scoring.core.seats import SEATS
from tournament.events.decorators import event_permission_required
from tournament.formatting import points
from tournament.glossary.game_logs import LOG_REFUSALS
from tournament.results.models import GameLogUse
from tournament.results.online import reading, saving
from tournament.results.online.page import preview_page
from tournament.results.page.building import message_of, table_of, table_url
from tournament.results.page.views import entry_key_of
from tournament.results.sheet.errors import AlreadySaved, NotAllowed, SheetInputError

GZIP_MAGIC = b"\x1f\x8b"


def refusal_text(refused: reading.LogRefused) -> str:
    words = LOG_REFUSALS.get(refused.code)
    if words is None:
        return str(LOG_REFUSALS["unreadable"])
    params = dict(refused.params)
    if "limit" in params:
        params["limit"] = points(params["limit"])  # 2,000,000 as the site writes numbers
    try:
        return str(words) % params
    except (KeyError, TypeError, ValueError):
        return str(words)


def _uploaded(request) -> tuple[bytes, str]:
    """The file chosen, else the XML pasted, else the file the preview carried."""
    upload = request.FILES.get("log_file")
    if upload is not None:
        if upload.size > reading.MAX_BYTES:
            raise reading.LogRefused("too_large", limit=reading.MAX_BYTES)
        return upload.read(reading.MAX_BYTES + 1), upload.name
    pasted = (request.POST.get("log_xml") or "").strip()
    if pasted:
        return pasted.encode("utf-8"), ""
    carried = request.POST.get("log_data") or ""
    if not carried:
        return b"", ""
    try:
        packed = base64.b64decode(carried, validate=True)
    except (binascii.Error, ValueError):
        raise reading.LogRefused("damaged") from None
    return packed, request.POST.get("file_name", "")


def _carry(data: bytes) -> str:
    return base64.b64encode(data if data.startswith(GZIP_MAGIC) else gzip.compress(data)).decode()


def _answers(request) -> dict[int, int | None]:
    out = {}
    for i in range(len(SEATS)):
        try:
            out[i] = int(request.POST.get(f"player_{i}") or 0) or None
        except ValueError:
            out[i] = None
    return out


def _base_version(request) -> int | None:
    try:
        return int(request.POST.get("base_version", ""))
    except ValueError:
        return None


@require_http_methods(["GET", "POST"])
@event_permission_required("enter_results")
def game_log(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    if not reading.reads_logs(event):
        raise Http404
    filed = GameLogUse.objects.filter(table=table, released_at__isnull=True).first()
    context = {"event": event, "round": table.round, "table": table, "filed": filed}
    if request.method == "GET":
        return render(request, "results/online/log.html", context)
    if request.POST.get("action") == "take_off":
        return _take_off(request, event, table, context)
    try:
        data, file_name = _uploaded(request)
        file_name = file_name or request.POST.get("file_name", "")
        log_id = request.POST.get("log_id", "")
        answers = _answers(request)
        if request.POST.get("action") == "save":
            return _save(request, table, data, file_name, log_id, answers, context)
        seen = reading.preview(table, data, file_name, log_id, answers)
    except reading.LogRefused as refused:
        context["error"] = refusal_text(refused)
        return render(request, "results/online/log.html", context, status=400)
    context.update(preview_page(seen, carried=_carry(data)))
    return render(request, "results/online/log.html", context)


def _save(request, table, data, file_name, log_id, answers, context):
    base = _base_version(request)
    if base is None:
        raise reading.LogRefused("damaged")
    try:
        sheet = saving.save_log(
            table,
            data,
            file_name=file_name,
            log_id=log_id,
            answers=answers,
            by=request.user,
            base_version=base,
            entry_key=entry_key_of(request),
        )
    except AlreadySaved:
        return redirect(table_url(table))
    except (reading.LogRefused, SheetInputError, NotAllowed) as problem:
        if isinstance(problem, reading.LogRefused):
            text = refusal_text(problem)
        elif isinstance(problem, SheetInputError):
            text = message_of(problem)
        else:
            text = problem.message
        context["error"] = text
        try:
            seen = reading.preview(table, data, file_name, log_id, answers)
            context.update(preview_page(seen, carried=_carry(data)))
        except reading.LogRefused:
            pass
        return render(request, "results/online/log.html", context, status=400)
    if sheet.status == sheet.Status.SUBMITTED:
        messages.success(
            request,
            _("The game is on the sheet as version %(v)s, submitted: a second person confirms it.")
            % {"v": sheet.version},
        )
    else:
        messages.success(
            request,
            _("The game is on the sheet as version %(v)s. The log stops before the game's end.")
            % {"v": sheet.version},
        )
    return redirect(table_url(table))


def _take_off(request, event, table, context):
    base = _base_version(request)
    try:
        saving.take_off(
            table, by=request.user, base_version=base or 0, reason=request.POST.get("reason", "")
        )
    except (NotAllowed, SheetInputError) as problem:
        context["error"] = (
            problem.message if isinstance(problem, NotAllowed) else message_of(problem)
        )
        return render(request, "results/online/log.html", context, status=400)
    messages.success(request, _("The log is taken off the table; its hands are off the sheet."))
    return redirect(table_url(table))
