"""Bad command-line input is refused before anything renders: one line, exit 2, nothing written."""

from __future__ import annotations

import numpy as np
import pytest
import typer
from fixtures.refusal import refusal_line
from typer.testing import CliRunner

from normgeom.activations.errors import ActivationsError
from normgeom.cli import app as cli
from normgeom.cli.failures import user_errors
from normgeom.errors import RenderError, UsageError
from normgeom.rendering.paths import MEDIA_ENV
from normgeom.rendering.runner import Runner
from normio.errors import FileError, UserError
from normmath.errors import NormMathError
from scenes.voice.registry import VoiceError

runner = CliRunner()


class RenderingStarted(AssertionError):
    """Raised by the runner's stand-in: the command got past its input checks."""


def _no_rendering(*args, **kwargs):
    raise RenderingStarted("rendering started before the input was refused")


@pytest.fixture(autouse=True)
def no_rendering(monkeypatch):
    """Any attempt to render fails the test: input must be refused before that."""
    monkeypatch.setattr(Runner, "run", _no_rendering)


def refused(args: list[str], message: str, media) -> str:
    """Run ``normgeom <args>``; assert one error line holding ``message``, exit 2, no media."""
    result = runner.invoke(cli.app, args)
    assert not isinstance(result.exception, RenderingStarted), args
    line = refusal_line(result, message)
    assert not media.exists()
    return line


@pytest.mark.parametrize("names", [["all", "Foo"], ["Foo", "all"], ["Gain", "all", "Bais"]])
def test_an_unknown_name_beside_all_is_refused(media, names):
    unknown = next(n for n in names if n not in {"all", "Gain"})
    refused(["render", *names], f"unknown scene {unknown!r}", media)


@pytest.mark.parametrize(
    "args",
    [
        ["video", "-o", "/proc/talk.mp4"],
        ["slides", "Gain", "-o", "/proc/deck"],
        ["publish", "-o", "/proc/bundle"],
    ],
)
def test_an_output_in_a_folder_that_refuses_files_is_refused(media, args):
    refused(args, "cannot write there", media)


@pytest.mark.parametrize(
    "args",
    [
        ["render", "Gain", "--voice", "none"],
        ["video", "--voice", "none"],
        ["slides", "Gain"],
        ["stills", "Gain"],
    ],
)
def test_a_media_root_that_refuses_files_is_refused(media, monkeypatch, args):
    monkeypatch.setenv(MEDIA_ENV, "/proc/media")
    refused(args, "/proc/media", media)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["video", "-o", ""], "--output: empty"),
        (["video", "-o", "  "], "--output: empty"),
        (["slides", "Gain", "-o", ""], "--output: empty"),
        (["publish", "-o", ""], "--output: empty"),
        (["stills", "Gain", "--at", ""], "--at: empty"),
        (["render", "Gain", "--voice", ""], "--voice: empty"),
        (["video", "--voice", " "], "--voice: empty"),
        (["slides", "Gain", "--voice", ""], "--voice: empty"),
    ],
)
def test_empty_names_are_refused(media, args, message):
    refused(args, message, media)


@pytest.mark.parametrize(
    ("voice", "message"),
    [("zz", "unknown voice 'zz'"), ("espek", "unknown voice 'espek'; did you mean 'espeak'?")],
)
def test_doctor_names_an_unknown_voice_with_exit_2(media, voice, message):
    refused(["doctor", "--voice", voice], message, media)


def test_an_unknown_voice_suggests_the_closest_name(media):
    refused(["render", "Gain", "--voice", "nonee"], "did you mean 'none'?", media)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: (tmp / "cloud.npy").mkdir() or tmp / "cloud.npy", "is a directory"),
        (lambda tmp: "/dev/null", "not a regular file"),
    ],
)
def test_a_points_path_that_is_not_a_file_says_what_it_is(media, tmp_path, make, message):
    line = refused(["render", "Gain", "--points", str(make(tmp_path))], message, media)
    assert "no such file" not in line


def test_a_npy_of_random_bytes_is_called_not_a_valid_npy(media, tmp_path):
    path = tmp_path / "noise.npy"
    path.write_bytes(np.random.default_rng(0).bytes(4096))
    line = refused(["render", "Gain", "--points", str(path)], "not a valid .npy file", media)
    assert "pickle" not in line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["OneVectorLesson", "--vector", "1e200,2e200,3e200"], "vector: the lesson scenes draw"),
        (["OneVectorLesson", "--vector", "1,2,-10.5"], "within ±10, got 10.5"),
        (["Gain", "--gamma", "1e308,1,1"], "gamma: the 3D scenes draw values within ±10"),
        (["Gain", "--gamma", "2,-30,1"], "gamma: the 3D scenes draw values within ±10, got 30"),
        (["Bias", "--beta", "0,-2e4,0"], "beta: the 3D scenes draw"),
    ],
)
def test_values_the_scenes_cannot_draw_are_refused_naming_the_range(media, args, message):
    refused(["render", *args], message, media)


def test_a_lesson_gain_the_scenes_cannot_draw_is_refused(media, tmp_path):
    config = tmp_path / "lesson.toml"
    config.write_text("gain = 1e308\n")
    refused(["render", "OneVectorLesson", "--config", str(config)], "gain: the lesson", media)


def test_points_the_scenes_cannot_draw_are_refused(media, tmp_path):
    path = tmp_path / "far.npy"
    np.save(path, np.array([[1.0, 2.0, 3.0], [1e200, 0.0, 0.0]]))
    refused(["render", "Gain", "--points", str(path)], "points (far.npy): the 3D scenes", media)


@pytest.mark.parametrize("suffix", [".npy", ".csv"])
def test_more_points_than_the_scenes_can_render_are_refused(media, tmp_path, suffix):
    cloud = np.random.default_rng(0).uniform(-10, 10, (100_000, 3))
    path = tmp_path / f"cloud{suffix}"
    if suffix == ".npy":
        np.save(path, cloud)
    else:
        np.savetxt(path, cloud, delimiter=",", fmt="%.3f")
    refused(["render", "Gain", "--points", str(path)], "100000 points; at most 500", media)


class NewMistake(UserError):
    """A user error that no table of the command line lists."""


@pytest.mark.parametrize(
    ("error", "code"),
    [(NewMistake("a new mistake\nsecond line"), 2), (RenderError("Gain failed, see its log"), 1)],
)
def test_the_exit_code_comes_from_the_errors_type(capsys, error, code):
    with pytest.raises(typer.Exit) as ended, user_errors():
        raise error
    assert ended.value.exit_code == code
    assert capsys.readouterr().err == f"normgeom: error: {str(error).splitlines()[0]}\n"


def test_every_user_error_is_a_user_error():
    for known in (UsageError, NormMathError, FileError, VoiceError, ActivationsError):
        assert issubclass(known, UserError) and known.exit_code == 2
