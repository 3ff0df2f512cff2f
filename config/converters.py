"""The site's own path converters, registered once when this module is first imported (a
URLconf read again, as a test of development's routes does, does not register them twice)."""

from django.urls import register_converter


class InvitationToken:
    """An invitation's token as the product makes them (URL-safe base64, at most 32 characters):
    anything else (a NUL, a space, letters from elsewhere) is simply no such page, a 404, and
    never reaches the database."""

    regex = r"[A-Za-z0-9_-]{1,32}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(InvitationToken, "invitation_token")
