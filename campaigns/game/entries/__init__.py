"""The kinds of entry a game's log holds, one module each (``scar_placed``, ``hq_taken``...).

A module says all that is particular to its kind: its parameters (a frozen dataclass), how it
is recorded (the facts it gathers and the rule of ``legacy`` it asks), its step in the replay of
a game's holdings, its words in the log, and the marks it links. ``registry`` maps each
``EventKind`` to its module's ``ENTRY``; ``recording.record_entry`` does what every entry shares
(the lock, the war, the seat, the log, the links, the packets due).
"""
