"""Server-rendered pages, one module per topic: a group records its games at the table and
browses its history.

Views are thin: they check who may do what (``common.campaign_view``: strangers get 404 on a
private campaign, a reader who may not write gets 403), turn a form into a service call, and show
a ``RuleViolation`` as a form error in the players' words (``legacy.wording.said``). Services
are atomic, so a refused request writes nothing. Reads go through ``web.pages`` and the
selectors, in a fixed number of queries whatever the number of games.

htmx (vendored in ``static/js``) saves reloads where it helps at the table: the in-game log, the
setup wizard's legal starts, the end-of-game form, the snapshot's progress and the calculators.
Every form also works without JavaScript.
"""
