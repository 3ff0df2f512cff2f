"""A local S3-compatible server (moto's server mode) started by the tests, and the settings that
put the media storage on a bucket of it, as production does with EARTHBOOK_MEDIA_S3_*."""

from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

from tests.support.servers import Child, free_port, listening

REGION = "us-east-1"
KEY_ID, SECRET = "testing", "testing"


class MotoServer(Child):
    """``python -m moto.server`` on a free port of 127.0.0.1; ``bucket()`` makes a fresh bucket."""

    what = "moto's server"

    def __init__(self, log: Path):
        super().__init__(log)
        self.port = free_port()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)]

    def child_environment(self) -> dict[str, str]:
        return {**os.environ, "AWS_DEFAULT_REGION": REGION}

    def ready(self) -> bool:
        return listening(self.port)

    def client(self):
        import boto3

        return boto3.client(
            "s3",
            endpoint_url=self.endpoint,
            region_name=REGION,
            aws_access_key_id=KEY_ID,
            aws_secret_access_key=SECRET,
        )

    def bucket(self) -> str:
        name = f"earthbook-{uuid.uuid4().hex[:12]}"
        self.client().create_bucket(Bucket=name)
        return name

    def keys(self, bucket: str) -> list[str]:
        listed = self.client().list_objects_v2(Bucket=bucket)
        return sorted(o["Key"] for o in listed.get("Contents", []))

    def read(self, bucket: str, key: str) -> bytes:
        return self.client().get_object(Bucket=bucket, Key=key)["Body"].read()

    def environment(self, bucket: str) -> dict[str, str]:
        """The EARTHBOOK_MEDIA_S3_* settings of a process that keeps its media in ``bucket``."""
        return {
            "EARTHBOOK_MEDIA_S3_BUCKET": bucket,
            "EARTHBOOK_MEDIA_S3_ENDPOINT_URL": self.endpoint,
            "EARTHBOOK_MEDIA_S3_REGION": REGION,
            "EARTHBOOK_MEDIA_S3_ACCESS_KEY_ID": KEY_ID,
            "EARTHBOOK_MEDIA_S3_SECRET_ACCESS_KEY": SECRET,
        }


def s3_storages(settings_storages: dict, server: MotoServer, bucket: str) -> dict:
    """``STORAGES`` with the default storage on ``bucket``, as config/settings.py makes it from
    the EARTHBOOK_MEDIA_S3_* settings."""
    from tests.support.environment import settings_seen_with

    env = {"DEBUG": "true", **server.environment(bucket)}
    default = settings_seen_with(env, 's.STORAGES["default"]')
    return {**settings_storages, "default": default}
