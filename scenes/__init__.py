"""The lecture's Manim scenes, one module per topic, drawn from :mod:`normmath`.

The scene modules: :mod:`.layernorm` (LayerNorm, one step per scene), :mod:`.rmsnorm`
(RMSNorm against LayerNorm), :mod:`.lesson` (the one-vector lesson), :mod:`.onevector` (that
vector in 3D), :mod:`.beyond` (any width, and real activations), :mod:`.recap` and
:mod:`.cards` (the title card). Beside them: :mod:`.base` (the narrated beat scene, the 3D
geometry scene, the scene list and the scene parameters), :mod:`.kit` (style, figures,
panels, framing maths, the lesson board), :mod:`.camera` (depth cues, caching cameras,
Manim's internals) and :mod:`.voice` (voices, speech, pronunciation, wording, loudness), and
the narration text in ``narration/*.toml``.
"""
