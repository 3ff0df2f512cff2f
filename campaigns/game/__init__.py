"""A game, phase by phase: ``setup`` before it, ``table`` while it is played, ``packets`` when a
trigger fires, ``finish`` at its end (amendments and the world's name too), and ``derived`` for
what is read off the games (card backs, standings). ``common`` holds what they share.

Every writing function here is a service: keyword-only, one transaction, the campaign row locked
first, the rules asked before anything is written. A refused request raises ``RuleViolation``
and writes nothing.
"""
