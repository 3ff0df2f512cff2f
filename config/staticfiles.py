"""The static files storage in production: WhiteNoise's (content hash in each name, a gzip and a
Brotli copy of each file beside it), with our own scripts and style sheets minified as they are
collected: comments and layout go, the code stays as written (rjsmin and rcssmin only take out
what the languages ignore). A phone's first visit fetches them all; minified, they weigh about a
third less on the wire, compressed.

Only ``js/`` and ``css/`` (the project's own files, from ``static/``) are minified, never a file
already minified (``*.min.js``) nor what an installed app ships.
"""

from __future__ import annotations

import rcssmin
import rjsmin
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage


def minifier(name: str):
    """What minifies the file ``name``, when it is one of our own scripts or style sheets."""
    if ".min." in name:
        return None
    if name.startswith("js/") and name.endswith(".js"):
        return rjsmin.jsmin
    if name.startswith("css/") and name.endswith(".css"):
        return rcssmin.cssmin
    return None


def minified(name: str, text: str) -> str | None:
    """``text`` minified, when ``name`` is one of our own scripts or style sheets; else None."""
    minify = minifier(name)
    return minify(text) if minify is not None else None


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def _save(self, name, content):
        # Each file is minified as it is written: the copy under its own name and the one under
        # its hashed name (whose hash is of the source file: a change to the source changes the
        # name), then compressed from the minified text.
        minify = minifier(name)
        if minify is not None:
            content.seek(0)
            raw = content.read()
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            content = ContentFile(minify(text).encode("utf-8"))
        return super()._save(name, content)
