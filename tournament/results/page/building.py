"""Building the judge's table page: the sheet, the forms, and who may do what on it.

The views (``views.py``) read a post and call a service; whatever they
render, with a preview, an error or nothing, goes through :func:`render_table`
so the page always shows the same things in the same places.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tournament.events.models import EntryLevel
from tournament.events.rules import family_of, rules_of
from tournament.family_templates import FamilyTemplates
from tournament.formatting import signed
from tournament.glossary import running_points_heading
from tournament.results.choices import entry_of
from tournament.results.entry.forms import HandForm
from tournament.results.entry.table_forms import FinalScoresForm, RulingForm, VersionForm
from tournament.results.entry.win_blocks import MAX_BLOCKS, on_key
from tournament.results.models import GameLogUse, ScoreSheet
from tournament.results.page.bar import bar_view
from tournament.results.page.display import players_of, sheet_view
from tournament.results.sheet import services, traps
from tournament.results.sheet.errors import said
from tournament.results.sheet.policy import SheetPolicy
from tournament.results.sheet.rulings import consequences
from tournament.seating.models import Table

Status = ScoreSheet.Status
LEVEL_KEY = "results-level-{slug}"
# The tile picker's buttons: the suits' characters and the honours in mpsz order (1z-7z).
PICKER_SUITS = [("m", "萬"), ("p", "筒"), ("s", "索")]
PICKER_HONOURS = list(enumerate("東南西北白發中", start=1))


def lang() -> str:
    return (get_language() or "en").split("-")[0]


def table_of(event, round_number: int, table_number: int) -> Table:
    """The table, its round carrying the request's ``event`` (and so its rules, made once)."""
    table = get_object_or_404(
        Table.objects.select_related("round"),
        round__event=event,
        round__number=round_number,
        number=table_number,
    )
    table.round.event = event
    return table


def table_url(table, name="table", *args) -> str:
    return reverse(
        f"results:{name}", args=[table.round.event.slug, table.round.number, table.number, *args]
    )


def sheet_parts(event) -> dict:
    """What every view of a sheet of ``event`` asks of its family (``sheet_view``'s keywords)."""
    return {"family": family_of(event), "features": entry_of(event).features}


def points_heading(event) -> str:
    """The session footer's points column heading, in the ruleset's players' word."""
    return running_points_heading(family_of(event).layout(rules_of(event)).footer)


def head_result(event, head: ScoreSheet | None) -> dict:
    """The head's replay, or the empty sheet's (start points, first label) when none exists."""
    if head is not None and head.result:
        return head.result
    try:
        return services.empty_result(event, lang()).to_dict()
    except services.SheetInputError:
        return {}


def only_ruling_rows(head: ScoreSheet | None) -> bool:
    """No hand was entered: the rows there are (if any) come from rulings (a chombo)."""
    return head is None or all(r.entry.get("ruling") for r in head.hands.all())


def version_view(event, sheet: ScoreSheet, names: dict) -> dict:
    """One stored version as the templates show it."""
    records = list(sheet.hands.order_by("number").select_related("entered_by"))
    # A conflict the engine refused has no result: its rows are shown as entered.
    result = sheet.result or ({} if records else head_result(event, None))
    final_only = sheet.kind == ScoreSheet.Kind.FINAL
    view = sheet_view(
        result, names, lang(), records=records, final_only=final_only, **sheet_parts(event)
    )
    view["version"] = sheet
    view["points_heading"] = points_heading(event)
    view["rulings"] = list(
        sheet.rulings.select_related("decided_by", "voided_by").prefetch_related("penalties")
    )
    return view


def permissions(user, event, head: ScoreSheet | None) -> dict:
    """What the page shows the user: the sheet policy's answers (``sheet/policy.py``)."""
    policy = SheetPolicy(user, event, head)
    return {
        "can_enter": policy.may("enter_results"),
        "can_manage": policy.may("manage"),
        "can_change": bool(policy.can_change()),
        "needs_reason": policy.asks_reason,
        "can_submit": bool(policy.can_submit()),
        "may_confirm": policy.may("confirm"),
        "can_confirm": bool(policy.can_confirm()),
        "submitted_by_me": head is not None and head.status == Status.SUBMITTED and policy.mine,
    }


