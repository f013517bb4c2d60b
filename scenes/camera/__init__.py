"""Cameras: depth cues, the caching cameras, and every use of Manim's internals."""
