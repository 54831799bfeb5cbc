"""The judge's table page and everything posted from it (under ``/j/``).

Each post names the version the judge's page showed (``base_version``); the
service refuses a stale one by keeping the entry as a *conflict* version, and
the judge then sees both and may apply theirs again. Permissions are checked
twice on the server: by the decorator (the role), then by the service (what
this sheet allows: a confirmed sheet is a director's, nobody confirms their
own). Bad input re-renders the page with everything typed kept.
"""

from __future__ import annotations

import uuid
from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.events.decorators import event_permission_required, public_unless_staff
from tournament.results.choices import entry_of
from tournament.results.entry import queued_posts
from tournament.results.entry.forms import HandForm
from tournament.results.entry.table_forms import VersionForm, VoidRulingForm
from tournament.results.page import ending
from tournament.results.page.building import (
    LEVEL_KEY,
    conflict_page,
    final_form,
    hand_form,
    hand_form_again,
    lang,
    message_of,
    render_table,
    ruling_form,
    sheet_parts,
    table_of,
    table_url,
)
from tournament.results.page.display import players_of, preview_view
from tournament.results.page.labels import label_text
from tournament.results.sheet import services, traps
from tournament.results.sheet.policy import REASON_NEEDED, SheetPolicy

SheetInputError, SheetConflict, NotAllowed, AlreadySaved = (
    services.SheetInputError,
    services.SheetConflict,
    services.NotAllowed,
    services.AlreadySaved,
)


def back_to_table(view):
    """Send a logged-out post to the login page, and from there back to the table's page."""

    @wraps(view)
    def wrapper(request, slug, round_number, table_number, *args, **kwargs):
        table_address = reverse("results:table", args=[slug, round_number, table_number])
        if request.method == "POST" and not request.user.is_authenticated:
            return queued_posts.answer(request, redirect_to_login(table_address), login=True)
        response = view(request, slug, round_number, table_number, *args, **kwargs)
        response = queued_posts.table_instead(request, response, slug, table_address)
        return queued_posts.answer(request, response)  # the drafts script's Save (a fetch)

    return wrapper


def table_post(perm: str = "enter_results"):
    """A post from the table's page: only a POST, by a user with ``perm``, answered as
    :func:`back_to_table` answers (a logged-out post goes to the login page and back)."""

    def decorate(view):
        return back_to_table(require_POST(event_permission_required(perm)(view)))

    return decorate


@public_unless_staff  # players (the sheet's QR code) get the table's public page
@event_permission_required("view")
def table_page(request, event, round_number, table_number):
    return render_table(request, event, table_of(event, round_number, table_number))


@table_post()
def hand_add(request, event, round_number, table_number):
    return _hand_post(request, event, table_of(event, round_number, table_number), None)


@back_to_table
@event_permission_required("enter_results")
def hand_edit(request, event, round_number, table_number, number):
    if number < 1:  # hands count from 1; a post to hand 0 must never add a hand
        raise Http404
    table = table_of(event, round_number, table_number)
    if request.method == "POST":
        return _hand_post(request, event, table, number)
    head = services.head_of(table)
    record = head.hands.filter(number=number).first() if head else None
    if record is None:
        raise Http404
    form = hand_form(
        request,
        event,
        players_of(table),
        head,
        initial=HandForm.initial_from(record.entry, entry_of(event)),
        number=number,
    )
    return render_table(request, event, table, hand_form=form, editing=record)


