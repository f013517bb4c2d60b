"""The ``normgeom`` command line: every command, and every user mistake as one line, exit 2."""

from __future__ import annotations

import json
import shutil

import pytest
from fixtures.pipeline import TINY
from fixtures.refusal import refusal_line
from typer.testing import CliRunner

from normgeom import settings as normgeom_settings
from normgeom.cli import app as cli
from normgeom.cli import doctor
from normgeom.rendering import targets
from normgeom.rendering.targets import Target
from scenes.base.catalog import scene_names

runner = CliRunner()


def test_list_shows_every_scene_in_lesson_order(media):
    result = runner.invoke(cli.app, ["list"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    positions = [result.stdout.index(name) for name in scene_names()]
    assert positions == sorted(positions)
    assert "not rendered" in result.stdout


def test_list_shows_rendered_lengths(media):
    (media / ".normgeom").mkdir(parents=True)
    record = {"key": "k", "files": {}, "info": {"duration": 83.2, "render_seconds": 1.0}}
    state = {"records": {"scene:480p15:Gain": record}}
    (media / ".normgeom" / "state.json").write_text(json.dumps(state))
    result = runner.invoke(cli.app, ["list"], env={"COLUMNS": "200"})
    assert "1:23 (480p15)" in result.stdout


BAD_RENDERS = [
    (["MeanCenterin"], "unknown scene 'MeanCenterin'; did you mean MeanCentering?"),
    (["Nonsense"], "unknown scene 'Nonsense'"),
    (["Gain", "-q", "ultra"], "unknown quality 'ultra'"),
    (["Gain", "-f", "avi"], "unknown format 'avi'"),
    (["Gain", "--voice", "robot"], "unknown voice 'robot'"),
    (["Gain", "--gamma", "2,x,1"], "--gamma: expected 3 comma-separated numbers"),
    (["Gain", "--beta", "1,2"], "--beta: expected 3 comma-separated numbers, got 2"),
    (["Gain", "--eps", "tiny"], "--eps: expected a number"),
    (["Gain", "--eps", "-1"], "eps"),
    (["Gain", "--vector", "1,2,nan"], "vector"),
    (["Gain", "--points", "missing.npy"], "points: missing.npy: no such file"),
    (["Gain", "--config", "missing.toml"], "config: missing.toml: no such file"),
    (["Gain", "--jobs", "0"], "--jobs: expected a positive whole number"),
]


@pytest.mark.parametrize(("args", "message"), BAD_RENDERS)
def test_bad_render_input_is_one_line_exit_2_nothing_written(media, args, message):
    refusal_line(runner.invoke(cli.app, ["render", *args]), message)
    assert not media.exists()


def test_bad_config_and_point_files(media, tmp_path):
    config = tmp_path / "lecture.toml"
    config.write_text("gamma = [1, 2\n")
    points = tmp_path / "points.npy"
    points.write_bytes(b"not numpy")
    for args in (["--config", str(config)], ["--points", str(points)]):
        result = runner.invoke(cli.app, ["render", "Gain", *args])
        assert result.exit_code == 2, result.output
        assert len(result.stderr.strip().splitlines()) == 1
    config.write_text("colour = 1\n")
    result = runner.invoke(cli.app, ["render", "Gain", "--config", str(config)])
    assert "unknown key(s) colour" in result.stderr
    assert not media.exists()


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("lecture.mkv", "end the name in .mp4"),
        ("{file}/lecture.mp4", "cannot write there"),
        ("{dir}", "is a directory"),
    ],
)
def test_bad_video_output_is_refused(media, tmp_path, output, message):
    (tmp_path / "file").write_text("")
    (tmp_path / "folder.mp4").mkdir()
    target = output.format(file=tmp_path / "file", dir=tmp_path / "folder.mp4")
    refusal_line(runner.invoke(cli.app, ["video", "--output", target]), message)
    assert not media.exists()


