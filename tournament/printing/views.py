"""Print job pages, under ``/manage/<slug>/print/``.

Starting and cancelling a job are a director's actions (``manage``). Looking
at jobs, their progress and downloading the finished PDFs needs ``view``:
every staff member of the event may fetch what the director printed (the same
facts are on their staff pages). The files live under MEDIA_ROOT and leave
only through :func:`job_download`, after that check; there is no public URL
for them.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required
from tournament.events.errors import EventError
from tournament.events.permissions import has_event_permission
from tournament.printing import jobs, recovery
from tournament.printing.models import PrintJob
from tournament.printing.seating_print import mark_outdated
from tournament.seating.models import Round


def _job(event, job_uuid) -> PrintJob:
    job = get_object_or_404(
        PrintJob.objects.select_related("event", "round", "requested_by"),
        event=event,
        uuid=job_uuid,
    )
    return jobs.job_state(job)


def _printable_rounds(event) -> list[Round]:
    """The rounds with tables, for the page's sign and results buttons (results: once published)."""
    return list(event.rounds.filter(tables__isnull=False).distinct().order_by("number"))


@event_permission_required("view")
def job_list(request, event):
    recent = list(jobs.recent_jobs(event))
    recent = mark_outdated([jobs.job_state(job) if job.is_active else job for job in recent])
    can_manage = has_event_permission(request.user, event, "manage")
    return render(
        request,
        "printing/jobs.html",
        {
            "event": event,
            "jobs": recent,
            "can_manage": can_manage,
            "rounds": _printable_rounds(event) if can_manage else [],
        },
    )


@require_POST
@event_permission_required("manage")
def job_start(request, event):
    """POST ``kind``; ``round`` (a number) for round documents, ``scope`` for standings."""
    kind = request.POST.get("kind", "")
    round_ = None
    number = request.POST.get("round", "").strip()
    if number:
        if not number.isdigit():
            raise Http404
        round_ = get_object_or_404(Round, event=event, number=int(number))
    params = {"scope": request.POST["scope"]} if "scope" in request.POST else None
    if request.POST.get("stage"):  # a staged event's standings: a stage or "overall"
        params = {**(params or {}), "stage": request.POST["stage"]}
    try:
        job = jobs.request_job(event, kind, round_=round_, by=request.user, params=params)
    except EventError as error:
        messages.error(request, error.message)
        if round_ is not None:
            return redirect("seating:round", event.slug, round_.number)
        return redirect("manage:event", event.slug)
    return redirect("printing:job", event.slug, job.uuid)


@require_POST
@event_permission_required("manage")
def job_cancel(request, event, job_uuid):
    """Stop a waiting or running job; back to the job's page (``next=job``) or the list.

    One tap, no confirmation: a cancelled PDF is made again with Print.
    """
    job = get_object_or_404(
        PrintJob.objects.select_related("event", "round"), event=event, uuid=job_uuid
    )
    try:
        cancelled = recovery.cancel_job(job, by=request.user)
    except EventError as error:
        messages.error(request, error.message)
    else:
        if cancelled:
            messages.success(request, _("%(job)s: cancelled.") % {"job": job})
        else:
            messages.info(
                request, _("%(job)s had already ended; nothing to cancel.") % {"job": job}
            )
    if request.POST.get("next") == "job":
        return redirect("printing:job", event.slug, job.uuid)
    return redirect("printing:jobs", event.slug)


@never_cache
@event_permission_required("view")
def job_detail(request, event, job_uuid):
    job = mark_outdated([_job(event, job_uuid)])[0]
    if job.round_id:
        back = reverse("seating:round", args=[event.slug, job.round.number])
    else:
        back = reverse("manage:event", args=[event.slug])
    return render(
        request,
        "printing/job.html",
        {
            "event": event,
            "job": job,
            "back": back,
            "can_manage": has_event_permission(request.user, event, "manage"),
        },
    )


@never_cache
@event_permission_required("view")
def job_status(request, event, job_uuid):
    """The job's state as JSON, for the page's progress bar."""
    job = _job(event, job_uuid)
    return JsonResponse(
        {
            "id": str(job.uuid),
            "status": job.status,
            "status_display": str(job.get_status_display()),
            "active": job.is_active,
            "done": job.progress_done,
            "total": job.progress_total,
            "percent": job.percent,
            "attempts": job.attempts,
            "error": job.error,
            "download_url": (
                reverse("printing:download", args=[event.slug, job.uuid])
                if job.status == PrintJob.Status.DONE
                else None
            ),
        }
    )


@event_permission_required("view")
def job_download(request, event, job_uuid):
    job = _job(event, job_uuid)
    if job.status != PrintJob.Status.DONE or not job.file:
        raise Http404
    try:
        handle = job.file.open("rb")
    except FileNotFoundError as missing:
        raise Http404 from missing
    response = FileResponse(
        handle, as_attachment=True, filename=job.download_name(), content_type=job.content_type
    )
    response["Cache-Control"] = "private, no-store"
    return response
