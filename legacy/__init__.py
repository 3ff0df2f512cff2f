"""The game itself: the box, the board, the rules and the durable world of marks."""
