"""Restoring a backup as a job: the upload is stored, a task imports it, the client polls.

A backup of a long campaign takes seconds to restore; done inside a request, it holds a web
worker that long. ``start.start_import`` stores the upload (``ImportJob.payload``) and queues
``campaigns.tasks.import_backup`` once the job is committed; ``jobs.run_import`` (the task) reads,
checks and restores it, moving the job through queued -> running -> done | failed with its
progress. Without a broker the task runs in-process, so the job is over when
``start_import`` returns.
"""
