"""What the game keeps between runs: settings, saved games and statistics, as JSON files.

Nothing here needs a display. Every file is written atomically and every file read may
be bad: a bad file is never fatal, it is kept aside and the game goes on with defaults.
"""
