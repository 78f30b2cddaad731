"""What the game reads and writes: the deal log, saved games, the catalogues, the bundled assets,
and the careful reader every file goes through. Changes here never change how a deal plays.
"""
