"""What a director does to an event and its players, as verbs.

Each service runs in one transaction, leaves history records that say why
(and who, when a user is given), and refuses with an :class:`EventError`
whose message is meant for the person at the screen. Views, management
commands and the demo loader all go through here; none of them writes these
models directly.

Player import from CSV lives in ``csv_import``; seating in
``tournament.rounds.services``.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.families import OptionError, UnknownRuleset, family_for, ruleset_names
from tournament.events.change_reasons import change_reason
from tournament.events.countries import COUNTRY_CODES
from tournament.events.errors import EventError, save_with_history
from tournament.events.latin_names import clean_latin_name
from tournament.events.models import (
    EntryLevel,
    Event,
    Player,
    Registration,
    StaffRole,
    TimeLimitPolicy,
)
from tournament.events.plain_text import clean_name, name_error
from tournament.events.rules import RULESET_CONFIG_VERSION, frozen_config

SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
EMA_ID_RE = re.compile(r"^[0-9]{1,20}$")

__all__ = [
    "EventError",
    "RULESET_CONFIG_VERSION",
    "add_player",
    "add_substitute",
    "check_ruleset",
    "create_event",
    "drop_player",
    "grant_role",
    "reinstate_player",
    "start_event",
]


def check_ruleset(ruleset: str, overrides: Any, hands_per_session: int | None = None):
    """The family's complete rules for ``ruleset`` with ``overrides``: the one validator.

    Every option any part of the family reads is accepted, and every value the
    replay, the standings or the printouts would refuse is refused here, with
    an :class:`EventError` that names the option. ``hands_per_session`` is the
    event's own field, an option where the family counts hands.
    """
    try:
        family = family_for(ruleset)
    except UnknownRuleset:
        raise EventError(
            _("Unknown ruleset “%(name)s”; use one of %(choices)s.")
            % {"name": ruleset, "choices": ", ".join(ruleset_names())}
        ) from None
    if not isinstance(overrides, Mapping):
        raise EventError(_("Ruleset overrides must be a JSON object of setting: value."))
    options = dict(overrides)
    if hands_per_session and family.hands_option():
        options.setdefault(family.hands_option(), hands_per_session)
    try:
        return family.resolve(ruleset, options)
    except OptionError as error:
        raise EventError(option_message(error)) from error


def option_message(error: OptionError) -> str:
    """The refusal of an event option in the reader's language, naming the option."""
    params = {"option": error.option, "detail": error.message}
    if error.code == "unknown_option":
        params["choices"] = ", ".join(error.params.get("choices", ()))
        return _("“%(option)s” is not an option of this ruleset; use one of %(choices)s.") % params
    if error.params.get("choices"):
        params["choices"] = ", ".join(map(str, error.params["choices"]))
        return _("The option “%(option)s” must be one of %(choices)s (%(detail)s).") % params
    return _("The option “%(option)s” has a value the rules cannot use: %(detail)s") % params


@transaction.atomic
def create_event(
    *,
    slug: str,
    name: str,
    ruleset: str,
    start_date: datetime.date | None = None,
    end_date: datetime.date | None = None,
    ruleset_overrides: Mapping[str, Any] | None = None,
    hands_per_session: int | None = None,
    time_limit_minutes: int | None = None,
    time_limit_policy: str = TimeLimitPolicy.FINISH_CURRENT,
    is_public: bool = False,
    entry_level: str = EntryLevel.VALUE,
    rounds_planned: int | None = None,
    by=None,
) -> Event:
    """A new event in draft. The user who creates it becomes its director.

    ``rounds_planned`` is the number of rounds, as the settings page sets it:
    seating plans every round up to it (``rounds.services``), so a director
    who seats one round at a time gets the whole plan's quality.
    """
    slug = (slug or "").strip()
    name = (name or "").strip()
    if not SLUG_RE.match(slug) or len(slug) > 64:
        raise EventError(
            _("“%(slug)s” is not a usable short name: use lowercase letters, digits and hyphens.")
            % {"slug": slug}
        )
    if Event.objects.filter(slug=slug).exists():
        raise EventError(
            _("An event with the short name “%(slug)s” already exists.") % {"slug": slug}
        )
    if not name:
        raise EventError(_("The event needs a name."))
    overrides = {} if ruleset_overrides is None else ruleset_overrides
    check_ruleset(ruleset, overrides, hands_per_session)
    overrides = dict(overrides)
    start_date = start_date or timezone.localdate()
    end_date = end_date or start_date
    if end_date < start_date:
        raise EventError(_("The event cannot end before it starts."))
    for value in (hands_per_session, time_limit_minutes):
        if value is not None and value < 1:
            raise EventError(_("Hands per session and the time limit must be at least 1."))
    if time_limit_policy not in TimeLimitPolicy.values:
        raise EventError(_("At time: the hand in progress is finished, or void."))
    if entry_level not in EntryLevel.values:
        raise EventError(_("Result entry must be full tiles, value only or final scores only."))
    if rounds_planned is not None and rounds_planned < 1:
        raise EventError(_("The number of rounds is at least 1."))
    event = Event(
        slug=slug,
        name=name,
        ruleset=ruleset,
        start_date=start_date,
        end_date=end_date,
        ruleset_overrides=overrides,
        hands_per_session=hands_per_session,
        time_limit_minutes=time_limit_minutes,
        time_limit_policy=time_limit_policy,
        is_public=is_public,
        entry_level=entry_level,
        rounds_planned=rounds_planned,
    )
    save_with_history(event, change_reason("event.created"), by)
    if by is not None and getattr(by, "is_authenticated", False):
        save_with_history(
            StaffRole(event=event, user=by, role=StaffRole.Role.DIRECTOR),
            change_reason("staff.creator"),
            by,
        )
    return event


