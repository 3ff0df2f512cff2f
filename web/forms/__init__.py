"""Forms for the pages, by topic: they gather what the table says and hand it to a service.

Forms check only what a form can (a number is a number, a required field is filled); the rules
themselves are the services' to enforce, and a refusal comes back as a form error in the
players' words (``legacy.wording.said``). Choices offered are the legal ones of the moment, asked of
``legacy.rules``, so the table rarely meets a refusal at all.
"""
