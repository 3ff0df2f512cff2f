"""REST views: thin; input and output serializers, services and selectors do the work."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from api import serializers
from legacy import board


class BoardView(APIView):
    """The printed board: continents with their base bonus, territories with their neighbours."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(responses=serializers.BoardSerializer)
    def get(self, request):
        data = {
            "continents": [
                {"slug": c.slug, "name": c.name, "bonus": c.bonus} for c in board.CONTINENTS
            ],
            "territories": [
                {
                    "slug": t.slug,
                    "name": t.name,
                    "continent": t.continent,
                    "neighbors": sorted(board.neighbors(t.slug)),
                }
                for t in board.TERRITORIES
            ],
        }
        return Response(data)