def penalty_holders(head: ScoreSheet | None, index: int) -> dict[str, str]:
    """Seat -> penalty tiles (mpsz) held in hand ``index`` (from 0), as the replay says.

    Holders who may win only by self-draw are left out: for them no
    confirmation makes a discard win possible (the replay refuses it).
    """
    listed = (head.result or {}).get("penalty_tiles") or [] if head else []
    return {
        p["seat"]: p["tiles"]
        for p in listed
        if p.get("hand") == index and not p.get("self_draw_only")
    }


def hand_form(request, event, names, head, data=None, initial=None, number=None) -> HandForm:
    """``number``: the hand being corrected (from 1), else the next hand's form."""
    # A hand is entered as tiles or as its value; an event of final scores starts at its value.
    default = (
        event.entry_level
        if event.entry_level in (EntryLevel.TILES, EntryLevel.VALUE)
        else EntryLevel.VALUE
    )
    level = request.session.get(LEVEL_KEY.format(slug=event.slug), default)
    entry = entry_of(event)
    start = {
        "base_version": head.version if head else 0,
        "level": level,
        "outcome": HandForm.default_outcome(entry),
    }
    form = HandForm(
        data,
        initial={**start, **(initial or {})},
        entry=entry,
        seats=names,
        rules_name=event.rules_title(),
        penalty_holders=penalty_holders(
            head, number - 1 if number else (head.hands.count() if head else 0)
        ),
    )
    return traps.ask_reopen(form, head)


def hand_form_again(request, event, names, head, data, action: str) -> HandForm:
    """The posted hand form shown again with a winner block added or removed (no script).

    Nothing is checked or saved: the judge sees what they typed, plus or minus
    the block, as an unbound form so that no error shows yet.
    """
    posted = hand_form(request, event, names, head, data=data)
    typed = {
        field_name: field.widget.value_from_datadict(data, None, posted.add_prefix(field_name))
        for field_name, field in posted.fields.items()
    }
    shown = {k for k in range(2, MAX_BLOCKS + 1) if data.get(on_key(k))}
    if action == "add_winner":
        free = [b.number for b in posted.win_blocks if not b.on]
        shown.update(free[:1])
    else:
        dropped = action.removeprefix("drop_winner_")
        shown.discard(int(dropped) if dropped.isdigit() else 0)
    typed.update({on_key(k): True for k in shown})
    return hand_form(request, event, names, head, initial=typed)


def ruling_form(event, head, data=None) -> RulingForm:
    # The hand being played now: where a ruling usually happens (a judge may change it).
    initial = {"base_version": head.version if head else 0, "after_hand": 1}
    if head is None:
        return RulingForm(data, initial=initial)
    form = RulingForm(
        data,
        initial={**initial, "after_hand": head.hands.count() + 1},
        number=head.rulings.count() + 1,
        in_progress=head.hands.count() + 1,
    )
    return traps.ask_reopen(form, head)


def final_form(event, names, head, data=None) -> FinalScoresForm:
    initial = {"base_version": head.version if head else 0, "leftover_sticks": 0}
    if head is not None and head.final_scores:
        initial.update({f"score_{s}": v for s, v in head.final_scores.items()})
        initial["leftover_sticks"] = head.leftover_sticks
    sticks = "final_sticks" in entry_of(event).features
    return traps.ask_reopen(
        FinalScoresForm(data, initial=initial, sticks=sticks, seats=names), head
    )


