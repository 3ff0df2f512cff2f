"""Server-rendered pages."""

from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render

from campaigns.models import Campaign


def home(request):
    campaigns = Campaign.objects.filter(public=True).order_by("-created_at")[:20]
    mine = (
        Campaign.objects.filter(memberships__user=request.user).order_by("-created_at")
        if request.user.is_authenticated
        else Campaign.objects.none()
    )
    return render(request, "home.html", {"public_campaigns": campaigns, "my_campaigns": mine})


def health(request):
    """For load balancers and the operator: the app answers and reaches its database."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
