"""The window's side of network tables: a session played over a connection, and the screens around it."""
