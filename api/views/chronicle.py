"""REST: the chronicle of a campaign as a PDF, made by a Celery task (``campaigns.chronicle``).

    POST /api/v1/campaigns/{id}/chronicle/pdf/                 ask for it (202: a new job;
                                                               200: the job already making it,
                                                               or made of the world as it is)
    GET  /api/v1/campaigns/{id}/chronicle/pdf/{job_id}/        how far the job is
    GET  /api/v1/campaigns/{id}/chronicle/pdf/{job_id}/file/   the PDF, once done

Whoever may read the campaign may ask for its PDF and fetch it; strangers get 404. The PDF shows
what the packets unlocked, so while the campaign hides that, only its owner and editors may
(401/403 for the others). It is written in the campaign's language.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from api.access import Level, campaign_access, require_unlocked
from api.serializers.chronicle import ChronicleJobSerializer
from api.views.common import READ_ERRORS, SHARE, WRITE_ERRORS, ApiView, errors
from campaigns.chronicle.jobs import pdf_response
from campaigns.chronicle.start import request_pdf
from campaigns.models import ChronicleExport, JobStatus
from campaigns.selectors import media

HIDDEN_PDF = (
    "The chronicle's PDF shows what the packets unlocked, and this campaign shows that to its "
    "owner and editors only."
)


def pdf_access(request, campaign_id: int):
    return require_unlocked(request, campaign_access(request, campaign_id, Level.READ), HIDDEN_PDF)


def job_data(job: ChronicleExport, request) -> dict:
    done = job.status == JobStatus.DONE
    file_url = None
    if done:
        file_url = request.build_absolute_uri(
            reverse("api:chronicle-pdf-file", args=[job.campaign_id, job.pk])
        )
    return {
        "id": job.pk,
        "language": job.language,
        "status": job.status,
        "progress": job.progress,
        "current": done and job.world_version == job.campaign.world_version,
        "error": job.failure,
        "error_message": job.failure_text,
        "file_url": file_url,
        "created_at": job.created_at,
        "finished_at": job.finished_at,
    }


def job_of(access, job_id: int) -> ChronicleExport:
    job = media.chronicle_export(access.campaign.pk, job_id)
    if job is None:
        raise NotFound("There is no such chronicle PDF in this campaign.")
    job.campaign = access.campaign
    return job


class ChroniclePdfView(ApiView):
    """Ask for the chronicle as a PDF."""

    @extend_schema(
        parameters=[SHARE],
        request=None,
        responses={
            200: ChronicleJobSerializer,
            202: ChronicleJobSerializer,
            **errors(*WRITE_ERRORS),
        },
        tags=["chronicle"],
        description="Ask for the chronicle as a PDF in the campaign's language. One is made at "
        "a time per campaign and language: while one is being made, or once one is made of "
        "the world as it is now, that job is answered (200) instead of a new one (202). A new "
        "one past the asker's or the campaign's quota of PDFs in the making is refused with "
        "409 (rule quota-pdfs-per-account or quota-pdfs-per-campaign).",
    )
    def post(self, request, campaign_id):
        access = pdf_access(request, campaign_id)
        job, created = request_pdf(campaign=access.campaign, by=request.user)
        job.campaign = access.campaign
        code = status.HTTP_202_ACCEPTED if created else status.HTTP_200_OK
        return Response(job_data(job, request), status=code)


class ChroniclePdfJobView(ApiView):
    """How far a chronicle PDF is."""

    @extend_schema(
        parameters=[SHARE],
        responses={200: ChronicleJobSerializer, **errors(*READ_ERRORS)},
        tags=["chronicle"],
    )
    def get(self, request, campaign_id, job_id):
        access = pdf_access(request, campaign_id)
        return Response(job_data(job_of(access, job_id), request))


class ChroniclePdfFileView(ApiView):
    """The PDF itself, once made; refusals stay JSON."""

    def perform_content_negotiation(self, request, force=False):
        return super().perform_content_negotiation(request, force=True)

    @extend_schema(
        parameters=[SHARE],
        responses={
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY, description="The chronicle as a PDF."
            ),
            **errors(*READ_ERRORS),
        },
        tags=["chronicle"],
    )
    def get(self, request, campaign_id, job_id):
        access = pdf_access(request, campaign_id)
        job = job_of(access, job_id)
        response = pdf_response(job, f"chronicle-{access.campaign.pk}-{job.language}.pdf")
        if response is None:
            raise NotFound(f"The PDF is not made yet (it is {job.status}).")
        return response
