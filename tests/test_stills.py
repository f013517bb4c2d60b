"""Stills: the requested resolution, an alpha channel when transparent, a beat's end state
that differs from the final frame, caching, and one-line errors for unknown beats."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from fixtures.publishing import slide_target, temp_folder
from fixtures.refusal import refusal_line
from PIL import Image
from typer.testing import CliRunner

from normgeom.cli.app import app
from normgeom.errors import UsageError
from normgeom.publish.stills import check_beat, still_job
from normgeom.rendering.paths import Layout
from normgeom.rendering.quality import Quality
from normgeom.rendering.runner import Runner
from normgeom.rendering.targets import card
from scenes.base.parameters import SceneParams

pytestmark = pytest.mark.render

SMALL = Quality("small", 160, 90, 10)


@cache
def stills() -> tuple[Layout, dict[str, Image.Image]]:
    """Final, after-beat and transparent stills of TinySteps, rendered once."""
    layout = Layout(temp_folder("normgeom-stills-"))
    target = slide_target("TinySteps")
    asked = {
        "final": still_job(target, SMALL, SceneParams()),
        "square": still_job(target, SMALL, SceneParams(), "square"),
        "transparent": still_job(target, SMALL, SceneParams(), transparent=True),
    }
    results = Runner(layout, jobs=2).run(list(asked.values()))
    images = {name: Image.open(r.files["image"]) for name, r in zip(asked, results, strict=True)}
    return layout, images


def test_stills_have_the_requested_resolution():
    _, images = stills()
    assert {image.size for image in images.values()} == {(160, 90)}


def test_transparent_still_has_an_alpha_channel():
    _, images = stills()
    alpha = np.asarray(images["transparent"].convert("RGBA"))[..., 3]
    assert "A" in images["transparent"].getbands()
    assert alpha.min() == 0 and alpha.max() > 0
    assert "A" not in images["final"].getbands() or np.asarray(images["final"])[..., 3].min() == 255


def test_a_beat_still_shows_that_beat_end_state():
    _, images = stills()
    right = np.s_[:, 110:]  # the circle of beat "circle" sits right of the square
    final = np.asarray(images["final"].convert("RGB"))[right].astype(int)
    square = np.asarray(images["square"].convert("RGB"))[right].astype(int)
    background = square[0, 0]
    assert np.abs(square - background).max() < 8
    assert np.abs(final - background).max() > 60


def test_unchanged_stills_are_not_rendered_again():
    layout, _ = stills()
    job = still_job(slide_target("TinySteps"), SMALL, SceneParams(), "square")
    assert Runner(layout).run([job])[0].cached


def test_unknown_beat_is_a_usage_error():
    with pytest.raises(UsageError, match="its beats: square, circle, rest"):
        check_beat(slide_target("TinySteps"), "nope")


def test_stills_cli_unknown_beat_exits_2_with_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("NORMGEOM_MEDIA", str(tmp_path))
    result = CliRunner().invoke(app, ["stills", "MeanCentering", "--at", "nope"])
    refusal_line(result, "MeanCentering has no beat 'nope'")
    assert not (tmp_path / "stills").exists()


def test_stills_do_not_check_the_voice_they_never_use(tmp_path, monkeypatch):
    """Stills are silent: an unusable $NORMGEOM_VOICE is not what they refuse."""
    import normgeom.api

    monkeypatch.setenv("NORMGEOM_MEDIA", str(tmp_path))
    monkeypatch.setenv("NORMGEOM_VOICE", "no-such-voice")
    result = CliRunner().invoke(app, ["stills", "MeanCentering", "--at", "nope"])
    refusal_line(result, "MeanCentering has no beat 'nope'")
    with pytest.raises(UsageError, match="MeanCentering has no beat 'nope'"):
        normgeom.api.stills("MeanCentering", at="nope")


def test_a_translated_still_shows_its_language_and_carries_its_code():
    """The title card's still in Japanese: its own file (``.ja.png``) and a different picture
    from the English one (the title is set in Japanese)."""
    layout = Layout(temp_folder("normgeom-stills-ja-"))
    target = card("TitleCard")
    jobs = [still_job(target, SMALL, SceneParams(), lang=lang) for lang in ("en", "ja")]
    english, japanese = (r.files["image"] for r in Runner(layout, jobs=2).run(jobs))
    assert (english.name, japanese.name) == ("TitleCard.png", "TitleCard.ja.png")
    pictures = [
        np.asarray(Image.open(path).convert("L")).astype(int) for path in (english, japanese)
    ]
    assert np.abs(pictures[0] - pictures[1]).mean() > 1.0
