"""Changing an event or a player after the fact, as verbs.

Finishing the event needs every round's sheets: ``rounds.round_admin.finish_event``.

Until now these took the Django admin, which gives no reason and checks none
of the rules below. Each service runs in one transaction, refuses with an
:class:`EventError` (an :class:`EventFieldError` when one field is at fault,
so the page can put the message next to it), and leaves history records with
a change reason code and the user.

Vocabulary: the event's *rules* are its ruleset preset and options
(``ruleset_overrides``); they are fixed once the event starts, because the
resolved config is frozen then and every sheet is scored with it. The other
fields (name, dates, public flag, session length, entry level, number of
rounds) describe the event and may change any time.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.events.change_reasons import change_reason
from tournament.events.errors import EventError, save_with_history
from tournament.events.models import EntryLevel, Event, Player, Registration, TimeLimitPolicy
from tournament.events.plain_text import control_character_error
from tournament.events.services import (
    PERSON_FIELDS,
    REGISTRATION_FIELDS,
    check_group,
    check_ruleset,
    check_team,
    clean_player_fields,
)
from tournament.events.teams import teams_of

ENTRY_LEVELS = tuple(EntryLevel.values)
TIME_LIMIT_POLICIES = tuple(TimeLimitPolicy.values)  # Event.time_limit_policy
RULE_FIELDS = ("ruleset", "ruleset_overrides")
# The edit form's fields: this event's (the registration's), then the person's (the player's).
PLAYER_FIELDS = (*REGISTRATION_FIELDS, *PERSON_FIELDS)
# What edit_event always takes; the rules and the team and player-entry settings it leaves
# as they are when they are not given.
DESCRIPTION_FIELDS = (
    "name",
    "start_date",
    "end_date",
    "is_public",
    "hands_per_session",
    "time_limit_minutes",
    "time_limit_policy",
    "entry_level",
    "rounds_planned",
)


def description_of(event: Event) -> dict[str, Any]:
    """The event's description as :func:`edit_event` takes it, as it stands.

    Why: a caller that changes one setting (the API's rounds planned, the demo's
    team rankings) passes the rest unchanged; the edit form starts from them.
    """
    return {field: getattr(event, field) for field in DESCRIPTION_FIELDS}


def player_fields(registration: Registration) -> dict[str, Any]:
    """The player's details as :func:`edit_player` takes them, as they stand.

    The registration's own (name, club, country, group, team) and the person's
    (EMA id, Latin names): the edit form starts from them.
    """
    player, own = registration.player, (*REGISTRATION_FIELDS, "group", "team")
    return {
        **{field: getattr(registration, field) for field in own},
        **{field: getattr(player, field) for field in PERSON_FIELDS},
    }


class EventFieldError(EventError):
    """A refusal that is about one field of the form (``field``, its name)."""

    def __init__(self, field: str, message):
        super().__init__(message)
        self.field = field


@transaction.atomic
def edit_event(
    event: Event,
    *,
    name: str,
    start_date: datetime.date,
    end_date: datetime.date,
    is_public: bool,
    hands_per_session: int | None = None,
    time_limit_minutes: int | None = None,
    time_limit_policy: str | None = None,
    entry_level: str = "value",
    rounds_planned: int | None = None,
    player_entry: bool | None = None,
    ruleset: str | None = None,
    ruleset_overrides: dict[str, Any] | None = None,
    team_sum_all: bool | None = None,
    team_best_n: int | None | object = ...,
    by=None,
) -> Event:
    """Change the event's description; its rules only while it is a draft.

    ``ruleset`` and ``ruleset_overrides`` None leave the rules as they are;
    so do ``team_sum_all`` None and ``team_best_n`` left out (None there
    means "no best-N ranking"). The team rankings may change at any time:
    they are read, not stored, so the team standings follow.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    name = " ".join((name or "").split())
    if not name:
        raise EventFieldError("name", _("The event needs a name."))
    message = control_character_error(_("Event name"), name)
    if message is not None:
        raise EventFieldError("name", message)
    if end_date < start_date:
        raise EventFieldError("end_date", _("The event cannot end before it starts."))
    for field, value in (
        ("hands_per_session", hands_per_session),
        ("time_limit_minutes", time_limit_minutes),
    ):
        if value is not None and value < 1:
            raise EventFieldError(
                field, _("Hands per session and the time limit must be at least 1.")
            )
    time_limit_policy = time_limit_policy or event.time_limit_policy
    if time_limit_policy not in TIME_LIMIT_POLICIES:
        raise EventFieldError(
            "time_limit_policy", _("At time: the hand in progress is finished, or void.")
        )
    if entry_level not in ENTRY_LEVELS:
        raise EventFieldError(
            "entry_level", _("Result entry must be full tiles, value only or final scores only.")
        )
    _check_rounds_planned(event, rounds_planned)
    team_best_n = event.team_best_n if team_best_n is ... else team_best_n
    _check_team_best_n(event, team_best_n)
    rules = _new_rules(event, ruleset, ruleset_overrides, hands_per_session)
    changes = {
        "name": name,
        "start_date": start_date,
        "end_date": end_date,
        "is_public": bool(is_public),
        "hands_per_session": hands_per_session,
        "time_limit_minutes": time_limit_minutes,
        "time_limit_policy": time_limit_policy,
        "entry_level": entry_level,
        "rounds_planned": rounds_planned,
        # None (a caller that does not know the option) leaves it as it is.
        "player_entry": event.player_entry if player_entry is None else bool(player_entry),
        "team_sum_all": event.team_sum_all if team_sum_all is None else bool(team_sum_all),
        "team_best_n": team_best_n,
        **rules,
    }
    changed = [field for field, value in changes.items() if getattr(event, field) != value]
    if not changed:
        return event
    for field in changed:
        setattr(event, field, changes[field])
    return save_with_history(event, change_reason("event.edited", fields=",".join(changed)), by)


