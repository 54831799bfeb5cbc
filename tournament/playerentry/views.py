"""The players' phone pages under ``/p/<event>/<round>/<table>/`` (no login: the table PIN).

The entering phone gets the judge's own hand form (``results/_hand_form.html``),
posted here and written by the same results services, so validation, the
one-time key, versions and conflicts behave exactly as for a judge. Any phone
opened with the PIN may accept or reject a hand entered from another seat.
Everything refused is said on the page, in the player's language; nothing
here is a 500.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.accounts.login_limit import client_address
from tournament.events.rules import family_of
from tournament.family_templates import FamilyTemplates
from tournament.playerentry import pin_lock, services
from tournament.playerentry.cookies import held_by, phone_from, remember, remember_device
from tournament.results.page.bar import bar_view
from tournament.results.page.building import (
    PICKER_HONOURS,
    PICKER_SUITS,
    hand_form,
    hand_form_again,
    head_result,
    lang,
    message_of,
    sheet_parts,
    version_view,
)
from tournament.results.page.display import WIND_CHARS, players_of, preview_view, sheet_view
from tournament.results.page.views import entry_key_of
from tournament.results.sheet import services as results
from tournament.results.sheet import traps
from tournament.results.sheet.errors import AlreadySaved, NotAllowed, SheetConflict, SheetInputError
from tournament.results.sheet.policy import PLAYERS, SheetPolicy
from tournament.results.sheet.state import head_of
from tournament.seating.models import Table
from tournament.seating.visibility import table_or_404


def table_of(request, slug, round_number, table_number) -> Table:
    """The table, when its event lets players enter and the visitor may see its seating.

    Else a 404: the option is off, or the round's seating is not public (not
    published, or a private event), exactly where the public round page is a
    404 (``tournament.seating.visibility``); the event's staff keep the pages.
    """
    return table_or_404(request.user, slug, round_number, table_number, player_entry=True)


def url_of(table, name="table", *args) -> str:
    event = table.round.event
    return reverse(
        f"playerentry:{name}", args=[event.slug, table.round.number, table.number, *args]
    )


def seat_choices(table) -> list[tuple[str, str]]:
    names = players_of(table)
    return [(seat, WIND_CHARS[seat], names.get(seat, "")) for seat in services.SEATS]


def pin_page(request, slug, round_number, table_number):
    """The PIN and the player's seat: the phone is remembered for the session.

    A phone gets its token here before it types (its wrong PINs are its own),
    and a phone that already holds a seat at the table keeps it.
    """
    table = table_of(request, slug, round_number, table_number)
    device, held = held_by(request, table)
    new_here, device = not device, device or pin_lock.new_device()
    error, status = "", 200
    if request.method == "POST":
        try:
            phone = services.open_with_pin(
                table,
                request.POST.get("pin", ""),
                request.POST.get("seat", ""),
                device=device,
                held_seat=held,
                address=client_address(request),
            )
        except NotAllowed as refusal:
            error, status = refusal.message, 400
        else:
            response = redirect(url_of(table))
            remember(response, table, phone)
            return response
    context = {
        "event": table.round.event,
        "round": table.round,
        "table": table,
        "seats": seat_choices(table),
        "chosen": request.POST.get("seat", "") or held,
        "held": services.SEAT_NAMES.get(held, ""),
        "error": error,
    }
    response = render(request, "playerentry/pin.html", context, status=status)
    if new_here:
        remember_device(response, table, device)
    return response


def _phone_or_pin(request, slug, round_number, table_number):
    table = table_of(request, slug, round_number, table_number)
    return table, phone_from(request, table)


def table_page(request, slug, round_number, table_number):
    table, phone = _phone_or_pin(request, slug, round_number, table_number)
    if phone is None:
        return redirect(url_of(table, "pin"))
    return render_page(request, table, phone)


def render_page(request, table, phone, *, status=200, **parts):
    """The players' page: the sheet, the hands waiting for acceptance, and the form if it enters."""
    event = table.round.event
    head = head_of(table)
    names = players_of(table)
    result = head.result if head is not None and head.result else head_result(event, None)
    if head is not None:
        sheet = version_view(event, head, names)
    else:
        sheet = sheet_view(result, names, lang(), **sheet_parts(event))
    # The judge's bar, built by the same function: the same dealer, winds and totals.
    bar = bar_view(event, sheet, result, names)
    policy = SheetPolicy(PLAYERS, event, head)
    drafting = bool(policy.can_change())
    # The service's rule: a hand accepted, or entered again by a judge, is settled.
    checks = services.checks_of(table, head)
    waiting = [c for c in checks if not c.settled]
    context = {
        "event": event,
        "round": table.round,
        "table": table,
        "phone": phone,
        "seat_char": bar["winds"][phone.seat],
        "seat_name": names.get(phone.seat, ""),
        "head": head,
        "sheet": sheet,
        "names": names,
        "winds": bar["winds"],
        "bar": bar,
        "slots": FamilyTemplates(family_of(event).name),
        "checks": checks,
        "waiting": waiting,
        "judged": [c for c in checks if c.settled_by_judge],
        "drafting": drafting,
        "can_enter": phone.enters and drafting,
        "may_submit": phone.enters and bool(policy.can_submit()),
        "submit_ready": not waiting and head is not None and head.balanced,
        "base_version": head.version if head else 0,
        "hand_form": parts.get("hand_form") or hand_form(request, event, names, head),
        "form_action": url_of(table, "hand"),
        "picker_suits": PICKER_SUITS,
        "picker_honours": PICKER_HONOURS,
        "preview": parts.get("preview"),
        "page_error": parts.get("page_error"),
        "open_form": "hand",
    }
    return render(request, "playerentry/table.html", context, status=status)


