"""Voice and narration: :mod:`.registry` (the voices), :mod:`.speech` (the speech services),
:mod:`.pronunciation`, :mod:`.wording` (placeholders and variants), :mod:`.captions`
(subtitle cues), :mod:`.loudness` and :mod:`.narration` (reading the narration files)."""
