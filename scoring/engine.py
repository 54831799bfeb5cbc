"""The one entry point: ``score(hand, ruleset) -> Result``.

``score_configured`` (an event's frozen config) lives with the hand rulesets
(:mod:`scoring.families.rulesets`): the families' sheets call it, and this
module, above the families, only passes it on.

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
from scoring.families.rulesets import get_ruleset, score_configured

__all__ = ["score", "score_configured"]


def score(data: Mapping[str, Any], ruleset: str | None = None, lang: str = "en") -> Result:
    """Score one hand given as a hand-format.md object.

    ``ruleset`` applies when the hand names none; the hand's own ``ruleset``
    wins. ``lang`` picks the language of the item names (en, ja, zh).
    """
    name = ruleset
    try:
        if not isinstance(data, Mapping):
            raise HandError("bad_input", "a hand must be a JSON object", "hand_not_object")
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
