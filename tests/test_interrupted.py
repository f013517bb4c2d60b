"""Renders survive what interrupted and concurrent runs leave behind: a damaged speech
index or partial movie file is rebuilt, two runs on one media folder keep both records,
and two renders of one scene at once share the result."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fixtures.pipeline import rendered, tiny_job

from normgeom.render.paths import Layout
from normgeom.render.probe import duration
from normgeom.render.runner import Runner
from normgeom.render.state import State

pytestmark = pytest.mark.render

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def media(tmp_path) -> Path:
    """A copy of the shared tiny render's media folder."""
    shutil.copytree(rendered()[0], tmp_path / "media")
    return tmp_path / "media"


def test_an_emptied_speech_index_is_rebuilt(media, capsys):
    (media / "voiceovers" / "TinyNarrated" / "cache.json").write_text("")
    (media / "scenes" / "72p10" / "TinyNarrated.mp4").unlink()
    result = Runner(Layout(media)).run([tiny_job("TinyNarrated")])[0]
    assert not result.cached and duration(result.video) == pytest.approx(rendered()[1][1].duration)
    assert "damaged speech cache index" in capsys.readouterr().err
    assert json.loads((media / "voiceovers" / "TinyNarrated" / "cache.json").read_text())


def test_a_truncated_partial_movie_is_rendered_again(media, capsys):
    partials = sorted(
        (media / "videos" / "tiny_scenes" / "72p10" / "partial_movie_files").glob(
            "TinySilent/*.mp4"
        )
    )
    assert partials
    os.truncate(partials[0], 48)
    (media / "scenes" / "72p10" / "TinySilent.mp4").unlink()
    result = Runner(Layout(media)).run([tiny_job("TinySilent")])[0]
    assert not result.cached and duration(result.video) == pytest.approx(rendered()[1][0].duration)
    assert "damaged partial movie" in capsys.readouterr().err


DRIVER = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from fixtures.pipeline import tiny_job
from normgeom.render.paths import Layout
from normgeom.render.runner import Runner
results = Runner(Layout(Path(sys.argv[2])), jobs=1).run([tiny_job(n) for n in sys.argv[3:]])
print(json.dumps([result.cached for result in results]))
"""


def run_at_once(media: Path, *scene_lists: list[str]) -> list[list[bool]]:
    """Run one runner process per scene list, all at once; each one's ``cached`` flags."""
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", DRIVER, str(TESTS), str(media), *scenes],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for scenes in scene_lists
    ]
    outputs = [run.communicate(timeout=300) for run in runs]
    for run, (_, err) in zip(runs, outputs, strict=True):
        assert run.returncode == 0, err[-2000:]
    return [json.loads(out.strip().splitlines()[-1]) for out, _ in outputs]


def test_two_runs_on_one_media_folder_keep_both_records(tmp_path):
    media = tmp_path / "media"
    assert run_at_once(media, ["TinySilent"], ["TinyNarrated"]) == [[False], [False]]
    names = {rid.name for rid in State(media / ".normgeom" / "state.json").records()}
    assert names == {"TinySilent", "TinyNarrated"}


def test_two_renders_of_one_scene_at_once_share_the_result(tmp_path):
    media = tmp_path / "media"
    flags = run_at_once(media, ["TinySilent"], ["TinySilent"])
    assert sorted(flag for run in flags for flag in run) == [False, True]
    assert duration(media / "scenes" / "72p10" / "TinySilent.mp4") > 0
