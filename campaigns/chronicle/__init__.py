"""The chronicle as a PDF: a job row per request (``ChronicleExport``), a Celery task that makes
it, and the file served behind the campaign's access rules.

The words of the chronicle are the pages' (``web``): which function writes its HTML is named by
the ``CHRONICLE_HTML`` setting, so that this room never imports a door. ``jobs`` asks for a PDF
and runs the job, ``pdf`` turns the HTML into PDF with xhtml2pdf and the fonts shipped with the
product (DejaVu Sans, for Cyrillic), ``tasks`` is the Celery task. A PDF, once made, sweeps
away the campaign's older ones, rows and files.
"""
