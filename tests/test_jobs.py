"""Render jobs against plain Manim: the same last frame from a job as from
``manim render`` with the environment variables; the stock cameras give the same picture as
the caching ones; parallel stills from an empty media folder."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest
from fixtures.cameras import assert_same_picture
from fixtures.pipeline import tiny_target
from manim import MathTex, tempconfig
from PIL import Image
from typer.testing import CliRunner

from normgeom import settings as normgeom_settings
from normgeom.cli.app import app
from normgeom.publish.stills import still_job
from normgeom.rendering.cache import PROJECT
from normgeom.rendering.paths import MEDIA_ENV, Layout
from normgeom.rendering.quality import Quality
from normgeom.rendering.runner import Runner
from normgeom.rendering.targets import resolve_scenes
from scenes.base.parameters import PARAMS_ENV, SceneParams

pytestmark = pytest.mark.render

SMALL = Quality("small", 192, 108, 5)
BETA = SceneParams(beta=(1.0, -1.0, 0.5))


def pixels(path) -> np.ndarray:
    return np.asarray(Image.open(path).convert("RGB"))


@pytest.fixture(scope="module")
def frames(tmp_path_factory) -> dict[str, np.ndarray]:
    """Last frames of Bias (a 3D scene, non-default beta) and EdgeCases (2D), each through
    the caching and the stock cameras, rendered by the runner."""
    bias, edge = resolve_scenes(["Bias", "EdgeCases"])
    jobs = {
        "bias": still_job(bias, SMALL, BETA),
        "edge": still_job(edge, SMALL, SceneParams()),
    }
    jobs |= {f"{name}-stock": replace(job, caching_cameras=False) for name, job in jobs.items()}
    media = tmp_path_factory.mktemp("jobs")
    results = Runner(Layout(media), jobs=2).run(list(jobs.values()))
    return {name: pixels(r.files["image"]) for name, r in zip(jobs, results, strict=True)}


def test_a_job_renders_the_same_last_frame_as_plain_manim(frames, tmp_path):
    (tmp_path / "params.toml").write_text(BETA.to_toml())
    env = {**os.environ, PARAMS_ENV: str(tmp_path / "params.toml"), "NORMGEOM_VOICE": "none"}
    command = [
        sys.executable, "-m", "manim", "render", "-s", "-r", "192,108", "--fps", "5",
        "scenes/layernorm.py", "Bias", "--media_dir", str(tmp_path), "-o", "plain",
        "--progress_bar", "none", "-v", "WARNING",
    ]  # fmt: skip
    done = subprocess.run(command, cwd=PROJECT.root, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    plain = pixels(next(tmp_path.glob("images/**/plain.png")))
    assert_same_picture(plain, frames["bias"])


def test_stock_cameras_give_the_same_final_frame(frames):
    assert_same_picture(frames["bias-stock"], frames["bias"])
    assert_same_picture(frames["edge-stock"], frames["edge"])


def test_parallel_stills_from_an_empty_media_folder(tmp_path, monkeypatch):
    media = tmp_path / "media"
    monkeypatch.setenv(MEDIA_ENV, str(media))
    monkeypatch.setattr(normgeom_settings, "resolve_quality", lambda name: SMALL)
    result = CliRunner().invoke(app, ["stills", "MeanCentering", "Standardization", "-j", "2"])
    assert result.exit_code == 0, result.output
    stills = sorted(p.name for p in (media / "stills" / SMALL.label).iterdir())
    assert stills == ["MeanCentering.png", "Standardization.png"]
    assert all(pixels(media / "stills" / SMALL.label / name).std() > 0 for name in stills)


def test_a_scene_typesetting_folder_leaves_manims_default_tex_folder_usable(tmp_path):
    """After a job has typeset into its own folders, plain Manim (and the in-process scene
    tests), which typeset into the default ``media/Tex``, still work there."""
    layout = Layout(tmp_path)
    for folder in layout.typesetting(tiny_target("TinyFormula")):
        folder.mkdir(parents=True)
    default = {"tex_dir": str(tmp_path / "Tex"), "text_dir": str(tmp_path / "texts")}
    with tempconfig(default):
        assert len(MathTex("x").submobjects) == 1  # typeset afresh: a new Tex folder
