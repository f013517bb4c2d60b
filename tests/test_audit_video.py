"""The video audit: a planted one-frame cut is found in a clip without a manifest, and not at
a chapter or part boundary the manifest beside the clip declares; a badge appearing in one
frame is a local change, not a cut; a still stretch, a moving chapter ending and blank frames
are found, blank frames just after a boundary are not; a badge coming and going leaves a
picture still, and only its narrated seconds count when subtitles lie beside it; a smooth
clip has no finding; a bad file is one line; the scenes' closing hold outlasts the encoder's
settling by the still ending the rule asks for."""

from __future__ import annotations

import json
import subprocess
import sys

import av
import numpy as np
import pytest
from fixtures.refusal import refusal_line

from normgeom.audit.rules import STILL_ENDING
from normgeom.audit.video import audit_video
from scenes.base.narrated import ENCODER_SETTLE, END_HOLD

FPS = 15
SIZE = (160, 96)


def write_clip(path, positions, blank=(), badge=()) -> None:
    """A clip of a bright square on a dark ground at ``positions`` (pixels, one per frame),
    above a row of grey dots; frames listed in ``blank`` are black, those in ``badge`` show a
    small badge in a corner."""
    with av.open(str(path), "w") as out:
        stream = out.add_stream("libx264", rate=FPS)
        stream.width, stream.height = SIZE
        stream.pix_fmt = "yuv420p"
        stream.options = {"qp": "0"}
        for index, x in enumerate(positions):
            picture = np.full((SIZE[1], SIZE[0], 3), 30, np.uint8)
            if index not in blank:
                picture[30:60, int(x) : int(x) + 30] = 230
                for dot in range(5, SIZE[0], 20):
                    picture[75:85, dot : dot + 10] = 120
            if index in badge:
                picture[2:12, 2:14] = 200
            for packet in stream.encode(av.VideoFrame.from_ndarray(picture, format="rgb24")):
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)


def moving(frames: int, cut: int | None = None) -> list[float]:
    """Positions moving 1 px a frame (a jump of 50 px at frame ``cut``), then 1.5 s still."""
    positions = [10 + i + (50 if cut is not None and i >= cut else 0) for i in range(frames)]
    return positions + [positions[-1]] * round(1.5 * FPS)


def test_a_planted_one_frame_cut_is_found(tmp_path):
    clip = tmp_path / "planted.mp4"
    write_clip(clip, moving(40, cut=20))
    findings = audit_video(clip)
    assert [(f.rule, round(f.start * FPS)) for f in findings] == [("cut", 20)]
    assert findings[0].scene == "planted"


def test_a_smooth_clip_has_no_finding(tmp_path):
    clip = tmp_path / "smooth.mp4"
    write_clip(clip, moving(40))
    assert audit_video(clip) == []


def test_a_cut_at_a_chapter_boundary_of_the_manifest_is_not_a_finding(tmp_path):
    clip = tmp_path / "lecture.mp4"
    first = moving(20)
    write_clip(clip, first + [p + 50 for p in moving(20)])
    middle = len(first) / FPS
    chapters = [
        {"title": "One", "scene": "First", "start": 0.0, "end": middle},
        {"title": "Two", "scene": "Second", "start": middle, "end": 2 * middle},
    ]
    (tmp_path / "lecture.json").write_text(json.dumps({"chapters": chapters}))
    assert audit_video(clip) == []
    (tmp_path / "lecture.json").unlink()
    assert [f.rule for f in audit_video(clip)] == ["cut"]


def test_a_badge_appearing_in_one_frame_is_not_a_cut(tmp_path):
    clip = tmp_path / "badge.mp4"
    write_clip(clip, [10.0] * 40, badge=range(10, 15))
    assert audit_video(clip) == []


