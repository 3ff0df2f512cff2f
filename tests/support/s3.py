"""A local S3-compatible server (moto's server mode) started by the tests, and the settings that
put the media storage on a bucket of it, as production does with EARTHBOOK_MEDIA_S3_*."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

from tests.support.servers import free_port

START_TIMEOUT = 60.0
REGION = "us-east-1"
KEY_ID, SECRET = "testing", "testing"


class MotoServer:
    """``python -m moto.server`` on a free port of 127.0.0.1; ``bucket()`` makes a fresh bucket."""

    def __init__(self, log: Path):
        self.port = free_port()
        self.log_path = log
        self.process: subprocess.Popen | None = None

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> MotoServer:
        with open(self.log_path, "wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(self.port)],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                env={**os.environ, "AWS_DEFAULT_REGION": REGION},
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"moto stopped:\n{self.log_path.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.2)
        self.__exit__()
        raise AssertionError("moto's server did not listen in time")

    def __exit__(self, *exc) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)

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
