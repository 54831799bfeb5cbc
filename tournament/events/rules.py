"""An event's family and complete rules, as every page, service and printout reads them.

Why: a started event is scored with the rules it froze when it started
(``Event.ruleset_config["rules"]``), never with the presets as they are in
code today; a draft event is read with its live options. Everything that
replays a sheet, ranks players, prints or exports asks here, so no caller
reads ``ruleset_overrides`` or branches on the family's name itself.

**EventRules** carries what they ask: the family, the complete rules and
the live options. It is made once for an event object (``EventRules.of``,
kept on that object while its ruleset fields stay the same), so a request
or a task that passes its event down asks the families once, not at every
``family_of``/``rules_of``/``precedence_of`` on the way (issue #33).
"""

from __future__ import annotations

import json
from functools import cached_property, lru_cache
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


def option_example(ruleset: str) -> str:
    """The family's example of options for ``ruleset``, as JSON (valid as it stands)."""
    return json.dumps(dict(family_for(ruleset).option_example), ensure_ascii=False)


def options_help(ruleset: str) -> str:
    """The help of the options field for ``ruleset``: its family's example and option names.

    Why from the family: the help said {"kiriage": false} (a riichi option)
    with MCR chosen. The family gives an example valid as it stands and the
    names it reads; the page never branches on the family's name.
    """
    family = family_for(ruleset)
    return translation.gettext(
        "A JSON object of settings that differ from the preset, e.g. %(example)s. "
        "Its settings: %(names)s."
    ) % {
        "example": option_example(ruleset),
        "names": ", ".join(sorted(family.options(ruleset))),
    }


def options_helps() -> dict[str, str]:
    """Every ruleset's :func:`options_help`, for the script that switches it with the select."""
    return {name: options_help(name) for name in ruleset_names()}


def _options(family: Family, overrides: Any, hands_per_session: Any) -> dict[str, Any]:
    """The options, plus the session length where the family counts hands."""
    options = dict(overrides or {})
    option = family.hands_option()
    if option and hands_per_session:
        options.setdefault(option, hands_per_session)
    return options


def _key(event) -> tuple:
    """What an event's rules are made of: a kept EventRules serves while these are the same."""
    return (
        event.ruleset,
        event.hands_per_session,
        json.dumps(event.ruleset_overrides or {}, sort_keys=True, default=str),
        json.dumps((event.ruleset_config or {}).get("rules"), sort_keys=True),
    )


class EventRules:
    """One event's family, complete rules and live options, asked of the families once.

    ``rules`` (and what follows from them) is worked out when first read:
    a family alone is enough for many pages, and live options a family
    refuses raise :class:`scoring.families.OptionError` only where the rules
    are read, as before.
    """

    def __init__(self, event):
        self.ruleset: str = event.ruleset
        self.family: Family = family_for(event.ruleset)
        self.overrides: dict[str, Any] = _options(
            self.family, event.ruleset_overrides, event.hands_per_session
        )
        self.key = _key(event)

    @classmethod
    def of(cls, event) -> EventRules:
        """The event's rules, made once per event object and kept on it while they hold."""
        kept = getattr(event, "_event_rules", None)
        if kept is not None and kept.key == _key(event):
            return kept
        made = cls(event)
        event._event_rules = made
        return made

    @property
    def frozen(self) -> str | None:
        """The frozen rules as sorted JSON text, None before the event started."""
        return None if self.key[3] == "null" else self.key[3]

    @cached_property
    def rules(self) -> Any:
        """The complete rules: the frozen ones once the event started, else the live ones.

        Raises :class:`scoring.families.OptionError` when live options are refused
        (creation validates them, so only a hand-edited database gets there).
        """
        if self.frozen is not None:
            return _thaw(self.family, self.frozen)
        return self.resolved()

    def resolved(self):
        """The rules from the live options and today's presets (what starting freezes)."""
        return self.family.resolve(self.ruleset, self.overrides)

    @cached_property
    def precedence(self) -> tuple[str, ...]:
        return self.family.precedence(self.rules)

    @cached_property
    def standings_format(self):
        return self.family.standings_format(self.rules)


def family_of(event) -> Family:
    return EventRules.of(event).family


def live_overrides(event) -> dict[str, Any]:
    """The event's options, plus its session length where the family counts hands."""
    return dict(EventRules.of(event).overrides)


def rules_of(event) -> Any:
    """The event's complete rules: the frozen ones once it has started, else the live ones.

    Raises :class:`scoring.families.OptionError` when live options are refused
    (creation validates them, so only a hand-edited database gets there).
    """
    return EventRules.of(event).rules


def frozen_config(event) -> dict[str, Any]:
    """What ``start_event`` stores: the complete rules, resolved now, as JSON-safe data."""
    rules = EventRules.of(event).resolved()
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
        rules = family.resolve(ruleset, _options(family, overrides, hands_per_session))
    except (OptionError, LookupError, TypeError, ValueError):
        return None
    return {"ruleset": ruleset, "version": RULESET_CONFIG_VERSION, "rules": rules.freeze()}


def precedence_of(event) -> tuple[str, ...]:
    """The standings metrics of the event, in order."""
    return EventRules.of(event).precedence


def standings_format_of(event):
    """How the event's standings values read in files and on the command line."""
    return EventRules.of(event).standings_format


@lru_cache(maxsize=256)
def _thaw(family: Family, frozen: str) -> Any:
    # Rules are frozen values, so one copy per distinct frozen text is safe to share.
    return family.thaw(json.loads(frozen))


__all__ = [
    "EventRules",
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
