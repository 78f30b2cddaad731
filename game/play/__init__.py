"""Games driven from end to end: matches of players, replays, the simulator, the guided first
game and the statistics counted from games. They use the rules, the formats and
the computer players, never the screens.
"""
