"""An event's family and complete rules, as every page, service and printout reads them.

Why: a started event is scored with the rules it froze when it started
(``Event.ruleset_config["rules"]``), never with the presets as they are in
code today; a draft event is read with its live options. Everything that
replays a sheet, ranks players, prints or exports asks here, so no caller
reads ``ruleset_overrides`` or branches on the family's name itself.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.functional import lazy

from scoring.families import Family, OptionError, family_for, ruleset_names

# Bump when the shape of ``Event.ruleset_config`` changes, so that readers of
# an old frozen config know what they hold. 2: the complete rules under "rules".
RULESET_CONFIG_VERSION = 2


def _title(ruleset: str) -> str:
    return family_for(ruleset).title(ruleset, translation.get_language() or "en")


# A ruleset's name for people, in the language of the page it is shown on.
ruleset_title = lazy(_title, str)


def rules_title(event) -> str:
    """The event's ruleset as people read it, with the edition where the family has one.

    ("Mahjong Competition Rules (MCR) · Mahjong Time edition"), in the page's language.
    """
    lang = (translation.get_language() or "en").split("-")[0]
    family = family_of(event)
    title = family.title(event.ruleset, lang)
    try:
        edition = family.edition_title(rules_of(event), lang)
    except OptionError:
        edition = None
    return f"{title} · {edition}" if edition else title


def ruleset_choices() -> list[tuple[str, str]]:
    """Every registered ruleset with its name: the choices of ``Event.ruleset``."""
    return [(name, ruleset_title(name)) for name in ruleset_names()]


def family_of(event) -> Family:
    return family_for(event.ruleset)


def live_overrides(event) -> dict[str, Any]:
    """The event's options, plus its session length where the family counts hands."""
    overrides = dict(event.ruleset_overrides or {})
    option = family_of(event).hands_option()
    if option and event.hands_per_session:
        overrides.setdefault(option, event.hands_per_session)
    return overrides


def rules_of(event) -> Any:
    """The event's complete rules: the frozen ones once it has started, else the live ones.

    Raises :class:`scoring.families.OptionError` when live options are refused
    (creation validates them, so only a hand-edited database gets there).
    """
    frozen = (event.ruleset_config or {}).get("rules")
    if frozen is not None:
        return _thaw(event.ruleset, json.dumps(frozen, sort_keys=True))
    return family_of(event).resolve(event.ruleset, live_overrides(event))


def frozen_config(event) -> dict[str, Any]:
    """What ``start_event`` stores: the complete rules, resolved now, as JSON-safe data."""
    rules = family_of(event).resolve(event.ruleset, live_overrides(event))
    return {"ruleset": event.ruleset, "version": RULESET_CONFIG_VERSION, "rules": rules.freeze()}


def freeze_old_config(ruleset: str, overrides: Any, hands_per_session: Any) -> dict | None:
    """The version-2 frozen config of an event started before rules were frozen whole.

    Resolved from its options and the presets of today (what it was being
    scored with); None when the families refuse them, and the event is then
    read with its live options as before. For old backups (the data
    migration ``events/0004`` does the same for the database).
    """
    try:
        family = family_for(ruleset)
        options = dict(overrides or {})
        option = family.hands_option()
        if option and hands_per_session:
            options.setdefault(option, hands_per_session)
        rules = family.resolve(ruleset, options)
    except (OptionError, LookupError, TypeError, ValueError):
        return None
    return {"ruleset": ruleset, "version": RULESET_CONFIG_VERSION, "rules": rules.freeze()}


def precedence_of(event) -> tuple[str, ...]:
    """The standings metrics of the event, in order."""
    return family_of(event).precedence(rules_of(event))


def standings_format_of(event):
    """How the event's standings values read in files and on the command line."""
    return family_of(event).standings_format(rules_of(event))


@lru_cache(maxsize=256)
def _thaw(ruleset: str, frozen: str) -> Any:
    # Rules are frozen values, so one copy per distinct frozen text is safe to share.
    return family_for(ruleset).thaw(json.loads(frozen))


__all__ = [
    "OptionError",
    "RULESET_CONFIG_VERSION",
    "family_of",
    "freeze_old_config",
    "frozen_config",
    "live_overrides",
    "precedence_of",
    "rules_of",
    "rules_title",
    "standings_format_of",
    "ruleset_choices",
    "ruleset_title",
]
