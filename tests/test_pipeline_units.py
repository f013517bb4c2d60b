"""Small pieces of the pipeline: presets, scene names, formats, parameter parsing, paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from normgeom.errors import UsageError
from normgeom.publish.outputs import check_format
from normgeom.rendering.job import Product, RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.quality import PRESETS, resolve_quality
from normgeom.rendering.targets import lecture_targets, resolve_scenes
from normgeom.settings import build_params
from scenes.base.catalog import scene_names
from scenes.base.parameters import Kind


@pytest.mark.parametrize(
    ("name", "label", "size"),
    [
        ("low", "480p15", 854),
        ("m", "720p30", 1280),
        ("HIGH", "1080p60", 1920),
        ("k", "2160p60", 3840),
    ],
)
def test_quality_presets_are_manims(name, label, size):
    preset = resolve_quality(name)
    assert preset.label == label and preset.width == size


def test_scene_names_all_dedupe_and_any_case():
    assert [t.name for t in resolve_scenes(["all"])] == scene_names()
    assert [t.name for t in resolve_scenes(["gain", "Gain", "bias"])] == ["Gain", "Bias"]
    with pytest.raises(UsageError, match="did you mean RMSNormCollapse"):
        resolve_scenes(["RMSCollapse"])


def test_lecture_is_title_then_scenes_ending_on_the_recap():
    names = [t.name for t in lecture_targets()]
    assert names == ["TitleCard", *scene_names()]
    assert names[-1] == "Recap"


def test_formats():
    assert check_format("GIF") == "gif"
    with pytest.raises(UsageError, match="choose one of mp4, gif, png, webm"):
        check_format("mov")


def test_parameters_merge_config_then_command_line(tmp_path):
    config = tmp_path / "lecture.toml"
    config.write_text("gamma = [1.0, 1.0, 1.0]\neps = 0.5\n")
    params = build_params(config=config, gamma="2,0.4,1.5", vector="1,2,4")
    assert params.gamma == (2.0, 0.4, 1.5) and params.eps == 0.5 and params.vector == (1, 2, 4)
    assert Kind.TRIPLE.from_text(" 1, 2 ,3 ") == (1.0, 2.0, 3.0)


def test_layout_names_quality_and_format():
    tmp = Path("/m")
    layout = Layout(tmp)
    target = resolve_scenes(["Gain"])[0]
    assert layout.scene_output(target, PRESETS["high"], "gif") == tmp / "scenes/1080p60/Gain.gif"
    job = RenderJob(target, PRESETS["low"], "none")
    assert layout.manim_folder(job) == tmp / "videos/layernorm/480p15"
    assert layout.output(job) == tmp / "scenes/480p15/Gain.mp4"
    still = RenderJob(target, PRESETS["low"], "none", product=Product.LAST_FRAME, stop_after="end")
    assert layout.output(still) == tmp / "stills/480p15/Gain-end.png"
    assert layout.log_file(still) == tmp / ".normgeom/logs/Gain-end-still-480p15.log"


def test_typesetting_folders_are_per_scene():
    layout = Layout(Path("/m"))
    first, second = resolve_scenes(["Standardization", "OneVectorLesson"])
    assert set(layout.typesetting(first)).isdisjoint(layout.typesetting(second))


def test_the_page_states_come_from_each_scene_not_from_compose():
    """compose/page_states.py asks every lecture scene for its states (``page_states``) and
    names no scene module; the scenes that show one vector give states, the others none."""
    import ast

    from normgeom.compose import page_states
    from scenes.base.catalog import load_scene_class
    from scenes.base.parameters import SceneParams

    tree = ast.parse(Path(page_states.__file__).read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {"scenes.lesson", "scenes.onevector"} & imported
    showing = {name for name in scene_names() if load_scene_class(name).page_states(SceneParams())}
    assert showing == {"OneVectorLesson", "OneVectorGeometry", "EdgeCases", "Invariances"}
    assert [c.scene for c in page_states.chapter_states()] == [
        name for name in scene_names() if name in showing
    ]


def test_cached_builds_once_then_serves_and_rebuilds_a_broken_output(tmp_path):
    """State.cached: a miss builds and records, a hit with the same key skips the build, and
    an output changed on disk or a new key builds again."""
    from normgeom.rendering.state import Built, Info, RecordId, RecordKind, State

    media = tmp_path / "media"
    media.mkdir()
    state = State(media / ".normgeom" / "state.json", media)
    output = media / "a.gif"
    record_id = RecordId(RecordKind.GIF, "480p15", "Gain")
    builds = []

    def build() -> Built:
        builds.append(1)
        output.write_bytes(b"GIF89a" + bytes(len(builds)))
        return Built({"gif": output}, Info(duration=2.5))

    record, cached = state.cached(record_id, "k1", {"gif": output}, build)
    assert (cached, len(builds), record.info.duration) == (False, 1, 2.5)
    record, cached = state.cached(record_id, "k1", {"gif": output}, build)
    assert (cached, len(builds), record.key) == (True, 1, "k1")
    output.write_bytes(b"GIF89a truncated")  # broken on disk: not up to date any more
    assert state.cached(record_id, "k1", {"gif": output}, build)[1] is False
    assert len(builds) == 2
    assert state.cached(record_id, "k2", {"gif": output}, build)[1] is False
    assert len(builds) == 3
    reloaded = State(media / ".normgeom" / "state.json", media)
    assert reloaded.cached(record_id, "k2", {"gif": output}, build)[1] is True
    assert len(builds) == 3
