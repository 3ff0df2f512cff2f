"""The pages: server-rendered views by topic (``web.views``), their forms (``web.forms``), what
the pages read and how they word it (``web.pages``; a refusal by ``legacy.wording.said``) and
the page URLs.

Pages call the services and selectors of ``campaigns`` and ``legacy``; they never import ``api``.
"""
