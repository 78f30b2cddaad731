"""The game itself: the cards, the rule sets, the state machine, its events, what each seat sees,
and the records of the deals. Nothing here reads or writes a file, or knows of a player's program.
"""
