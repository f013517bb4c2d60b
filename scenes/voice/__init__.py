"""Voice and narration: the voice registry, the speech services, pronunciation, wording,
loudness and the narration files."""
