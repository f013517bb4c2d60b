"""The contact sheet: frames at 25/50/75/100% of each scene, one labelled row per scene."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from normgeom.publish import contact_sheet as sheet
from tests.fixtures.pipeline import make_clip


def test_frames_are_taken_at_each_fraction(tmp_path):
    clip = make_clip(tmp_path / "A.mp4", 2.0, audio=False)  # frame i is gray (9 i) % 256
    frames = sheet.frames_at_fractions(clip)
    grays = [float(np.asarray(f.convert("L")).mean()) for f in frames]
    expected = [9 * round(f * 19) for f in sheet.FRACTIONS]
    assert grays == pytest.approx(expected, abs=4)


def test_one_row_per_scene_and_pages_when_tall(tmp_path, monkeypatch):
    for name in ("A", "B"):
        make_clip(tmp_path / f"{name}.mp4", 1.0, audio=False)
    out = tmp_path / "docs" / "sheet.png"
    assert sheet.contact_sheet(tmp_path, out, ["A", "B"]) == [out]
    width = sheet.LABEL_WIDTH + len(sheet.FRACTIONS) * (sheet.THUMB[0] + sheet.GAP)
    assert Image.open(out).size == (width, sheet.HEADER + 2 * (sheet.THUMB[1] + sheet.GAP))
    monkeypatch.setattr(sheet, "MAX_HEIGHT", 100)
    written = sheet.contact_sheet(tmp_path, out, ["A", "B"])
    assert written[1:] == [out.with_suffix("") / "A.png", out.with_suffix("") / "B.png"]
    assert all(path.is_file() for path in written)


def test_a_scene_not_rendered_is_one_line_and_exit_2(tmp_path, capsys):
    assert sheet.main([str(tmp_path), str(tmp_path / "sheet.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("contact-sheet: not rendered in") and "\n" not in err
    assert not (tmp_path / "sheet.png").exists()
