"""The one entry point: ``score(hand, ruleset) -> Result``.

Errors are values here: whatever is wrong with the input comes back as an
invalid :class:`~scoring.core.result.Result` carrying a code and a message, and
nothing raises into a view or stops a batch of hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.core.errors import HandError
from scoring.core.hand import hand_from_dict
from scoring.core.result import Result
from scoring.families.rulesets import get_ruleset


def score(data: Mapping[str, Any], ruleset: str | None = None, lang: str = "en") -> Result:
    """Score one hand given as a hand-format.md object.

    ``ruleset`` applies when the hand names none; the hand's own ``ruleset``
    wins. ``lang`` picks the language of the item names (en, ja, zh).
    """
    name = ruleset
    try:
        if not isinstance(data, Mapping):
            raise HandError("bad_input", "a hand must be a JSON object")
        name = data.get("ruleset") or ruleset
        if not name:
            raise HandError("bad_input", "ruleset: no ruleset given (in the hand or --ruleset)")
        rules = get_ruleset(name)
        # hand_from_dict only reads its argument, so a plain dict need not be copied.
        hand = hand_from_dict(data if type(data) is dict else dict(data))
        rules.check_tiles(hand)
        config = rules.config(hand.options)
        return rules.scorer(hand, config, lang)
    except HandError as problem:
        return Result.invalid(name if isinstance(name, str) else None, problem.info)


def score_configured(data: Mapping[str, Any], config: Any, lang: str = "en") -> Result:
    """Score one hand under an already resolved ``config`` (an event's frozen hand rules).

    The hand names its ruleset; options it carries apply on top of ``config``.
    Why: a started event scores with the config it froze, never with the
    presets as they are in code today.
    """
    name = data.get("ruleset") if isinstance(data, Mapping) else None
    try:
        if not isinstance(data, Mapping):
            raise HandError("bad_input", "a hand must be a JSON object")
        rules = get_ruleset(name)
        hand = hand_from_dict(data if type(data) is dict else dict(data))
        rules.check_tiles(hand)
        resolved = rules.resolve(config, hand.options) if hand.options else config
        return rules.scorer(hand, resolved, lang)
    except HandError as problem:
        return Result.invalid(name if isinstance(name, str) else None, problem.info)
