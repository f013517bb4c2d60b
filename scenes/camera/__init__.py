"""Cameras: :mod:`.depth` (depth cues), the caching cameras :mod:`.overlay` (3D) and
:mod:`.raster` (2D), and :mod:`.manim_internals` (every use of Manim's internals)."""
