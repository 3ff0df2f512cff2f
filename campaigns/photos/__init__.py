"""Photos of the real board, one room: ``checks`` (reading an uploaded file, refusing anything
that is not a whole photo of an allowed kind, and encoding its pixels again without metadata),
``storage`` (where the files are kept, serving one behind the campaign's access rules, deleting
them), ``tasks`` (the Celery task that makes the web copy and the thumbnail) and ``service``
(adding and deleting a photo, with the audit).

The arrows run one way: ``service -> tasks -> storage, checks``.
"""
