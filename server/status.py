"""A table's status: waiting for its players, playing, finished, or abandoned (its record
stays)."""

WAITING, PLAYING, FINISHED, ABANDONED = "waiting", "playing", "finished", "abandoned"