def test_a_cut_at_a_part_boundary_of_the_manifest_is_not_a_finding(tmp_path):
    clip = tmp_path / "lecture.mp4"
    title = moving(20)
    write_clip(clip, title + [p + 50 for p in moving(20)])
    end = 2 * len(title) / FPS
    chapters = [{"title": "One", "scene": "First", "start": 0.0, "end": end}]
    parts = [
        {"name": "TitleCard", "start": 0.0, "duration": end / 2},
        {"name": "First", "start": end / 2, "duration": end / 2},
    ]
    (tmp_path / "lecture.json").write_text(json.dumps({"chapters": chapters, "parts": parts}))
    assert audit_video(clip) == []


def test_stills_moving_endings_and_blank_frames_are_found(tmp_path):
    clip = tmp_path / "faults.mp4"
    still = [10.0] * (15 * FPS)
    write_clip(clip, still + [10 + i for i in range(20)], blank=range(20, 23))
    found = {(f.rule, round(f.start * FPS)) for f in audit_video(clip)}
    after_blank = 23 + FPS  # the first frame a second after the blank ones
    assert found == {("blank", 20), ("long-still", after_blank), ("moving-ending", 15 * FPS + 6)}


def test_a_badge_coming_and_going_leaves_the_picture_still(tmp_path):
    clip = tmp_path / "badge.mp4"
    frames = 14 * FPS
    write_clip(clip, [10.0] * frames, badge=range(4 * FPS, 9 * FPS))
    assert [f.rule for f in audit_video(clip)] == ["long-still"]
    write_clip(clip, [10 + 12 * i / FPS for i in range(frames)], badge=range(4 * FPS, 9 * FPS))
    assert audit_video(clip) == []


def test_only_narrated_seconds_of_a_still_count_with_subtitles_beside(tmp_path):
    clip = tmp_path / "quiet.mp4"
    write_clip(clip, [10.0] * (16 * FPS) + moving(20))
    assert [f.rule for f in audit_video(clip)] == ["long-still"]
    cue = "1\n00:00:01,000 --> 00:00:{end:02d},000\nwords\n"
    (tmp_path / "quiet.srt").write_text(cue.format(end=12))
    assert audit_video(clip) == []
    (tmp_path / "quiet.srt").write_text(cue.format(end=15))
    assert [f.rule for f in audit_video(clip)] == ["long-still"]


def test_blank_frames_just_after_a_boundary_are_allowed(tmp_path):
    clip = tmp_path / "opening.mp4"
    write_clip(clip, [10.0] * (2 * FPS) + moving(20), blank=(0, 1, 2, 2 * FPS, 2 * FPS + 1))
    chapters = [
        {"title": "One", "scene": "First", "start": 0.0, "end": 2.0},
        {"title": "Two", "scene": "Second", "start": 2.0, "end": 2.0 + len(moving(20)) / FPS},
    ]
    (tmp_path / "opening.json").write_text(json.dumps({"chapters": chapters}))
    assert audit_video(clip) == []
    (tmp_path / "opening.json").unlink()
    assert [(f.rule, round(f.start * FPS)) for f in audit_video(clip)] == [("blank", 2 * FPS)]


def test_a_missing_or_broken_file_is_one_line_with_exit_code_2(tmp_path):
    broken = tmp_path / "broken.mp4"
    broken.write_text("not a video")
    for path in (tmp_path / "missing.mp4", broken):
        done = subprocess.run(
            [sys.executable, "-m", "normgeom", "audit", "--video", str(path)],
            capture_output=True,
            text=True,
        )
        refusal_line(done, str(path))


@pytest.mark.parametrize("cut", [None, 20])
def test_the_command_prints_the_findings_and_exits_1_on_any(tmp_path, cut):
    clip = tmp_path / "clip.mp4"
    write_clip(clip, moving(40, cut=cut))
    done = subprocess.run(
        [sys.executable, "-m", "normgeom", "audit", "--video", str(clip)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == (0 if cut is None else 1)
    assert ("cut:" in done.stdout) == (cut is not None)


def test_the_closing_hold_leaves_a_still_second_after_the_encoder_settles():
    assert END_HOLD >= STILL_ENDING + ENCODER_SETTLE
