"""The lecture's Manim scenes, one module per topic, drawn from :mod:`normmath`.

Beside the scene modules: :mod:`scenes.base` (the narrated beat scene, the 3D geometry scene,
the scene list and the scene parameters), :mod:`scenes.kit` (style, figures, panels, framing
maths, the lesson board), :mod:`scenes.camera` (depth cues, caching cameras, Manim's
internals) and :mod:`scenes.voice` (voices, speech, pronunciation, wording, loudness), and
the narration text in ``narration/*.toml``.
"""
