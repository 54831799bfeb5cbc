"""Request and response bodies of the staff API (events, players, staff, rounds, print jobs).

The request serializers check only the shape (types, lengths, choices);
every rule is the services' own, so a refusal reads the same as on the pages.
The response serializers say what the views return, so the schema matches.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.events.models import Event, Registration, StaffRole, TimeLimitPolicy
from tournament.events.rules import ruleset_choices
from tournament.seating.models import Round


class StaffRoleSerializer(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    role = serializers.CharField()


class StaffRoundSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    method = serializers.CharField()
    published_at = serializers.DateTimeField(allow_null=True)
    results_published_at = serializers.DateTimeField(allow_null=True)


class StaffEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    ruleset = serializers.CharField()
    status = serializers.CharField()
    start_date = serializers.DateField()
    end_date = serializers.DateField()
    is_public = serializers.BooleanField()
    entry_level = serializers.CharField()
    hands_per_session = serializers.IntegerField(allow_null=True)
    time_limit_minutes = serializers.IntegerField(allow_null=True)
    time_limit_policy = serializers.CharField()
    rounds_planned = serializers.IntegerField(allow_null=True)
    ruleset_overrides = serializers.DictField()


class StaffEventDetailSerializer(StaffEventSerializer):
    """The event as its staff see it: every round (published or not) and every role."""

    rounds = serializers.SerializerMethodField()
    roles = serializers.SerializerMethodField()

    @extend_schema_field(StaffRoundSummarySerializer(many=True))
    def get_rounds(self, event) -> list[dict]:
        rounds = event.rounds.order_by("number")
        return StaffRoundSummarySerializer(rounds, many=True).data

    @extend_schema_field(StaffRoleSerializer(many=True))
    def get_roles(self, event) -> list[dict]:
        roles = event.staff_roles.select_related("user").order_by("role", "user__username")
        return StaffRoleSerializer(roles, many=True).data


class StaffEventCreateSerializer(serializers.Serializer):
    """The page's new-event form (``EventForm``), plus the number of rounds planned."""

    slug = serializers.CharField(max_length=64)
    name = serializers.CharField(max_length=200)
    ruleset = serializers.ChoiceField(choices=ruleset_choices())
    ruleset_overrides = serializers.DictField(required=False, default=dict)
    start_date = serializers.DateField(required=False, allow_null=True, default=None)
    end_date = serializers.DateField(required=False, allow_null=True, default=None)
    hands_per_session = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=100, default=None
    )
    time_limit_minutes = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=600, default=None
    )
    time_limit_policy = serializers.ChoiceField(
        choices=Event._meta.get_field("time_limit_policy").choices,
        required=False,
        default=TimeLimitPolicy.FINISH_CURRENT,
    )
    entry_level = serializers.ChoiceField(
        choices=Event._meta.get_field("entry_level").choices, required=False, default="value"
    )
    is_public = serializers.BooleanField(required=False, default=True)
    rounds_planned = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, default=None
    )


class StaffPlayerInSerializer(serializers.Serializer):
    """The page's add-player form (``PlayerForm``), with the Latin names of the edit form."""

    name = serializers.CharField(max_length=200)
    latin_first_name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    latin_last_name = serializers.CharField(max_length=100, required=False, allow_blank=True)
    club = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    country = serializers.CharField(max_length=2, required=False, allow_blank=True, default="")
    ema_id = serializers.CharField(max_length=20, required=False, allow_blank=True, default="")
    group = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    team = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    status = serializers.ChoiceField(
        choices=[Registration.Status.ACTIVE, Registration.Status.SUBSTITUTE],
        required=False,
        default=Registration.Status.ACTIVE,
    )


class StaffPlayersInSerializer(serializers.Serializer):
    """Several players at once: all are registered, or none."""

    players = StaffPlayerInSerializer(many=True, allow_empty=False)


class StaffRegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    latin_first_name = serializers.CharField(source="player.latin_first_name")
    latin_last_name = serializers.CharField(source="player.latin_last_name")
    club = serializers.CharField()
    country = serializers.CharField()
    ema_id = serializers.CharField(source="player.ema_id")
    group = serializers.CharField()
    team = serializers.CharField()
    status = serializers.CharField()


class StaffRegistrationsSerializer(serializers.Serializer):
    registrations = StaffRegistrationSerializer(many=True)


class StaffInSerializer(serializers.Serializer):
    """A role for an existing user (``give_role``), or a new staff account (``create=true``)."""

    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=StaffRole.Role.choices)
    create = serializers.BooleanField(
        required=False, default=False, help_text="Make a new account instead of using one."
    )
    password = serializers.CharField(
        required=False,
        allow_blank=True,
        write_only=True,
        help_text="For a new account; none gives a one-time link to choose it.",
    )


class StaffOutSerializer(StaffRoleSerializer):
    one_time_link = serializers.CharField(
        allow_null=True, help_text="For a new account without password: shown only now."
    )


class StaffRolesSerializer(serializers.Serializer):
    roles = StaffRoleSerializer(many=True)


class StaffSeatRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    method = serializers.ChoiceField(
        choices=Round.Method.choices, required=False, default=Round.Method.BALANCED
    )


class StaffSeatSerializer(serializers.Serializer):
    wind = serializers.CharField()
    registration = serializers.IntegerField(source="registration_id")
    player = serializers.CharField(source="registration.name")


class StaffTableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    label = serializers.CharField()
    seats = StaffSeatSerializer(many=True)
    sheet_version = serializers.IntegerField(allow_null=True, help_text="Head version, or null.")
    sheet_status = serializers.CharField(allow_null=True)


class StaffRoundSerializer(StaffRoundSummarySerializer):
    tables = StaffTableSerializer(many=True)


class StaffPrintJobSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.CharField()
    round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
    status = serializers.CharField()
    progress_done = serializers.IntegerField()
    progress_total = serializers.IntegerField()
    percent = serializers.IntegerField(allow_null=True)
    error = serializers.CharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seating_changed = serializers.BooleanField(
        default=False,
        help_text="A finished document of the seating whose seats changed since it was printed.",
    )
    url = serializers.SerializerMethodField()

    def get_url(self, job) -> str | None:
        """Where the PDF is fetched (a staff page, with the login), once it is done."""
        if job.status != "done" or not job.file:
            return None
        path = reverse("printing:download", args=[job.event.slug, job.uuid])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request else path


class StaffPrintJobsSerializer(serializers.Serializer):
    jobs = StaffPrintJobSerializer(many=True)
