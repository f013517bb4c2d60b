"""The drawing kit: :mod:`.style` (palette, layers, poses, typeface), :mod:`.figures` (cheap
3D figures), :mod:`.panels` (pinned panels and cues), :mod:`.framing` (framing maths),
:mod:`.placement` (labels placed beside their anchors), :mod:`.bounds` (sizes in one NumPy
pass) and :mod:`.lesson_board` (the one-vector lesson's board)."""
