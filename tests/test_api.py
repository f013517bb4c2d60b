"""The Python API: the same validation, cache and errors as the command line, no exits."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import normgeom
from normgeom.api import MediaFile
from normgeom.errors import UsageError
from scenes.voice.registry import VoiceError

VECTORS = [([1, 2, 3], 1.0, 1e-6), ([0, 0, 0], 1.0, 0.0), ([2, 2, 2], 0.5, 0.0), ([-1, 0, 4], 2, 1)]


@pytest.mark.parametrize(("vector", "gain", "eps"), VECTORS)
def test_explain_equals_the_command_lines_json(vector, gain, eps):
    args = [str(v) for v in vector] + ["--gain", str(gain), "--eps", str(eps), "--json"]
    printed = subprocess.run(
        [sys.executable, "-m", "normgeom", "explain", *args],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert normgeom.explain(vector, gain=gain, eps=eps) == json.loads(printed)


def test_explain_marks_an_undefined_output_none():
    data = normgeom.explain([0, 0, 0], eps=0.0)
    assert [row["ln_output"] for row in data["rows"]] == [None, None, None]
    assert data["statistics"]["ln_denominator"] == 0.0


def test_explain_refuses_bad_input_with_a_typed_error():
    with pytest.raises(UsageError, match="eps"):
        normgeom.explain([1, 2, 3], eps=-1)


def test_render_serves_the_cached_movie_and_writes_formats(tiny_media):
    movie = normgeom.render("TinySilent", voice="espeak")
    assert isinstance(movie, MediaFile) and movie.suffix == ".mp4" and movie.is_file()
    assert movie.is_relative_to(tiny_media)
    stamp = movie.stat().st_mtime_ns
    assert normgeom.render("TinySilent", voice="espeak") == movie
    assert movie.stat().st_mtime_ns == stamp  # up to date: served, not rendered again
    still = normgeom.render("TinySilent", format="png", voice="espeak")
    assert still.suffix == ".png" and still.read_bytes().startswith(b"\x89PNG")


def test_render_shows_inline_in_a_notebook(tiny_media):
    movie = normgeom.render("TinySilent", voice="espeak")
    html = movie._repr_mimebundle_()["text/html"]
    assert html.startswith("<video") and "data:video/mp4;base64," in html
    image = normgeom.render("TinySilent", format="gif", voice="espeak")
    assert 'src="data:image/gif;base64,' in image._repr_mimebundle_()["text/html"]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: normgeom.render("TinySilent", format="avi"), UsageError, "avi"),
        (lambda: normgeom.render("TinySilent", voice="nobody"), VoiceError, "nobody"),
        (lambda: normgeom.render("TinySilent", gamma=(1, 2)), UsageError, "gamma"),
        (lambda: normgeom.render("TinySilent", colour=3), UsageError, "colour"),
        (lambda: normgeom.render("TinySilent", jobs=0), UsageError, "jobs"),
        (lambda: normgeom.lecture(output="talk.avi"), UsageError, ".mp4"),
    ],
)
def test_bad_input_raises_the_command_lines_error(tiny_media, call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_an_unknown_scene_is_refused_before_anything_renders(media):
    with pytest.raises(UsageError, match="NoSuchScene"):
        normgeom.render("NoSuchScene", voice="none")
    assert not (media / "scenes").exists()


def test_parameters_take_python_values(tiny_media, tmp_path):
    from normgeom.settings import python_settings

    points = tmp_path / "points.csv"
    points.write_text("1,2,3\n4,5,7\n")
    settings = python_settings("low", "none", None, None, {"gamma": (1, 2, 3), "points": points})
    assert settings.params.gamma == (1.0, 2.0, 3.0)
    assert settings.params.points == str(points.resolve())


FIXTURES = Path(__file__).parent / "fixtures"
SCRIPT = """
import normgeom

movie = normgeom.render({scene!r}, quality="low", voice="none")
print(movie)
"""
"""The README's example as a user saves it: no ``if __name__ == "__main__":`` guard."""

API_SECONDS = 120
"""Bound on one tiny render through the API in a fresh interpreter (it takes a few seconds)."""


def run_python(args: list[str], media: Path, stdin: str | None = None, cwd: Path | None = None):
    """``python ARGS`` on ``media``, bounded by :data:`API_SECONDS` (a hang fails the test)."""
    return subprocess.run(
        [sys.executable, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "NORMGEOM_MEDIA": str(media)},
        timeout=API_SECONDS,
    )


