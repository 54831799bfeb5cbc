"""Request and response bodies of a table's scoresheet in the staff API.

Every write carries ``base_version`` (the head version the client worked
from: a stale one is kept as a conflict version and answered 409) and
``entry_key``, the one-time key of this very entry: sent again (a lost reply,
a retry), it answers 200 with the sheet as saved and ``replayed: true``, and
nothing is saved twice. The hand entry itself is the JSON the judges' form
builds (``../shared/hand-format.md``); the services check it (its numbers
against ``tournament.events.bounds``, then the engine), not this module. The
numbers here (final scores, sticks, penalty points) are held to the same
bounds as the page's forms, refused with the same code and sentence.
"""

from __future__ import annotations

from rest_framework import serializers

from scoring.core.seats import SEATS
from tournament.events.bounds import FINAL_SCORE, LEFTOVER_STICKS, PENALTY, Bound
from tournament.results.models import Penalty, Ruling


class BoundedIntegerField(serializers.IntegerField):
    """A whole number held to a bound of ``tournament.events.bounds``, refused in its words.

    The schema shows the bound's ends (``minimum``, ``maximum``) as DRF's own field does.
    """

    def __init__(self, bound: Bound, **kwargs):
        super().__init__(min_value=bound.low, max_value=bound.high, **kwargs)
        self.validators = [bound]


class StaffSheetWriteSerializer(serializers.Serializer):
    base_version = serializers.IntegerField(
        min_value=0, help_text="The head version you worked from (0 for an empty sheet)."
    )
    entry_key = serializers.UUIDField(
        help_text="A new UUID per entry; the same key again saves nothing and answers 200."
    )
    reason = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="Why: required from a director correcting a confirmed sheet.",
    )
    reopen = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Acknowledge that a change to a submitted sheet sends it back to being entered.",
    )


class StaffHandInSerializer(StaffSheetWriteSerializer):
    entry = serializers.DictField(
        help_text="The hand as the judges' form builds it (hand-format.md), e.g. "
        '{"outcome": "ron", "level": "tiles", "winner": "S", "discarder": "W", "hand": {…}}.'
    )


class StaffScoresSerializer(serializers.Serializer):
    E = BoundedIntegerField(FINAL_SCORE)
    S = BoundedIntegerField(FINAL_SCORE)
    W = BoundedIntegerField(FINAL_SCORE)
    N = BoundedIntegerField(FINAL_SCORE)


class StaffFinalScoresInSerializer(StaffSheetWriteSerializer):
    scores = StaffScoresSerializer(help_text="Each starting seat's final score.")
    leftover_sticks = BoundedIntegerField(LEFTOVER_STICKS, required=False, default=0)


class StaffRulingInSerializer(StaffSheetWriteSerializer):
    """The ruling form's fields; left empty, the ruleset's consequence applies, as on the page."""

    kind = serializers.ChoiceField(choices=Ruling.Kind.choices)
    player = serializers.ChoiceField(choices=SEATS)
    decision = serializers.CharField(max_length=2000)
    rule_reference = serializers.CharField(
        max_length=100, required=False, allow_blank=True, default=""
    )
    points = BoundedIntegerField(
        PENALTY, required=False, allow_null=True, default=None,
        help_text="0 or less; empty: what the ruleset fixes.",
    )  # fmt: skip
    distribution = serializers.ChoiceField(
        choices=Penalty.Distribution.choices, required=False, allow_blank=True, default=""
    )
    scope = serializers.ChoiceField(
        choices=Penalty.Scope.choices, required=False, allow_blank=True, default=""
    )
    after_hand = serializers.IntegerField(
        min_value=1, max_value=99, required=False, allow_null=True, default=None
    )
    tiles = serializers.CharField(max_length=60, required=False, allow_blank=True, default="")


class StaffVoidRulingInSerializer(StaffSheetWriteSerializer):
    reason = serializers.CharField(max_length=200, help_text="Why the ruling is cancelled.")


class StaffSubmitInSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1, help_text="The head version you checked.")
    ended_early = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Required for a session that is not complete (it ended early, at time).",
    )


class StaffConfirmInSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=1, help_text="The head version you checked.")


class StaffHandSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.CharField()
    level = serializers.CharField()
    outcome = serializers.CharField()
    entry = serializers.DictField(help_text="As stored.")
    deltas = serializers.DictField()
    totals = serializers.DictField()
    entered_by = serializers.CharField(allow_null=True)


class StaffPenaltySerializer(serializers.Serializer):
    player = serializers.CharField()
    points = serializers.IntegerField()
    scope = serializers.CharField()
    distribution = serializers.CharField()


class StaffRulingSerializer(serializers.Serializer):
    key = serializers.UUIDField()
    kind = serializers.CharField()
    player = serializers.CharField()
    after_hand = serializers.IntegerField(allow_null=True)
    decision = serializers.CharField()
    rule_reference = serializers.CharField()
    tiles = serializers.CharField()
    penalties = StaffPenaltySerializer(many=True)
    voided = serializers.BooleanField()
    void_reason = serializers.CharField()


class StaffSheetSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    version = serializers.IntegerField(allow_null=True, help_text="The head version (null: empty).")
    status = serializers.CharField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    complete = serializers.BooleanField()
    balanced = serializers.BooleanField()
    hands = StaffHandSerializer(many=True)
    rulings = StaffRulingSerializer(many=True)
    final_scores = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    leftover_sticks = serializers.IntegerField()
    totals = serializers.DictField(allow_null=True, help_text="Each seat's points now.")
    created_by = serializers.CharField(allow_null=True, help_text="Who made this version.")
    submitted_by = serializers.CharField(allow_null=True)
    confirmed_by = serializers.CharField(allow_null=True)
    replayed = serializers.BooleanField(help_text="True: this entry key was saved before.")


def _name(user) -> str | None:
    return getattr(user, "username", None)


def sheet_data(table, sheet, *, replayed: bool = False) -> dict:
    """The sheet version ``sheet`` of ``table`` (None: nothing entered yet) as the API shows it."""
    hands, rulings, result = [], [], {}
    if sheet is not None:
        result = sheet.result or {}
        for hand in sheet.hands.select_related("entered_by").order_by("number"):
            hands.append(
                {**{f: getattr(hand, f) for f in HAND_FIELDS}, "entered_by": _name(hand.entered_by)}
            )
        for ruling in sheet.rulings.prefetch_related("penalties").order_by("pk"):
            rulings.append(
                {
                    **{f: getattr(ruling, f) for f in RULING_FIELDS},
                    "penalties": list(ruling.penalties.values(*PENALTY_FIELDS)),
                    "voided": ruling.voided_at is not None,
                }
            )
    totals = result.get("final_points") or (hands[-1]["totals"] if hands else None)
    return StaffSheetSerializer(
        {
            "round": table.round.number,
            "table": table.number,
            "version": getattr(sheet, "version", None),
            "status": getattr(sheet, "status", None),
            "kind": getattr(sheet, "kind", None),
            "complete": bool(sheet and sheet.complete),
            "balanced": bool(sheet is None or sheet.balanced),
            "hands": hands,
            "rulings": rulings,
            "final_scores": getattr(sheet, "final_scores", None),
            "leftover_sticks": getattr(sheet, "leftover_sticks", 0),
            "totals": totals,
            "created_by": _name(getattr(sheet, "created_by", None)),
            "submitted_by": _name(getattr(sheet, "submitted_by", None)),
            "confirmed_by": _name(getattr(sheet, "confirmed_by", None)),
            "replayed": replayed,
        }
    ).data


HAND_FIELDS = ("number", "label", "level", "outcome", "entry", "deltas", "totals")
RULING_FIELDS = (
    "key",
    "kind",
    "player",
    "after_hand",
    "decision",
    "rule_reference",
    "tiles",
    "void_reason",
)
PENALTY_FIELDS = ("player", "points", "scope", "distribution")
