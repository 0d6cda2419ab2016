"""The client's sound: which game event makes which sound (sound), and the sounds themselves as
sfxr-style voices rendered to WAV files (synth)."""
