"""The network side of the client: the connection, the session, LAN discovery, the built-in host."""
