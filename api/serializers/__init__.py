"""Serializers by resource: input ones check the shape of what a client sends, output ones render
answers.

Input serializers never write (no ``create``/``update``): a view hands their ``validated_data``
to a service, which enforces the rules of the box. Numbers that reach a database are bounded
here, so that no request can ask a database about a number it cannot hold.
"""
