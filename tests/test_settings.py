"""Settings are the library's, declared once: nothing outside the command line imports it, each
scene parameter's one declaration reaches the command line, config files, the Python API and
the documentation, and the rendering commands share one group of options with the API's
defaults."""

from __future__ import annotations

import importlib.util
import inspect
import json
from dataclasses import fields
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

import normgeom.api
from normgeom.cli.app import app
from normgeom.errors import UsageError
from normgeom.settings import DEFAULT_QUALITY, build_params, python_params
from normio.errors import FileError
from normmath.errors import NormMathError
from scenes.base.parameters import BY_NAME, Kind, SceneParams, load_params

ROOT = Path(__file__).resolve().parents[1]
RENDERING_COMMANDS = ("render", "video", "stills", "slides", "publish", "audit")
API_FUNCTIONS = (normgeom.api.render, normgeom.api.lecture, normgeom.api.audit)
PARAMETER_NAMES = [field.name for field in fields(SceneParams)]


def click_command(name: str):
    group = typer.main.get_command(app)
    return group.get_command(group.make_context("normgeom", [], resilient_parsing=True), name)


def sample(name: str, folder: Path) -> object:
    """A valid value of parameter ``name`` other than its default, made from its kind."""
    parameter = BY_NAME[name]
    if parameter.kind is Kind.FILE:
        path = folder / "points.csv"
        path.write_text("1,2,3\n4,5,7\n")
        return str(path.resolve())
    if parameter.kind is Kind.TRIPLE:
        return tuple(v + 0.5 for v in parameter.default)
    return parameter.default / 2


@pytest.mark.parametrize("name", PARAMETER_NAMES)
def test_a_declared_parameter_reaches_every_front_end(name, tmp_path, monkeypatch):
    """Adding a field to SceneParams is the one edit: this test walks the fields."""
    monkeypatch.chdir(tmp_path)
    parameter, value = BY_NAME[name], sample(name, tmp_path)
    # the command line: an option of every rendering command, shown by --help, read by kind
    help_text = CliRunner().invoke(app, ["render", "--help"], env={"COLUMNS": "200"}).output
    assert parameter.option in help_text
    for command in RENDERING_COMMANDS:
        options = {opt for param in click_command(command).params for opt in param.opts}
        assert parameter.option in options, command
    assert getattr(build_params(**{name: parameter.kind.to_text(value)}), name) == value
    # a config file's key
    config = tmp_path / "talk.toml"
    plain = list(value) if isinstance(value, tuple) else value
    config.write_text(f"{name} = {json.dumps(plain)}\n")
    assert getattr(load_params(config), name) == value
    # a keyword of the Python API, taken as a Python value
    for function in API_FUNCTIONS:
        assert name in inspect.signature(function).parameters, function.__name__
        assert f"\n{name} : " in function.__doc__, function.__name__
    assert getattr(python_params(values={name: value}), name) == value
    # the documentation's table of parameters, on the scenes page
    assert f"``{name}``" in "\n".join(parameter_table().table_lines())
    assert f"``{parameter.option}``" in "\n".join(parameter_table().table_lines())


def parameter_table():
    spec = importlib.util.spec_from_file_location(
        "parameter_table", ROOT / "docs" / "_ext" / "parameter_table.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_scenes_page_holds_the_generated_table():
    assert ".. scene-parameters::" in (ROOT / "docs" / "scenes.md").read_text()


def test_the_rendering_commands_share_one_voice_and_one_quality():
    voices = {
        command: next(p for p in click_command(command).params if "--voice" in p.opts)
        for command in RENDERING_COMMANDS
        if command != "stills"  # stills are silent
    }
    assert {(p.default, p.help) for p in voices.values()} == {(None, voices["render"].help)}
    qualities = [
        next(p for p in click_command(command).params if "--quality" in p.opts).default
        for command in RENDERING_COMMANDS
        if command != "audit"  # the audit plays scenes, at the low quality's frame rate
    ]
    assert set(qualities) == {DEFAULT_QUALITY}
    for function in (normgeom.api.render, normgeom.api.lecture):
        assert inspect.signature(function).parameters["quality"].default == DEFAULT_QUALITY
    for function in API_FUNCTIONS:
        assert inspect.signature(function).parameters["voice"].default is None


def test_a_point_file_problem_is_named_once(tmp_path):
    missing = str(tmp_path / "none.csv")
    with pytest.raises(FileError, match=r"^points: .*none.csv: no such file"):
        build_params(points=missing)
    with pytest.raises(UsageError, match=r"^points: .*none.csv: no such file"):
        python_params(values={"points": missing})


@pytest.mark.parametrize(
    ("name", "text", "reason"),
    [
        ("eps", "-1", "must be >= 0"),
        ("lesson_eps", "-1", "must be >= 0"),
        ("gain", "1e9", "the lesson scenes draw values within"),
        ("gamma", "99,1,1", "the 3D scenes draw values within"),
    ],
)
def test_a_value_out_of_range_is_named_as_it_was_given(name, text, reason, tmp_path):
    """On the command line by its option, in a config file by its key."""
    option = BY_NAME[name].option
    shown = CliRunner().invoke(app, ["render", "Gain", option, text])
    assert shown.exit_code == 2
    assert shown.output.strip() == shown.output.strip().splitlines()[0]
    assert shown.output.startswith(f"normgeom: error: {option}: {reason}"), shown.output
    config = tmp_path / "talk.toml"
    config.write_text(f"{name} = {f'[{text}]' if ',' in text else text}\n")
    with pytest.raises(NormMathError, match=rf"^{name}: {reason}"):
        build_params(config)
