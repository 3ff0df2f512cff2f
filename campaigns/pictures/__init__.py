"""Board pictures, one room: ``state`` (what a picture shows, and its hash), ``snapshots`` (asking
for a picture and reading its row), ``tasks`` (the Celery tasks), ``render`` (drawing and storing,
the worker's side), ``poster`` and ``poster_requests`` (the end poster) and ``storage`` (serving
a stored picture, sweeping away old files).

The arrows run one way: ``snapshots -> tasks -> render -> storage, state``. Pictures and posters
are background jobs (``campaigns.jobs``): a lost worker's picture is delivered again by the
broker, one an outage failed is sent again by the jobs' recovery loop.
"""