def test_video_rejects_bad_quality_and_voice(media):
    for args, message in ((["-q", "8k"], "unknown quality"), (["--voice", "x"], "unknown voice")):
        result = runner.invoke(cli.app, ["video", *args])
        assert result.exit_code == 2 and message in result.stderr
    assert not media.exists()


def test_render_writes_the_asked_format_and_reports_it(tiny_media):
    args = ["render", "TinyNarrated", "--voice", "espeak", "-f", "gif", "-j", "1"]
    result = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    gif = tiny_media / "scenes" / "72p10" / "TinyNarrated.gif"
    assert gif.is_file()
    assert "cached" in result.stdout and "TinyNarrated.gif" in result.stdout
    again = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert "up to date" in again.stdout


def test_video_composes_then_is_up_to_date(tiny_media, tmp_path):
    output = tmp_path / "talk.mp4"
    args = ["video", "--voice", "espeak", "--output", str(output)]
    result = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "lecture composed" in result.stdout and "2 chapters" in result.stdout
    for suffix in (".mp4", ".srt", ".vtt", ".chapters.txt", ".json"):
        assert output.with_suffix(suffix).is_file()
    again = runner.invoke(cli.app, args, env={"COLUMNS": "200"})
    assert "lecture up to date" in again.stdout


def test_doctor_reports_all_present(media):
    result = runner.invoke(cli.app, ["doctor", "--voice", "none"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "missing" not in result.stdout


def test_doctor_says_how_to_install_what_is_missing(media, monkeypatch):
    real = shutil.which
    monkeypatch.setattr(doctor.shutil, "which", lambda p: None if p == "espeak-ng" else real(p))
    result = runner.invoke(cli.app, ["doctor", "--voice", "none"], env={"COLUMNS": "200"})
    assert result.exit_code == 1
    assert "apt-get install espeak-ng" in result.stdout
    assert result.stderr.strip() == "normgeom: error: missing: espeak-ng (see the fix column)"


def test_main_turns_user_errors_into_one_line(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["normgeom", "render", "Nope"])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("normgeom: error: unknown scene 'Nope'")


SNOW_SCENE = """
from scenes.base.narrated import NarratedScene


class Snow(NarratedScene):
    def construct(self):
        with self.beat("intro") as tracker:
            self.wait(tracker.duration)
        with self.beat("snow") as tracker:
            self.wait(tracker.duration)
"""


@pytest.mark.render
def test_a_beat_the_voice_cannot_speak_is_one_line_exit_1_no_video(media, tmp_path, monkeypatch):
    (tmp_path / "snow.py").write_text(SNOW_SCENE)
    (tmp_path / "narration").mkdir()
    (tmp_path / "narration" / "snow.toml").write_text(
        '[Snow]\nintro = "It snows."\nsnow = "☃ ☃ ☃"\n'
    )
    snow = Target("Snow", tmp_path / "snow.py", "Snow")
    monkeypatch.setattr(normgeom_settings, "resolve_quality", lambda name: TINY)
    monkeypatch.setattr(targets, "resolve_scenes", lambda names: [snow])
    result = runner.invoke(cli.app, ["render", "Snow", "--voice", "hibari"])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert lines == ["normgeom: error: Snow, beat snow: voice 'hibari' cannot speak '☃ ☃ ☃' "
                     "(no sound came out)"]  # fmt: skip
    assert not list(media.glob("scenes/**/*.mp4"))


def test_the_help_names_every_preset_format_and_voice():
    """The help lists come from their sources: every quality preset, output format and voice
    is named in ``normgeom render --help``, with nothing left to a "..."."""
    from normgeom.rendering.paths import FORMATS
    from normgeom.rendering.quality import PRESETS
    from scenes.voice.registry import available_voices

    shown = " ".join(
        runner.invoke(cli.app, ["render", "--help"], terminal_width=400).stdout.split()
    )
    for name in [*PRESETS, *FORMATS, *available_voices()]:
        assert name in shown, name
    assert "|".join(FORMATS) in shown and "|".join(PRESETS) in shown
    assert "..., " not in shown and ", ..." not in shown
