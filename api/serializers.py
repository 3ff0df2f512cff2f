from rest_framework import serializers


class ContinentSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    bonus = serializers.IntegerField()


class TerritorySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    continent = serializers.CharField()
    neighbors = serializers.ListField(child=serializers.CharField())


class BoardSerializer(serializers.Serializer):
    continents = ContinentSerializer(many=True)
    territories = TerritorySerializer(many=True)
