"""Board pictures, one room: ``state`` (what a picture shows, and its hash), ``snapshots`` (asking
for a picture and reading its row), ``tasks`` (the Celery tasks), ``render`` (drawing and storing,
the worker's side) and ``storage`` (serving a stored picture, sweeping away old files).

The arrows run one way: ``recovery -> snapshots -> tasks -> render -> storage, state``;
``recovery`` asks again for the pictures a lost worker or an outage left behind.
"""