def ruling_hints(event) -> list[dict]:
    """What each kind of ruling brings under this ruleset, for the form to say before saving."""
    hints = []
    for kind, label in RulingForm.base_fields["kind"].choices:
        follows = consequences(event, kind, "E")
        parts = []
        row = follows["hand_entry"]
        if row is not None and row["outcome"] == "chombo":
            parts.append(_("a chombo row: the hand is replayed, the preset's chombo applies"))
        elif row is not None:
            parts.append(_("a row voids the hand"))
        for p in follows["penalties"]:
            if not p["points"]:
                continue  # a ruling logged without points: nothing to say
            if p["distribution"] == "equal_to_others":
                parts.append(
                    _("%(points)s to the player, %(share)s to each other player")
                    % {"points": signed(p["points"]), "share": signed(-p["points"] // 3)}
                )
            else:
                parts.append(_("%(points)s to the player") % {"points": signed(p["points"])})
        hints.append(
            {
                "kind": kind,
                "label": label,
                "rule_reference": follows["rule_reference"],
                "text": "; ".join(parts),
            }
        )
    return hints


def render_table(request, event, table, *, status=200, **parts):
    """The judge's page for one table; ``parts`` replace the default (unbound) forms."""
    head = services.head_of(table)
    names = players_of(table)
    allowed = permissions(request.user, event, head)
    # The replay the page shows (an empty sheet's worked out once, for the bar too).
    result = head.result if head and head.result else head_result(event, None)
    sheet = version_view(event, head, names) if head else _empty_view(event, names, result)
    kind = head.kind if head else ScoreSheet.Kind.HANDS
    editing = parts.get("editing")
    bar = bar_view(event, sheet, result, names, editing.number if editing else None)
    finals_only = kind == ScoreSheet.Kind.FINAL or (
        event.entry_level == "final" and only_ruling_rows(head)
    )
    context = {
        "event": event,
        "round": table.round,
        "table": table,
        "slots": FamilyTemplates(family_of(event).name),
        "head": head,
        "sheet": sheet,
        "names": names,
        "winds": bar["winds"],
        "bar": bar,
        "reopen_warning": traps.reopen_warning(head),
        "base_version": head.version if head else 0,
        "finals_only": finals_only,
        "hands_allowed": kind == ScoreSheet.Kind.HANDS,
        "final_allowed": not sheet["rows"],
        "hand_form": parts.get("hand_form") or hand_form(request, event, names, head),
        "ruling_form": parts.get("ruling_form") or ruling_form(event, head),
        "final_form": parts.get("final_form") or final_form(event, names, head),
        "version_form": VersionForm(initial={"version": head.version if head else 1}),
        "hints": ruling_hints(event),
        "picker_suits": PICKER_SUITS,
        "picker_honours": PICKER_HONOURS,
        "preview": parts.get("preview"),
        "end_session": parts.get("end_session"),  # the question before a save ends it (ending.py)
        "editing": parts.get("editing"),
        "editing_label": _shown_label(sheet, parts.get("editing")),
        "open_form": parts.get("open_form"),
        "page_error": parts.get("page_error"),
        "decide_error": parts.get("decide_error"),
        "reads_logs": family_of(event).reads_game_logs(),
        "game_log": GameLogUse.objects.filter(table=table, released_at__isnull=True).first(),
        **allowed,
    }
    return render(request, "results/table.html", context, status=status)


def _shown_label(sheet: dict, editing) -> str:
    """The label of the hand being corrected, in the reader's words (the sheet's row)."""
    if editing is None:
        return ""
    rows = [r for r in sheet["rows"] if r["number"] == editing.number]
    return rows[0]["label"] if rows and rows[0]["label"] else editing.label


def _empty_view(event, names, result: dict | None = None) -> dict:
    if result is None:
        result = head_result(event, None)
    view = sheet_view(result, names, lang(), **sheet_parts(event))
    view["version"] = None
    view["points_heading"] = points_heading(event)
    view["rulings"] = []
    return view


def message_of(error: services.SheetInputError) -> str:
    """The error's sentence, without the replay's own copy of the field's path.

    Untranslated codes carry the replay's English detail, which starts with
    the raw field ("hands[0].tenpai: …") right after the translated one. A
    :class:`~tournament.results.sheet.errors.Said`: next to its input, the
    sentence alone (issue #35: the input's label is not said twice).
    """
    return said(error)


def conflict_page(request, event, table, conflict: services.SheetConflict):
    """Both versions side by side, and the judge's post again on top of the new head."""
    names = players_of(table)
    theirs = conflict.theirs
    repost = [
        (key, value)
        for key, values in request.POST.lists()
        # entry_key too: the conflict version holds it, so "apply again" needs its own key.
        if key not in ("csrfmiddlewaretoken", "base_version", "action", "entry_key")
        for value in values
    ]
    context = {
        "event": event,
        "round": table.round,
        "table": table,
        "message": conflict.message,
        "mine": version_view(event, conflict.mine, names),
        "theirs": version_view(event, theirs, names) if theirs else None,
        "repost": repost,
        "repost_url": request.path,
        "new_base": theirs.version if theirs else 0,
        # The newer version is the judge's own (another tab, a lost reply): say so.
        "own": theirs is not None and theirs.created_by_id == conflict.mine.created_by_id,
        "names": names,
    }
    return render(request, "results/conflict.html", context, status=409)