@transaction.atomic
def start_event(event: Event, by=None) -> Event:
    """Freeze the resolved ruleset config and open the event for play.

    From now on the event is scored with ``ruleset_config``, whatever later
    versions of the engine's presets say.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != Event.Status.DRAFT:
        raise EventError(_("“%(event)s” has already started.") % {"event": event.name})
    try:
        event.ruleset_config = frozen_config(event)
    except OptionError as error:
        raise EventError(
            _("The event cannot start: %(reason)s") % {"reason": option_message(error)}
        ) from error
    event.status = Event.Status.RUNNING
    return save_with_history(event, change_reason("event.started"), by)


def _refuse_if_finished(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise EventError(
            _("“%(event)s” has finished; its players cannot change.") % {"event": event.name}
        )


def clean_player_fields(
    name: str,
    club: str = "",
    country: str = "",
    ema_id: str = "",
    *,
    latin_first_name: str | None = None,
    latin_last_name: str | None = None,
    name_order: str | None = None,
) -> dict:
    """Trimmed player fields, or an :class:`EventError` naming what is wrong.

    The name and club go through the name rule (``plain_text``: NFC, no control,
    bidi or zero-width character). The Latin names are checked and returned only
    when given (the CSV import may not have them); see
    :func:`tournament.events.latin_names.clean_latin_name`.
    """
    for label, text in ((_("Name"), name), (_("Club"), club)):
        refuse_bad_name(label, text)
    fields = {
        "name": clean_name(name),
        "club": clean_name(club),
        "country": (country or "").strip().upper(),
        "ema_id": (ema_id or "").strip(),
    }
    if not fields["name"]:
        raise EventError(_("The player needs a name."))
    if len(fields["name"]) > 200 or len(fields["club"]) > 200:
        raise EventError(_("Names and clubs can be at most 200 characters long."))
    if fields["country"] and fields["country"] not in COUNTRY_CODES:
        raise EventError(
            _("“%(code)s” is not a country code; use two letters such as JP, CN or DE.")
            % {"code": fields["country"]}
        )
    if fields["ema_id"] and not EMA_ID_RE.match(fields["ema_id"]):
        raise EventError(
            _("“%(ema_id)s” is not an EMA id; EMA ids are digits, such as 04290042.")
            % {"ema_id": fields["ema_id"]}
        )
    for key, label, value in (
        ("latin_first_name", _("First name (Latin letters)"), latin_first_name),
        ("latin_last_name", _("Last name (Latin letters)"), latin_last_name),
    ):
        if value is not None:
            fields[key] = clean_latin_name(label, value)
    if name_order is not None:
        fields["name_order"] = check_name_order(name_order)
    return fields


def check_name_order(name_order: str) -> str:
    """A name order as stored (``Player.NameOrder``), or an :class:`EventError` naming the field."""
    if name_order not in Player.NameOrder.values:
        raise EventError(
            _("Name order: “%(value)s” is not one of %(choices)s.")
            % {"value": name_order, "choices": ", ".join(Player.NameOrder.values)}
        )
    return name_order


TEAM_MAX_LENGTH = 200  # Registration.team
# What a registration holds of the fields above (the rest is the person's: Player).
REGISTRATION_FIELDS = ("name", "club", "country")
PERSON_FIELDS = ("ema_id", "latin_first_name", "latin_last_name", "name_order")


def check_team(team: str) -> str:
    """The team name as stored (NFC, spaces folded), or an :class:`EventError` naming the field.

    A team is free text because teams are whatever the event says they are
    (a country, a club, a sponsor); a typo is corrected on the edit form.
    """
    refuse_bad_name(_("Team"), team or "")
    team = clean_name(team)
    if len(team) > TEAM_MAX_LENGTH:
        raise EventError(
            _("Team: at most %(count)s characters (this one has %(length)s).")
            % {"count": TEAM_MAX_LENGTH, "length": len(team)}
        )
    return team


def check_group(group: str) -> str:
    """The seating group as stored, or an :class:`EventError` naming the field."""
    refuse_bad_name(_("Group"), group or "")
    return clean_name(group)


def refuse_bad_name(label: str, text: str) -> None:
    """An :class:`EventError` naming the field when ``text`` breaks the name rule."""
    message = name_error(label, text)
    if message is not None:
        raise EventError(message)


def find_or_make_player(fields: dict, by=None) -> Player:
    """The player with this EMA id if there is one, else a new player.

    Only the person's own fields are written here (EMA id, Latin names of a new
    player); the name as entered, club and country go on the registration.
    """
    if fields["ema_id"]:
        existing = Player.objects.filter(ema_id=fields["ema_id"]).order_by("pk").first()
        if existing is not None:
            return existing
    person = {key: fields[key] for key in PERSON_FIELDS if key in fields}
    return save_with_history(Player(**person), change_reason("player.registered"), by)


@transaction.atomic
def add_player(
    event: Event,
    *,
    name: str,
    club: str = "",
    country: str = "",
    ema_id: str = "",
    group: str = "",
    team: str = "",
    status: str = Registration.Status.ACTIVE,
    by=None,
    reason: str = "registration.added",
) -> Registration:
    """Register a player (new, or known by EMA id) in the event.

    The name, club and country are this registration's own (issue #32): a
    player known by EMA id keeps their other registrations exactly as they
    were. ``reason`` is the history record's code
    (``tournament/events/change_reasons.py``).

    Takes effect from the next round seated; rounds already seated keep their seats.
    """
    _refuse_if_finished(event)
    if status not in SEATABLE_STATUSES:
        raise EventError(_("A new registration is a reserve, active or a substitute."))
    fields = clean_player_fields(name, club, country, ema_id)
    group = check_group(group)
    team = check_team(team)
    player = find_or_make_player(fields, by)
    if Registration.objects.filter(event=event, player=player).exists():
        raise EventError(
            _("%(name)s is already registered in this event.")
            % {"name": event.registrations.get(player=player).name}
        )
    own = {key: fields[key] for key in REGISTRATION_FIELDS}
    if fields["ema_id"] == "" and Registration.objects.filter(event=event, **own).exists():
        raise EventError(
            _("%(name)s is already registered in this event.") % {"name": fields["name"]}
        )
    registration = Registration(
        event=event, player=player, status=status, group=group, team=team, **own
    )
    return save_with_history(registration, change_reason(reason), by)


def add_substitute(event: Event, *, by=None, **player_fields) -> Registration:
    """A substitute fills a seat between rounds; substitutes are seated but not ranked."""
    return add_player(
        event,
        status=Registration.Status.SUBSTITUTE,
        by=by,
        reason="registration.substitute_added",
        **player_fields,
    )


@transaction.atomic
def drop_player(registration: Registration, by=None, reason: str = "") -> Registration:
    """The player leaves the event: no seat from the next round on; past seats stay."""
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    _refuse_if_finished(registration.event)
    if registration.status == Registration.Status.DROPPED:
        raise EventError(_("%(name)s has already left the event.") % {"name": registration.name})
    registration.status = Registration.Status.DROPPED
    return save_with_history(registration, change_reason("registration.dropped", words=reason), by)


# Statuses a director may set by hand (withdrawing is drop_player).
SEATABLE_STATUSES = (
    Registration.Status.ACTIVE,
    Registration.Status.RESERVE,
    Registration.Status.SUBSTITUTE,
)


@transaction.atomic
def reinstate_player(
    registration: Registration, status: str = Registration.Status.ACTIVE, by=None
) -> Registration:
    """Set a registration's status: active, reserve, house substitute, or withdrawn.

    Brings a withdrawn player back, makes a reserve active, and so on; withdrawing goes
    through :func:`drop_player` so its history reads "dropped". Seats already given stay.
    """
    if status == Registration.Status.DROPPED:
        return drop_player(registration, by=by)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    _refuse_if_finished(registration.event)
    if status not in SEATABLE_STATUSES:
        raise EventError(_("A player comes back as active, as a reserve or as a house substitute."))
    if registration.status == status:
        raise EventError(
            _("%(name)s is already %(status)s.")
            % {"name": registration.name, "status": registration.get_status_display()}
        )
    registration.status = status
    return save_with_history(
        registration, change_reason("registration.status_set", status=status), by
    )


@transaction.atomic
def grant_role(event: Event, user, role: str, by=None) -> StaffRole:
    """Give ``user`` a role in the event, replacing the one they had."""
    if role not in StaffRole.Role.values:
        raise EventError(_("Unknown role “%(role)s”.") % {"role": role})
    staff_role = StaffRole.objects.select_for_update().filter(event=event, user=user).first()
    if staff_role is None:
        staff_role = StaffRole(event=event, user=user)
    elif staff_role.role == role:
        return staff_role
    elif staff_role.role == StaffRole.Role.DIRECTOR:
        refuse_removing_last_director(event, staff_role)
    staff_role.role = role
    return save_with_history(staff_role, change_reason("staff.role_set", role=role), by)


def refuse_removing_last_director(event: Event, staff_role: StaffRole) -> None:
    """An event keeps at least one director, or nobody could manage it without the admin."""
    directors = StaffRole.objects.select_for_update().filter(
        event=event, role=StaffRole.Role.DIRECTOR
    )
    if not directors.exclude(pk=staff_role.pk).exists():
        raise EventError(
            _("%(user)s is the only director of this event: make someone else director first.")
            % {"user": staff_role.user.get_username()}
        )
