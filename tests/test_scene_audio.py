"""A real scene rendered at low quality with the default voice plays at publishing loudness."""

from __future__ import annotations

import pytest

from normgeom.compose.loudness import measure_file
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.quality import resolve_quality
from normgeom.rendering.runner import Runner
from normgeom.rendering.targets import resolve_scenes
from scenes.voice.loudness import MAX_TRUE_PEAK_DBTP, TARGET_LUFS
from scenes.voice.registry import DEFAULT_VOICE

pytestmark = pytest.mark.render


def test_default_voice_scene_is_at_minus_16_lufs_under_minus_1_dbtp(tmp_path):
    (target,) = resolve_scenes(["Bias"])
    job = RenderJob(target, resolve_quality("low"), DEFAULT_VOICE)
    (result,) = Runner(Layout(tmp_path / "media"), jobs=1).run([job])
    (level,) = measure_file(result.video)
    assert level.lufs == pytest.approx(TARGET_LUFS, abs=1.0)
    assert level.true_peak_dbtp <= MAX_TRUE_PEAK_DBTP
