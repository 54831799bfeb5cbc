"""What a restore gives anew instead of taking it from the file (the reasons: ``schema``).

- **Table PINs**: the file holds none (``Section.not_in_file``); each restored
  table gets a new one and its generation one on, so every phone opens the
  table again with the PIN printed anew. The entering phone and seat stay.
- **Print jobs' PDFs**: the file holds the job's record only. A done job
  keeps its PDF when the file it names (``print/<slug>/<uuid>.pdf``) is in
  this site's storage; any other done, waiting or running job is restored as
  failed, with the message to print it again (its end time kept, or the
  restore's), so no page offers a download that is not there and no job
  waits for a worker that was never asked.
- **One-time keys** (a unique UUID column: ``ScoreSheet.entry_key``,
  ``PrintJob.uuid``) this database already holds get new ones, so a copy
  restored beside its original is written, not refused as damaged.

Applied to a section's unsaved objects just before they are written, inside
the import's transaction: the rows they refer to are written already.
"""

from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.playerentry.models import TablePin
from tournament.playerentry.services import new_pin
from tournament.printing.models import PrintJob, job_file_name

CHUNK = 500  # keys looked up at a time (SQLite takes at most 999 parameters in older builds)


def renew(model: type[models.Model], objects: list[models.Model]) -> None:
    """Give ``objects`` (of ``model``, about to be written) what the file does not hold."""
    _fresh_keys(model, objects)
    if model is TablePin:
        for pin in objects:
            pin.pin, pin.generation = new_pin(), pin.generation + 1
    elif model is PrintJob:
        _jobs_without_pdf(objects)


def _fresh_keys(model: type[models.Model], objects: list[models.Model]) -> None:
    for field in model._meta.concrete_fields:
        if not (field.unique and isinstance(field, models.UUIDField)) or field.primary_key:
            continue
        keys = [getattr(o, field.attname) for o in objects]
        keys = [k for k in keys if k is not None]
        taken = set()
        for start in range(0, len(keys), CHUNK):
            chunk = keys[start : start + CHUNK]
            found = model._default_manager.filter(**{f"{field.attname}__in": chunk})
            taken.update(found.values_list(field.attname, flat=True))
        for obj in objects:
            if getattr(obj, field.attname) in taken:
                setattr(obj, field.attname, uuid.uuid4())


def _pdf_here(job: PrintJob) -> bool:
    """Whether the PDF the job names is this job's, and in this site's storage."""
    name = job.file.name or ""
    return name == job_file_name(job, "") and job.file.storage.exists(name)


def _jobs_without_pdf(jobs: list[PrintJob]) -> None:
    now = timezone.now()
    for job in jobs:
        if job.status not in (
            PrintJob.Status.DONE,
            PrintJob.Status.QUEUED,
            PrintJob.Status.RUNNING,
        ):
            continue  # failed or cancelled: restored as they ended
        if job.status == PrintJob.Status.DONE and _pdf_here(job):
            continue
        job.status = PrintJob.Status.FAILED
        job.error = _("The PDF is not in the restored backup: print it again.")
        job.file = ""
        job.finished_at = job.finished_at or now
