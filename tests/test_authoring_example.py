"""The authoring guide's worked example (docs/examples/projection.py) renders, and the frame
auditor finds nothing in it, with its own parameters too."""

from __future__ import annotations

import pytest
import srt
from fixtures.pipeline import TINY

from normgeom.audit.run import ScenePlay, audit_scenes
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.runner import Runner
from normgeom.rendering.targets import resolve_scenes
from scenes.base.parameters import SceneParams

pytestmark = pytest.mark.render

EXAMPLE = "docs/examples/projection.py:Projection"


def test_the_example_renders_at_a_tiny_size(media):
    (target,) = resolve_scenes([EXAMPLE])
    (result,) = Runner(Layout(media), jobs=1).run([RenderJob(target, TINY, "none", SceneParams())])
    assert result.video.stat().st_size > 1000 and result.duration > 5
    cues = list(srt.parse(result.files["subtitles"].read_text()))
    assert cues[0].content.startswith("Here is the vector (1, 2, 3)")


def test_the_auditor_finds_nothing_in_the_example(media):
    (target,) = resolve_scenes([EXAMPLE])
    plays = [
        ScenePlay(target, SceneParams(), "none"),
        ScenePlay(target, SceneParams(vector=(3.0, 1.0, -2.0)), "none"),
    ]
    assert audit_scenes(plays, 1, Layout(media)) == [[], []]
