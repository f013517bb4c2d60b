"""The drawing kit: :mod:`.style` (palette, layers, poses, typeface), :mod:`.figures` (cheap
3D figures), :mod:`.panels` (pinned panels and cues), :mod:`.framing` (framing maths),
:mod:`.placement` (labels placed beside their anchors), :mod:`.bounds` (sizes in one NumPy
pass), :mod:`.glyphs` (text as cheap paths, number readouts), :mod:`.screen_text` (every
text on screen in the lecture's language), :mod:`.veil` (a part made to
recede) and the one-vector lesson's :mod:`.lesson_state` (its state and trackers),
:mod:`.bar_chart` (the signed bar chart), :mod:`.lesson_tables` (statistics and construction
table) and :mod:`.lesson_board` (the board laid out in the frame)."""
