"""HTML to PDF with xhtml2pdf, reading nothing but the fonts shipped with the product.

The document names its fonts as ``font:<file>`` (``@font-face``); they are read from
``static/fonts``. Pictures come inside the document as ``data:`` addresses, so the renderer is
given no network and no other folder: a name a player typed cannot make it fetch anything.
"""

from __future__ import annotations

import base64
import io
from pathlib import Path

from django.conf import settings
from django.core.files.storage import default_storage

FONTS_DIR = Path(settings.BASE_DIR) / "static" / "fonts"
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")


class PdfError(Exception):
    """The renderer could not make the PDF."""


def _link(uri: str, _rel: str) -> str:
    if uri.startswith("font:") and uri[5:] in FONTS:
        return str(FONTS_DIR / uri[5:])
    return uri


def html_to_pdf(html: str) -> bytes:
    """The PDF of ``html``; ``PdfError`` when xhtml2pdf reports errors."""
    from xhtml2pdf import pisa
    from xhtml2pdf.config.resources import ResourceAccessPolicy

    policy = ResourceAccessPolicy(allow_remote=False, base_dir=FONTS_DIR)
    out = io.BytesIO()
    result = pisa.CreatePDF(
        html, dest=out, link_callback=_link, encoding="utf-8", resource_policy=policy
    )
    if result.err:
        raise PdfError(f"the renderer reported {result.err} error(s)")
    return out.getvalue()


def stored_picture_uri(name: str) -> str | None:
    """A stored board picture as a ``data:`` address for the PDF, or None when its file is gone."""
    try:
        with default_storage.open(name, "rb") as file:
            data = file.read()
    except OSError:
        return None
    kind = "image/webp" if name.endswith(".webp") else "image/png"
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"
