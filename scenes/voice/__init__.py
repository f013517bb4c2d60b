"""Voice and narration: :mod:`.registry` (the voices), :mod:`.speech` (the speech services),
:mod:`.pronunciation`, :mod:`.wording` (placeholders and variants), :mod:`.captions`
(subtitle cues), :mod:`.loudness`, :mod:`.narration` (reading the narration files),
:mod:`.languages` (the lecture's languages) and :mod:`.translation` (the catalogues that
translate the narration)."""
