"""The window's side of network tables: a game played over a connection, and the screens around it."""
