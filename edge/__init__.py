"""The edge: what every request meets before either door answers it.

A write's ``Idempotency-Key`` (``idempotency``), the limits on a body and an address
(``body_limits``, ``long_uris``), the client's address behind the proxy (``client``), compression
(``compression``) and the one error shape both doors answer in (``errors``). The API and the
pages import it; it imports neither, and ``config`` only names it in the settings.
"""
