"""A template asks a job or a picture how it stands, or compares it to an enum: a status spelt
as a bare string in a template would go on matching nothing after a rename, silently."""

from __future__ import annotations

import re
from pathlib import Path

from campaigns.models import JobStatus
from web.context_processors import vocabularies
from web.views.pictures import Picture, PictureState

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# `x.status == "done"`, `x.state == 'failed'`, and the same the other way round.
COMPARED = re.compile(r"""\b(status|state)\s*[!=]=\s*["']|["']\s*[!=]=\s*\w+\.(status|state)\b""")


def test_no_template_compares_a_status_or_a_state_to_a_string():
    found = [
        f"{path.relative_to(TEMPLATES)}:{n}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if COMPARED.search(line)
    ]
    assert found == []


def test_no_template_names_a_job_status_in_quotes():
    words = "|".join(JobStatus.values + ["rendering", "drawing", "processing"])
    quoted = re.compile(rf"""==\s*["']({words})["']""")
    found = [
        str(path.relative_to(TEMPLATES))
        for path in sorted(TEMPLATES.rglob("*.html"))
        if quoted.search(path.read_text())
    ]
    assert found == []


def test_every_template_may_compare_against_the_job_statuses(rf):
    assert vocabularies(rf.get("/"))["JobStatus"] is JobStatus


def test_a_picture_says_how_it_stands():
    assert Picture(PictureState.READY, "/p.png").is_ready
    assert Picture(PictureState.PENDING).is_pending
    assert Picture(PictureState.FAILED, error="boom").is_failed
    assert Picture(PictureState.EMPTY).is_empty
    assert not Picture(PictureState.SVG).is_ready
