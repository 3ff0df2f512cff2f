"""The chronicle's PDF jobs."""

from __future__ import annotations

from rest_framework import serializers

from campaigns.models import JobFailure, JobStatus


class ChronicleJobSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    language = serializers.CharField(help_text="The language the PDF is written in.")
    status = serializers.ChoiceField(choices=JobStatus.choices)
    progress = serializers.IntegerField(min_value=0, max_value=100, help_text="In percent.")
    current = serializers.BooleanField(
        help_text="Made of the world as it is now (nothing was recorded since)."
    )
    error = serializers.ChoiceField(
        choices=["", *JobFailure.values],
        help_text="Why it failed, as a code; empty unless it failed.",
    )
    error_message = serializers.CharField(help_text="Why it failed, in words.")
    file_url = serializers.CharField(
        allow_null=True, help_text="Where the PDF is fetched, once it is done."
    )
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
