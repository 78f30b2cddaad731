"""Farmer's headless engine; nothing here imports pygame, and the screens, the tests and the tools share it.

Its rooms, each using only those listed before it:

- ``limits`` and ``schema``: the bounds of every name, file and message, and the checked readers;
- ``rules``: the cards, the rule sets, the state machine, its events, what each seat sees;
- ``formats``: what is read and written (the deal log, saved games, catalogues, assets);
- ``ai``: the computer players, the coach and the exploiters they are measured against;
- ``play``: games driven from end to end (matches, replays, the simulator, the guided game);
- ``net``: the network server, its client and its stores.
"""