def _hand_post(request, event, table, number):
    head = services.head_of(table)
    names = players_of(table)
    form = hand_form(request, event, names, head, data=request.POST, number=number)
    editing = head.hands.filter(number=number).first() if head and number else None
    if number and editing is None:
        raise Http404
    page = {"hand_form": form, "editing": editing, "open_form": "hand"}
    action = request.POST.get("action") or ""
    if action == "add_winner" or action.startswith("drop_winner_"):
        # Without script, "another player also won" is a post that shows the block.
        page["hand_form"] = hand_form_again(request, event, names, head, request.POST, action)
        return render_table(request, event, table, **page)
    if not form.is_valid():
        return render_table(request, event, table, status=400, **page)
    entry = form.entry()
    request.session[LEVEL_KEY.format(slug=event.slug)] = form.cleaned_data["level"]
    index = number - 1 if number else (head.hands.count() if head else 0)
    if request.POST.get("action") == "check":
        try:
            result = services.preview(table, entry, number=number, lang=lang())
        except SheetInputError as error:
            form.add_sheet_error(error.field, message_of(error), index)
            return render_table(request, event, table, status=400, **page)
        preview = preview_view(result.to_dict(), index, entry, names, lang(), **sheet_parts(event))
        return render_table(request, event, table, preview=preview, **page)
    if _form_refused(request, event, form, head):
        return render_table(request, event, table, status=400, **page)
    # Issue #35: a hand that ends the session (not played, a draw at the last hand) is asked first.
    question = ending.question(table, head, form, entry, number, lang())
    if question and not ending.confirmed(request.POST):
        return render_table(request, event, table, end_session=question, **page)

    def change():
        kwargs = _change_kwargs(request, form)
        if number:
            return services.replace_hand(table, number, entry, **kwargs)
        return services.add_hand(table, entry, **kwargs)

    def saved(sheet) -> str:
        row = sheet.hands.filter(number=index + 1).first()
        rows = (sheet.result or {}).get("rows") or []
        parts = rows[index].get("label_parts") if index < len(rows) else None
        label = label_text(parts, row.label if row else "")  # in the reader's words
        return _("Hand %(n)s (%(label)s) saved.") % {"n": index + 1, "label": label}

    to = f"{table_url(table)}#hand-{index + 1}"
    return _save(request, event, table, change, saved, to, form=form, page=page, index=index)


def _save(request, event, table, change, saved, to, *, form=None, page=None, index=None):
    """Make one change of the sheet (``change()``, a service call) and answer the post.

    Saved: the message ``saved`` (or ``saved(sheet)``) and a redirect to ``to``.
    Refused: the page again, the reason next to its field of ``form`` (at the
    top of the page for a post without a form), or both versions side by side
    when the judge's page was stale.
    """
    try:
        sheet = change()
    except SheetInputError as error:
        if form is None:
            page = {"page_error": message_of(error)}
        else:
            form.add_sheet_error(error.field, message_of(error), index)
        return render_table(request, event, table, status=400, **page)
    except SheetConflict as conflict:
        return conflict_page(request, event, table, conflict)
    except AlreadySaved as done:
        # The same post again: answer as the first one was answered, save nothing.
        messages.info(request, done.message)
        return redirect(to)
    except NotAllowed as error:
        if form is None:
            page = {"page_error": error.message}
        else:
            form.add_error(None, error.message)
        return render_table(request, event, table, status=403, **page)
    messages.success(request, saved(sheet) if callable(saved) else saved)
    return redirect(to)


def _reason_given(request, event, form, head) -> bool:
    """A director corrects a confirmed sheet with a reason, asked for next to its field.

    (The service refuses the change too; any other refusal is the service's, not this one.)
    """
    reason = form.cleaned_data.get("reason") or ""
    answer = SheetPolicy(request.user, event, head).can_change(reason)
    if answer.code == REASON_NEEDED:
        form.add_error("reason", answer.message)
        return False
    return True


def entry_key_of(request) -> str | None:
    """The form's one-time key (``{% entry_key %}``), if it is one; else None (no check)."""
    try:
        return str(uuid.UUID(request.POST.get("entry_key", "")))
    except ValueError:
        return None


def _write(request, base_version: int, reason: str = "") -> dict:
    """The keywords every change of the sheet takes (the services' ``_sheet_verb``)."""
    return {
        "by": request.user,
        "base_version": base_version,
        "reason": reason,
        "entry_key": entry_key_of(request),
    }


def _change_kwargs(request, form) -> dict:
    data = form.cleaned_data
    return _write(request, data["base_version"], data.get("reason") or "")


def _form_refused(request, event, form, head) -> bool:
    """A Save refused before the service is asked: the form's own errors, a confirmed
    sheet's missing reason, a submitted sheet's missing acknowledgement (each at its field)."""
    return (
        not form.is_valid()
        or not _reason_given(request, event, form, head)
        or traps.reopen_refused(form, head)
    )


