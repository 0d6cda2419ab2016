"""The games. Every module here that defines `GAME` (a `shared.engine.Game`) is registered."""
