"""Reads that the pages and the API share: read models over the campaign's rows.

Each runs a fixed number of queries whatever the number of games. Selectors read and never
write; they import neither door (``web``, ``api``).
"""
