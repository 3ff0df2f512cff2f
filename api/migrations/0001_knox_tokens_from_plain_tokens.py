"""The API's tokens move from DRF's plain ``authtoken`` table to django-rest-knox's hashed one.

Each token still good is written again as a knox token whose digest is that of its own secret
(knox finds a token by the digest of the secret it is sent), with the moment it was issued and
the expiry it had (issued + ``API_TOKEN_TTL_HOURS``): a phone signed in before keeps working,
sending the same ``Authorization: Token ...``, until its token expires. Then the plain table,
which held every secret as it is sent, is dropped. Nothing can bring the plain secrets back:
going back leaves every device to sign in again.
"""

from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import migrations
from django.utils import timezone

PLAIN = "authtoken_token"


def move_plain_tokens(apps, schema_editor):
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS

    connection = schema_editor.connection
    if PLAIN not in connection.introspection.table_names():
        return  # a new installation: there never were plain tokens
    AuthToken = apps.get_model("knox", "AuthToken")
    lifetime = timedelta(hours=settings.API_TOKEN_TTL_HOURS)
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {PLAIN}")  # noqa: S608
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        if isinstance(created, str):  # SQLite hands back text
            created = datetime.fromisoformat(created)
        if timezone.is_naive(created):
            created = created.replace(tzinfo=UTC)
        if created + lifetime <= now:
            continue  # expired already: it would be refused anyway
        digest = hash_token(key)
        AuthToken(
            digest=digest,
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=user_id,
            expiry=created + lifetime,
        ).save(force_insert=True)
        # ``created`` is set on insert; the token keeps the moment it was issued.
        AuthToken.objects.filter(digest=digest).update(created=created)
    schema_editor.execute(f"DROP TABLE {schema_editor.quote_name(PLAIN)}")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [
        migrations.RunPython(move_plain_tokens, migrations.RunPython.noop, elidable=False),
    ]
