"""The client's UI kit: the scene stack, input intents, theme, widgets, animation, gems, motifs."""