@require_POST
def hand_add(request, slug, round_number, table_number):
    table, phone = _phone_or_pin(request, slug, round_number, table_number)
    if phone is None:
        return redirect(url_of(table, "pin"))
    event, head = table.round.event, head_of(table)
    names = players_of(table)
    form = hand_form(request, event, names, head, data=request.POST)
    action = request.POST.get("action") or ""
    if action == "add_winner" or action.startswith("drop_winner_"):
        again = hand_form_again(request, event, names, head, request.POST, action)
        return render_page(request, table, phone, hand_form=again)
    if not form.is_valid():
        return render_page(request, table, phone, status=400, hand_form=form)
    entry = form.entry()
    index = head.hands.count() if head else 0
    try:
        if action == "check":
            result = results.preview(table, entry, lang=lang())
            shown = preview_view(
                result.to_dict(), index, entry, names, lang(), **sheet_parts(event)
            )
            return render_page(request, table, phone, hand_form=form, preview=shown)
        services.enter_hand(
            table,
            phone,
            entry,
            base_version=form.cleaned_data["base_version"],
            entry_key=entry_key_of(request),
        )
    except SheetInputError as error:
        form.add_sheet_error(error.field, message_of(error), index)
        return render_page(request, table, phone, status=400, hand_form=form)
    except SheetConflict:
        # The entry is kept as a conflict version for the judge; the phone reloads.
        error = _("Another entry was saved meanwhile: check the hands, then enter again.")
        return render_page(request, table, phone, status=409, page_error=error)
    except AlreadySaved as done:
        messages.info(request, done.message)
        return redirect(url_of(table))
    except NotAllowed as refusal:
        form.add_error(None, refusal.message)
        return render_page(request, table, phone, status=403, hand_form=form)
    messages.success(
        request,
        _("Hand %(n)s saved. Another player accepts it on their phone.") % {"n": index + 1},
    )
    return redirect(f"{url_of(table)}#hand-{index + 1}")


def _decide(request, table, phone, verb, done: str):
    try:
        verb()
    except NotAllowed as refusal:
        return render_page(request, table, phone, status=403, page_error=refusal.message)
    messages.success(request, done)
    return redirect(url_of(table))


@require_POST
def accept(request, slug, round_number, table_number, number):
    table, phone = _phone_or_pin(request, slug, round_number, table_number)
    if phone is None:
        return redirect(url_of(table, "pin"))
    return _decide(
        request,
        table,
        phone,
        lambda: services.accept_hand(table, phone, number),
        _("Hand %(n)s accepted.") % {"n": number},
    )


@require_POST
def reject(request, slug, round_number, table_number, number):
    table, phone = _phone_or_pin(request, slug, round_number, table_number)
    if phone is None:
        return redirect(url_of(table, "pin"))
    words = request.POST.get("words", "")
    return _decide(
        request,
        table,
        phone,
        lambda: services.reject_hand(table, phone, number, words),
        _("Hand %(n)s is disputed: a judge will settle it.") % {"n": number},
    )


@require_POST
def submit(request, slug, round_number, table_number):
    table, phone = _phone_or_pin(request, slug, round_number, table_number)
    if phone is None:
        return redirect(url_of(table, "pin"))
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        return render_page(request, table, phone, status=400, page_error=_("Reload the page."))
    # Hands still waiting for acceptance are refused first (the service); then, as for a
    # judge, an incomplete session needs "ended early" ticked.
    waiting = services.open_checks(table)
    error = "" if waiting else traps.ending_early_refused(request.POST, head_of(table))
    if error:
        return render_page(request, table, phone, status=400, page_error=error)
    return _decide(
        request,
        table,
        phone,
        lambda: services.submit_by_players(table, phone, version),
        _("The sheet is submitted. A judge will check and confirm it."),
    )