def _check_rounds_planned(event: Event, rounds_planned: int | None) -> None:
    """Not below a round the players have seen or played.

    Rounds seated ahead and not published yet may lie beyond a lower number:
    *Plan all rounds* removes them (``round.unplanned``), or *Delete round* does.
    """
    if rounds_planned is None:
        return
    if rounds_planned < 1:
        raise EventFieldError("rounds_planned", _("The number of rounds is at least 1."))
    # Through the event's relations: seating and results sit above the events.
    played = event.rounds.public() | event.rounds.filter(tables__sheets__isnull=False)
    last = played.order_by("-number").values_list("number", flat=True).first() or 0
    if rounds_planned < last:
        raise EventFieldError(
            "rounds_planned",
            _(
                "Round %(seated)s is already published or played: the number of rounds "
                "cannot be below %(seated)s."
            )
            % {"seated": last},
        )


def _check_team_best_n(event: Event, best_n: int | None) -> None:
    """At least one member; not more than the largest team has (when teams are known).

    Before any team is registered any number is allowed: the teams come later.
    """
    if best_n is None:
        return
    if best_n < 1:
        raise EventFieldError("team_best_n", _("Count at least one member per round."))
    largest = max((len(members) for members in teams_of(event).values()), default=0)
    if largest and best_n > largest:
        raise EventFieldError(
            "team_best_n",
            _(
                "The largest team has %(largest)s members: count at most %(largest)s "
                "per round, or leave it empty."
            )
            % {"largest": largest},
        )


def _new_rules(event: Event, ruleset, overrides, hands_per_session) -> dict:
    """The rule fields that change, checked by the rules engine; refused once started."""
    ruleset = event.ruleset if ruleset is None else ruleset
    overrides = event.ruleset_overrides if overrides is None else dict(overrides)
    if ruleset == event.ruleset and overrides == event.ruleset_overrides:
        return {}
    if event.status != Event.Status.DRAFT:
        field = "ruleset" if ruleset != event.ruleset else "ruleset_overrides"
        raise EventFieldError(
            field,
            _(
                "“%(event)s” has started: its ruleset and options are fixed, because every "
                "sheet is scored with the rules frozen at the start."
            )
            % {"event": event.name},
        )
    try:
        check_ruleset(ruleset, overrides, hands_per_session)
    except EventError as error:
        raise EventFieldError("ruleset_overrides", error.message) from error
    return {"ruleset": ruleset, "ruleset_overrides": overrides}


@transaction.atomic
def edit_player(
    registration: Registration,
    *,
    name: str,
    club: str = "",
    country: str = "",
    ema_id: str = "",
    latin_first_name: str = "",
    latin_last_name: str = "",
    group: str = "",
    team: str | None = None,
    name_order: str | None = None,
    reason: str = "",
    by=None,
) -> Registration:
    """Correct a player's details in this event, and the person's EMA id and Latin names.

    The name, club, country, group and team are this registration's (issue
    #32): other events, a finished one above all, keep theirs. The EMA id and
    the Latin names are the person's, the same in every event (the EMA file
    of each event they played follows a corrected spelling).

    ``reason`` is the director's own words, kept in the history if given.
    ``team`` and ``name_order`` None leave them as they are (a caller that does not know them);
    a new team is recorded as ``registration.team_set``, and the team
    standings follow at once (they are read from the registrations).
    """
    registration = (
        Registration.objects.select_for_update().select_related("event").get(pk=registration.pk)
    )
    if registration.event.status == Event.Status.FINISHED:
        raise EventError(
            _("“%(event)s” has finished; its players cannot change.")
            % {"event": registration.event.name}
        )
    fields = clean_player_fields(
        name,
        club,
        country,
        ema_id,
        latin_first_name=latin_first_name,
        latin_last_name=latin_last_name,
        name_order=name_order,
    )
    try:
        group = check_group(group)
    except EventError as error:
        raise EventFieldError("group", error.message) from error
    team = registration.team if team is None else _checked_team(team)
    player = Player.objects.select_for_update().get(pk=registration.player_id)
    fields.setdefault("name_order", player.name_order)
    _refuse_taken_ema_id(player, fields["ema_id"])
    changed = [field for field in PERSON_FIELDS if getattr(player, field) != fields[field]]
    if changed:
        for field in changed:
            setattr(player, field, fields[field])
        save_with_history(player, change_reason("player.edited", words=reason), by)
    own = {key: fields[key] for key in REGISTRATION_FIELDS}
    before = {key: getattr(registration, key) for key in (*own, "group", "team")}
    after = {**own, "group": group, "team": team}
    if after != before:
        code = "registration.team_set" if team != registration.team else "registration.edited"
        for key, value in after.items():
            setattr(registration, key, value)
        save_with_history(registration, change_reason(code, words=reason), by)
    registration.player = player
    return registration


def _checked_team(team: str) -> str:
    """The team as stored, or a refusal next to the team field."""
    try:
        return check_team(team)
    except EventError as error:
        raise EventFieldError("team", error.message) from error


def _refuse_taken_ema_id(player: Player, ema_id: str) -> None:
    """An EMA id names one person: registering by it finds them, so two players cannot share it."""
    if not ema_id:
        return
    other = Player.objects.filter(ema_id=ema_id).exclude(pk=player.pk).order_by("pk").first()
    if other is not None:
        raise EventFieldError(
            "ema_id",
            _("The EMA id %(ema_id)s already belongs to %(name)s.")
            % {"ema_id": ema_id, "name": other.known_as() or f"#{other.pk}"},
        )
