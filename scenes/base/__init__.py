"""Scene bases: :mod:`.narrated` (the narrated beat scene), :mod:`.declarations` (what it
declares for the frame auditor), :mod:`.beat_range` (a range of its beats rendered alone),
:mod:`.geometry` (the 3D geometry scene: point groups and their moves) with its parts
:mod:`.camera_work` (the camera, framed), :mod:`.overlays` (labels placed, trails cut to the
frame) and :mod:`.pinned` (legend, formula and other pinned panels), :mod:`.catalog` (the
scene list), :mod:`.source` (scene sources read without importing them), :mod:`.parameters`
(the scene parameters and settings) and :mod:`.limits` (what the scenes can draw)."""
