"""Scene bases: :mod:`.narrated` (the narrated beat scene), :mod:`.beat_range` (a range of its
beats rendered alone), :mod:`.geometry` (the 3D geometry scene), :mod:`.catalog` (the scene
list), :mod:`.parameters` (the scene parameters and settings) and :mod:`.limits` (what the
scenes can draw)."""
