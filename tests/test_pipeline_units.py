"""Small pieces of the pipeline: presets, scene names, formats, parameter parsing, paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from normgeom.cli.params import build_params, parse_triple, write_params
from normgeom.errors import UsageError
from normgeom.publish.outputs import check_format
from normgeom.render.paths import Layout
from normgeom.render.quality import PRESETS, resolve_quality
from normgeom.render.targets import lecture_targets, resolve_scenes
from scenes.catalog import scene_names
from scenes.params import load_params


@pytest.mark.parametrize(
    ("name", "label", "flag"),
    [("low", "480p15", "l"), ("m", "720p30", "m"), ("HIGH", "1080p60", "h"), ("k", "2160p60", "k")],
)
def test_quality_presets_are_manims(name, label, flag):
    preset = resolve_quality(name)
    assert preset.label == label
    assert preset.manim_args() == ["-q", flag]


def test_custom_quality_renders_with_resolution_and_fps():
    custom = type(PRESETS["low"])("tiny", 128, 72, 10)
    assert custom.manim_args() == ["-r", "128,72", "--fps", "10"]


def test_scene_names_all_dedupe_and_any_case():
    assert [t.name for t in resolve_scenes(["all"])] == scene_names()
    assert [t.name for t in resolve_scenes(["gain", "Gain", "bias"])] == ["Gain", "Bias"]
    with pytest.raises(UsageError, match="did you mean RMSNormCollapse"):
        resolve_scenes(["RMSCollapse"])


def test_lecture_is_title_scenes_summary():
    names = [t.name for t in lecture_targets()]
    assert names == ["TitleCard", *scene_names(), "SummaryCard"]


def test_formats():
    assert check_format("GIF") == "gif"
    with pytest.raises(UsageError, match="choose one of mp4, gif, png, webm"):
        check_format("mov")


def test_parameters_merge_config_then_command_line(tmp_path):
    config = tmp_path / "lecture.toml"
    config.write_text("gamma = [1.0, 1.0, 1.0]\neps = 0.5\n")
    params = build_params(config=config, gamma="2,0.4,1.5", vector="1,2,4")
    assert params.gamma == (2.0, 0.4, 1.5) and params.eps == 0.5 and params.vector == (1, 2, 4)
    path = write_params(params, tmp_path / "work")
    assert load_params(path) == params
    assert parse_triple(" 1, 2 ,3 ", "beta") == (1.0, 2.0, 3.0)


def test_layout_names_quality_and_format():
    tmp = Path("/m")
    layout = Layout(tmp)
    target = resolve_scenes(["Gain"])[0]
    assert layout.scene_output(target, PRESETS["high"], "gif") == tmp / "scenes/1080p60/Gain.gif"
    assert layout.manim_video(target, PRESETS["low"]) == tmp / "videos/layernorm/480p15/Gain.mp4"
