"""Every lecture scene passes the frame auditor, every rule checked at every frame: with the
default parameters on the lecture voice's timing (its speech cache in the media folder,
built if missing, shared with ``make video``), and with other parameters (an extreme gain and
bias, a larger epsilon, another vector, a seven-point file) on the silent timing."""

from __future__ import annotations

import pytest

from normgeom.audit.run import ScenePlay, audit_scenes
from normgeom.rendering.paths import Layout
from normgeom.rendering.targets import resolve_scenes
from scenes.base.parameters import SceneParams
from scenes.voice.registry import DEFAULT_VOICE

pytestmark = pytest.mark.scenes

SEVEN_POINTS = "\n".join(
    ["x1,x2,x3", "1,2,3", "-2,0.5,1", "3,3,-1", "0.2,-1.5,2", "4,1,1", "-1,-1,-3", "2.5,0,0.5"]
)


def other_params(folder) -> SceneParams:
    points = folder / "seven.csv"
    points.write_text(SEVEN_POINTS + "\n")
    return SceneParams(
        gamma=(3.0, 0.5, 2.0),
        beta=(-2.0, 1.0, 3.0),
        eps=0.01,
        points=str(points),
        vector=(2.0, -1.0, 4.0),
    ).validated()


@pytest.mark.parametrize("variant", ["default", "other"])
def test_every_scene_passes_the_audit(tmp_path, variant):
    if variant == "default":
        params, voice, layout = SceneParams(), DEFAULT_VOICE, Layout.default()
    else:
        params, voice, layout = other_params(tmp_path), "none", Layout(tmp_path / "media")
    plays = [ScenePlay(target, params, voice) for target in resolve_scenes(["all"])]
    findings = audit_scenes(plays, 2, layout)
    lines = [finding.line() for scene in findings for finding in scene]
    assert len(findings) == len(plays) == 15 and lines == []