@table_post()
def hand_remove(request, event, round_number, table_number, number):
    table = table_of(event, round_number, table_number)
    head = services.head_of(table)
    try:
        base = int(request.POST.get("base_version", ""))
    except ValueError:
        return render_table(request, event, table, status=400, page_error=_("Reload the page."))
    reason = (request.POST.get("reason") or "").strip()
    enough = SheetPolicy(request.user, event, head).with_reason(reason)
    if not enough:
        return render_table(request, event, table, status=400, page_error=enough.message)
    if not traps.reopen_allowed_without_form(request.POST, head):
        return render_table(request, event, table, status=400, page_error=traps.reopen_needed())

    def change():
        return services.remove_hand(table, number, **_write(request, base, reason))

    return _save(
        request, event, table, change, _("Hand %(n)s removed.") % {"n": number}, table_url(table)
    )


@table_post()
def ruling_add(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    head = services.head_of(table)
    form = ruling_form(event, head, data=request.POST)
    page = {"ruling_form": form, "open_form": "ruling"}
    if _form_refused(request, event, form, head):
        return render_table(request, event, table, status=400, **page)
    overridden = form.rules_points(event)  # the rules' points, not the typed ones: say so
    kwargs = form.service_kwargs(event)
    reason = kwargs.pop("reason", "")

    def change():
        return services.record_ruling(
            table, **kwargs, **_write(request, form.cleaned_data["base_version"], reason)
        )

    to = f"{table_url(table)}#rulings"
    saved = " ".join(filter(None, (_("Ruling recorded."), overridden)))
    return _save(request, event, table, change, saved, to, form=form, page=page)


@table_post()
def ruling_void(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    form = VoidRulingForm(request.POST)
    if not form.is_valid():
        error = _("Say why the ruling is cancelled.")
        return render_table(request, event, table, status=400, page_error=error)
    if not traps.reopen_allowed_without_form(request.POST, services.head_of(table)):
        return render_table(request, event, table, status=400, page_error=traps.reopen_needed())
    data = form.cleaned_data

    def change():
        return services.void_ruling(
            table, data["key"], **_write(request, data["base_version"], data["reason"])
        )

    return _save(
        request, event, table, change, _("Ruling cancelled."), f"{table_url(table)}#rulings"
    )


@table_post()
def final_scores(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    head = services.head_of(table)
    form = final_form(event, players_of(table), head, data=request.POST)
    page = {"final_form": form, "open_form": "final"}
    if _form_refused(request, event, form, head):
        return render_table(request, event, table, status=400, **page)

    def change():
        return services.save_final_scores(
            table,
            form.scores(),
            leftover_sticks=form.cleaned_data.get("leftover_sticks") or 0,
            **_change_kwargs(request, form),
        )

    saved = _("Final scores saved.")
    return _save(request, event, table, change, saved, table_url(table), form=form, page=page)


@table_post()
def submit(request, event, round_number, table_number):
    table = table_of(event, round_number, table_number)
    head = services.head_of(table)
    # Issue #19: an incomplete session is never submitted by one stray tap.
    error = traps.ending_early_refused(request.POST, head)
    if error:
        return render_table(request, event, table, status=400, decide_error=error)
    return _decide(request, event, round_number, table_number, services.submit_sheet)


@table_post("confirm")
def confirm(request, event, round_number, table_number):
    return _decide(request, event, round_number, table_number, services.confirm_sheet)


def _decide(request, event, round_number, table_number, verb):
    table = table_of(event, round_number, table_number)
    form = VersionForm(request.POST)
    if not form.is_valid():
        return render_table(request, event, table, status=400, page_error=_("Reload the page."))
    try:
        sheet = verb(table, by=request.user, version=form.cleaned_data["version"])
    except NotAllowed as error:
        return render_table(request, event, table, status=403, page_error=error.message)
    messages.success(
        request,
        _("Version %(version)s is %(status)s.")
        % {"version": sheet.version, "status": sheet.get_status_display().lower()},
    )
    return redirect(table_url(table))