@pytest.mark.render
@pytest.mark.parametrize("how", ["script", "stdin", "command"])
def test_a_script_without_a_main_guard_renders_and_prints_nothing(tmp_path, how):
    media = tmp_path / "media"
    (media / ".normgeom").mkdir(parents=True)
    (media / ".normgeom" / "state.json").write_text("{damaged")  # a warning, not a print
    script = SCRIPT.format(scene=f"{FIXTURES / 'tiny_scenes.py'}:TinySilent")
    if how == "script":
        (tmp_path / "talk.py").write_text(script)
        ran = run_python(["talk.py"], media, cwd=tmp_path)
    elif how == "stdin":
        ran = run_python(["-"], media, stdin=script, cwd=tmp_path)
    else:  # as a REPL or a notebook runs it: a main module without a file
        ran = run_python(["-c", script], media, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout == f"{media / 'scenes' / '480p15' / 'TinySilent.mp4'}\n"
    assert ran.stderr == ""


AUDIT_SCRIPT = """
from normgeom.api import audit

found = audit({scene!r}, voice="none", jobs=1)
print(sorted((name, len(findings)) for name, findings in found.items()))
"""
"""An audit from a script as a user saves it: no ``if __name__ == "__main__":`` guard."""


@pytest.mark.render
def test_an_audit_from_a_script_without_a_main_guard_returns_the_findings(tmp_path):
    scene = f"{FIXTURES / 'tiny_scenes.py'}:TinyNarrated"
    (tmp_path / "check.py").write_text(AUDIT_SCRIPT.format(scene=scene))
    ran = run_python(["check.py"], tmp_path / "media", cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout == "[('TinyNarrated', 0)]\n"


NESTED = """
import normgeom
from manim import Scene


class Again(Scene):
    def construct(self):
        self.wait(0.1)


normgeom.render(__file__ + ":Again", quality="low", voice="none")
"""


@pytest.mark.render
def test_a_scene_file_that_renders_when_imported_fails_instead_of_waiting(tmp_path):
    (tmp_path / "again.py").write_text(NESTED)
    ran = run_python(["again.py"], tmp_path / "media", cwd=tmp_path)
    assert ran.returncode == 1
    assert "Again: render failed (UsageError: a render cannot start inside a render" in ran.stderr


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: normgeom.render(3), "scene"),
        (lambda: normgeom.render(["TinySilent"]), "scene"),
        (lambda: normgeom.render("TinySilent", quality=3), "quality"),
        (lambda: normgeom.render("TinySilent", format=None), "format"),
        (lambda: normgeom.render("TinySilent", voice=3), "voice"),
        (lambda: normgeom.render("TinySilent", jobs="2"), "jobs"),
        (lambda: normgeom.render("TinySilent", jobs=True), "jobs"),
        (lambda: normgeom.render("TinySilent", config=3), "config"),
        (lambda: normgeom.lecture(quality=None), "quality"),
        (lambda: normgeom.lecture(output=3), "output"),
        (lambda: normgeom.lecture(voice=[]), "voice"),
        (lambda: normgeom.explain([1, 2, 3], gain="2"), "gain"),
        (lambda: normgeom.explain([1, 2, 3], eps=None), "eps"),
    ],
)
def test_an_argument_of_the_wrong_type_is_a_usage_error_naming_it(media, call, name):
    with pytest.raises(UsageError, match=f"^{name}: expected "):
        call()
    assert not media.exists()


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: normgeom.render("Gain", gamma="abc"), "gamma"),
        (lambda: normgeom.render("Gain", eps="x"), "eps"),
        (lambda: normgeom.render("Gain", points=5), "points"),
        (lambda: normgeom.render("Gain", vector=[1, "a", 3]), "vector"),
        (lambda: normgeom.lecture(gain="2"), "gain"),
        (lambda: normgeom.explain("abc"), "vector"),
        (lambda: normgeom.explain([1, None, 3]), "vector"),
    ],
)
def test_a_parameter_of_the_wrong_type_is_a_usage_error_naming_it(media, call, name):
    with pytest.raises(UsageError, match=name):
        call()
    assert not media.exists()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: normgeom.slides(3), "scenes"),
        (lambda: normgeom.slides(["Gain", 4]), "scenes"),
        (lambda: normgeom.slides(output=5), "output"),
        (lambda: normgeom.stills(at=3), "at"),
        (lambda: normgeom.stills(transparent="yes"), "transparent"),
        (lambda: normgeom.stills("Gain", quality="8k"), "8k"),
        (lambda: normgeom.stills("NoSuchScene"), "NoSuchScene"),
        (lambda: normgeom.stills("Gain", at="no_such_beat"), "no_such_beat"),
        (lambda: normgeom.api.publish(output=5), "output"),
        (lambda: normgeom.api.publish(jobs=0), "jobs"),
        (lambda: normgeom.api.page(output=5), "output"),
        (lambda: normgeom.api.page(output=""), "empty"),
    ],
)
def test_the_publishing_calls_refuse_bad_input_before_anything_renders(media, call, message):
    """slides, stills, publish and page check what they are given as the command line does,
    before any render or any folder is made."""

    with pytest.raises(UsageError, match=message):
        call()
    assert not media.exists()


def test_the_page_from_python_is_the_page_the_command_writes(tmp_path):
    """``normgeom.api.page`` and ``normgeom page`` write the same files (one library call)."""
    from typer.testing import CliRunner

    import normgeom.api
    from normgeom.cli.app import app

    index = normgeom.api.page(tmp_path / "api")
    assert isinstance(index, MediaFile) and index == tmp_path / "api" / "index.html"
    done = CliRunner().invoke(app, ["page", "--output", str(tmp_path / "cli")])
    assert done.exit_code == 0, done.output

    def files(folder):
        return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    assert files(tmp_path / "api") == files(tmp_path / "cli")


def test_the_command_line_calls_the_library(monkeypatch, tmp_path):
    """``normgeom stills`` hands its checked settings to :func:`normgeom.publish.runs.stills`
    and only reports what it returns."""
    from typer.testing import CliRunner

    from normgeom.cli.app import app
    from normgeom.publish import runs

    seen = []
    monkeypatch.setattr(runs, "stills", lambda *args, **kwargs: seen.append((args, kwargs)) or [])
    done = CliRunner().invoke(app, ["stills", "Gain", "--at", "predict", "-q", "low"])
    assert done.exit_code == 0, done.output
    (targets, settings, at), options = seen[0]
    assert [t.name for t in targets] == ["Gain"] and at == "predict"
    assert settings.quality.label == "480p15" and options == {"transparent": False, "cluster": None}
