"""Composition: clips back to back with chapters, merged subtitles, the lecture files."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import av
import numpy as np
import pytest
from fixtures.pipeline import make_clip, tiny_job, write_srt

from normgeom.compose.clips import Chapter, Clip, compose
from normgeom.compose.lecture import build_lecture, youtube_chapters
from normgeom.compose.loudness import measure_file
from normgeom.compose.subtitles import Cue, read_srt, shift_cues, to_srt, to_vtt
from normgeom.errors import RenderError
from normgeom.rendering.probe import duration, has_audio
from normgeom.rendering.runner import JobResult
from normgeom.rendering.state import State


@pytest.fixture
def clips(tmp_path):
    first = make_clip(tmp_path / "first.mp4", 1.5)
    second = make_clip(tmp_path / "second.mp4", 2.0, audio=False)
    return [Clip("First", first), Clip("Second", second)]


def audio_seconds(path):
    with av.open(str(path)) as container:
        stream = container.streams.audio[0]
        return float(stream.duration * stream.time_base)


def test_composed_duration_is_the_sum_with_audio_and_chapters(clips, tmp_path):
    out = tmp_path / "lecture.mp4"
    spans = compose(clips, out, title="Test")
    assert duration(out) == pytest.approx(3.5)
    assert has_audio(out)
    assert audio_seconds(out) == pytest.approx(3.5, abs=0.03)
    with av.open(str(out)) as container:
        chapters = container.chapters()
        assert container.metadata["title"] == "Test"
        assert container.streams.video[0].codec_context.name == "h264"
        assert container.streams.audio[0].codec_context.name == "aac"
        assert sum(1 for _ in container.decode(video=0)) == 35
    assert [c["metadata"]["title"] for c in chapters] == ["First", "Second"]
    bounds = [float(c[edge] * c["time_base"]) for c in chapters for edge in ("start", "end")]
    assert bounds == pytest.approx([0.0, 1.5, 1.5, 3.5])
    assert spans == [Chapter("First", 0.0, 1.5), Chapter("Second", 1.5, 3.5)]


def test_compose_embeds_given_chapters(clips, tmp_path):
    out = tmp_path / "lecture.mp4"
    compose(clips, out, chapters=[Chapter("All", 0.0, 3.5)])
    with av.open(str(out)) as container:
        assert [c["metadata"]["title"] for c in container.chapters()] == ["All"]


def test_clips_of_different_sizes_are_refused(tmp_path):
    small = make_clip(tmp_path / "a.mp4", 0.5)
    with av.open(str(tmp_path / "b.mp4"), "w") as out:
        stream = out.add_stream("libx264", rate=10)
        stream.width, stream.height, stream.pix_fmt = 32, 32, "yuv420p"
        for frame in [av.VideoFrame(32, 32, "yuv420p")] * 5:
            out.mux(stream.encode(frame))
        out.mux(stream.encode())
    with pytest.raises(RenderError, match="one quality"):
        compose([Clip("a", small), Clip("b", tmp_path / "b.mp4")], tmp_path / "out.mp4")
    assert not (tmp_path / "out.mp4").exists()


def test_cues_shift_by_the_preceding_durations(tmp_path):
    one = write_srt(tmp_path / "one.srt", [(0.0, 1.0, "one"), (1.2, 1.9, "two")])
    two = write_srt(tmp_path / "two.srt", [(0.1, 0.8, "three")])
    merged = shift_cues([(read_srt(one), 2.0), ([], 3.0), (read_srt(two), 1.0)])
    assert merged == [
        Cue(0.0, 1.0, "one"),
        Cue(1.2, 1.9, "two"),
        Cue(pytest.approx(5.1), pytest.approx(5.8), "three"),
    ]
    assert "00:00:05,100 --> 00:00:05,800" in to_srt(merged)
    vtt = to_vtt(merged)
    assert vtt.startswith("WEBVTT\n\n")
    assert "00:00:05.100 --> 00:00:05.800\nthree" in vtt


def test_cues_never_outlive_their_clip(tmp_path):
    cues = [Cue(0.0, 3.0, "long"), Cue(2.5, 2.8, "after the end")]
    assert shift_cues([(cues, 2.0)]) == [Cue(0.0, 2.0, "long")]


def test_youtube_chapter_list():
    chapters = [Chapter("Intro", 0.0, 61.4), Chapter("Middle", 61.4, 3700.0)]
    chapters.append(Chapter("End", 3700.0, 3800.0))
    assert youtube_chapters(chapters) == "00:00 Intro\n01:01 Middle\n1:01:40 End\n"


def fake_result(tmp_path, name, seconds, cues):
    video = make_clip(tmp_path / f"{name}.mp4", seconds, audio=bool(cues))
    srt = write_srt(tmp_path / f"{name}.srt", cues) if cues else None
    files = {"video": video, **({"subtitles": srt} if srt else {})}
    return JobResult(tiny_job(name, "none"), files, seconds, 0.0, True, f"key-{name}")


def test_lecture_files_chapters_and_manifest(tmp_path):
    results = [
        fake_result(tmp_path, "TitleCard", 1.0, []),
        fake_result(tmp_path, "SceneA", 2.0, [(0.0, 1.5, "alpha")]),
        fake_result(tmp_path, "SceneB", 1.5, [(0.2, 1.0, "beta")]),
        fake_result(tmp_path, "Recap", 1.0, []),
    ]
    state = State(tmp_path / "media" / ".normgeom" / "state.json", tmp_path / "media")
    lecture = build_lecture(state, results, tmp_path / "out" / "talk.mp4")
    assert not lecture.cached
    assert [f.name for f in lecture.files.all()] == [
        "talk.mp4",
        "talk.srt",
        "talk.vtt",
        "talk.chapters.txt",
        "talk.json",
    ]
    assert [(c.title, c.start, c.end) for c in lecture.chapters] == [
        ("SceneA title", 0.0, 3.0),  # the title card opens the first chapter
        ("SceneB title", 3.0, 4.5),
        ("Recap title", 4.5, 5.5),
    ]
    with av.open(str(lecture.files.video)) as container:
        assert len(container.chapters()) == 3
    assert duration(lecture.files.video) == pytest.approx(5.5)
    assert [(c.start, c.text) for c in read_srt(lecture.files.srt)] == [
        (1.0, "alpha"),
        (3.2, "beta"),
    ]
    assert lecture.files.chapters.read_text().splitlines() == [
        "00:00 SceneA title",
        "00:03 SceneB title",
        "00:04 Recap title",
    ]
    manifest = json.loads(lecture.files.manifest.read_text())
    assert manifest["duration"] == pytest.approx(5.5)
    assert manifest["voice"] == "none"
    assert manifest["quality"]["label"] == "72p10"
    assert [c["scene"] for c in manifest["chapters"]] == ["SceneA", "SceneB", "Recap"]
    assert [p["start"] for p in manifest["parts"]] == pytest.approx([0.0, 1.0, 3.0, 4.5])
    assert set(manifest["files"]) == {"video", "srt", "vtt", "chapters", "manifest"}
    assert {"manim", "av", "manim-voiceover"} <= set(manifest["versions"])
    loudness = manifest["loudness"]
    (tone,) = measure_file(results[1].video)  # every narrated clip holds the same tone
    assert loudness["target_lufs"] == -16.0 and loudness["max_true_peak_dbtp"] == -1.0
    assert [c["title"] for c in loudness["chapters"]] == [c.title for c in lecture.chapters]
    first, second, summary = loudness["chapters"]
    # gating blocks that straddle the silent title card pull the first chapter down a little
    assert first["integrated_lufs"] == pytest.approx(tone.lufs, abs=0.5)
    assert second["integrated_lufs"] == pytest.approx(tone.lufs, abs=0.3)
    assert summary["integrated_lufs"] is None  # silent: only the encoder's faint tail
    assert summary["true_peak_dbtp"] is None or summary["true_peak_dbtp"] < -50
    assert loudness["integrated_lufs"] == pytest.approx(tone.lufs, abs=0.5)  # silence is gated
    # the lecture's true peak is the largest chapter's: what the whole file measures
    (finished,) = measure_file(lecture.files.video)
    assert loudness["true_peak_dbtp"] == pytest.approx(finished.true_peak_dbtp, abs=0.02)
    assert loudness["integrated_lufs"] == pytest.approx(finished.lufs, abs=0.02)
    with av.open(str(lecture.files.video)) as container:
        audio = container.streams.audio[0].codec_context
        assert (audio.name, audio.sample_rate) == ("aac", 48000)
    assert manifest["language"] == "en"
    assert embedded_tracks(lecture.files.video) == {
        "audio": ("aac", "eng"),
        "subtitles": [("mov_text", "eng", [(1.0, "alpha"), (3.2, "beta")])],
    }
    again = build_lecture(state, results, tmp_path / "out" / "talk.mp4")
    assert again.cached and again.chapters == lecture.chapters


def embedded_tracks(video):
    """The audio track's codec and language tag; each subtitle track's codec, language tag
    and cues (start, text)."""
    with av.open(str(video)) as container:
        audio = container.streams.audio[0]
        tracks = list(container.streams.subtitles)
        cues = {track.index: [] for track in tracks}
        for packet in container.demux(*tracks):
            if packet.size > 2:  # the muxer fills the gaps between cues with empty samples
                text = bytes(packet)[2:].decode()
                cues[packet.stream.index].append(
                    (round(float(packet.pts * packet.time_base), 3), text)
                )
        return {
            "audio": (audio.codec_context.name, audio.metadata.get("language")),
            "subtitles": [
                (t.codec_context.name, t.metadata.get("language"), cues[t.index]) for t in tracks
            ],
        }


def test_a_japanese_lecture_has_japanese_titles_and_tracks_tagged_jpn_and_eng(tmp_path):
    def japanese(name, title, seconds, cues, english=()):
        result = fake_result(tmp_path, name, seconds, cues)
        job = replace(result.job, lang="ja", target=replace(result.job.target, title=title))
        files = dict(result.files)
        if english:
            files["source_subtitles"] = write_srt(tmp_path / f"{name}.en.srt", english)
        return replace(result, job=job, files=files)

    results = [
        japanese("TitleCard", "Title", 1.0, []),
        japanese(
            "Gain",
            "Gain: what shape does the sphere become?",
            2.0,
            [(0.0, 1.5, "ゲイン")],
            [(0.0, 0.7, "Gain"), (0.8, 1.5, "stretches")],
        ),
        japanese("Recap", "Recap", 1.0, [(0.1, 0.9, "まとめ")], [(0.1, 0.9, "Recap")]),
    ]
    state = State(tmp_path / "media" / ".normgeom" / "state.json", tmp_path / "media")
    lecture = build_lecture(state, results, tmp_path / "talk.ja.mp4")
    titles = [c.title for c in lecture.chapters]
    assert titles == ["ゲイン：球面はどんな形になるか？", "まとめ"]
    with av.open(str(lecture.files.video)) as container:
        assert [c["metadata"]["title"] for c in container.chapters()] == titles
        assert container.metadata["title"] == "LayerNormとRMSNormの幾何学"
    assert embedded_tracks(lecture.files.video) == {
        "audio": ("aac", "jpn"),
        "subtitles": [
            ("mov_text", "jpn", [(1.0, "ゲイン"), (3.1, "まとめ")]),
            ("mov_text", "eng", [(1.0, "Gain"), (1.8, "stretches"), (3.1, "Recap")]),
        ],
    }
    assert json.loads(lecture.files.manifest.read_text())["language"] == "ja"


def test_manifest_lists_paths_relative_to_itself(tmp_path):
    results = [
        fake_result(tmp_path, "TitleCard", 1.0, []),
        fake_result(tmp_path, "SceneA", 1.0, [(0.0, 0.5, "alpha")]),
        fake_result(tmp_path, "Recap", 1.0, []),
    ]
    state = State(tmp_path / "media" / ".normgeom" / "state.json", tmp_path / "media")
    lecture = build_lecture(state, results, tmp_path / "out" / "talk.mp4")
    manifest = json.loads(lecture.files.manifest.read_text())
    paths = [*manifest["files"].values(), *(part["file"] for part in manifest["parts"])]
    assert paths and not any(os.path.isabs(path) or str(tmp_path) in path for path in paths)
    folder = lecture.files.manifest.parent
    assert all((folder / path).is_file() for path in paths)
    assert manifest["parts"][1]["file"] == "../SceneA.mp4"


def test_a_truncated_lecture_is_composed_again(tmp_path):
    results = [
        fake_result(tmp_path, "TitleCard", 1.0, []),
        fake_result(tmp_path, "SceneA", 1.0, []),
        fake_result(tmp_path, "Recap", 1.0, []),
    ]
    state = State(tmp_path / "media" / ".normgeom" / "state.json", tmp_path / "media")
    lecture = build_lecture(state, results, tmp_path / "out" / "talk.mp4")
    size = lecture.files.video.stat().st_size
    os.truncate(lecture.files.video, size // 2)
    again = build_lecture(state, results, tmp_path / "out" / "talk.mp4")
    assert not again.cached and lecture.files.video.stat().st_size == size


def decoded(path):
    """Every sample the file's audio decodes to, shape (2, n)."""
    with av.open(str(path)) as container:
        return np.concatenate([f.to_ndarray() for f in container.decode(audio=0)], axis=1)


def packets(path):
    with av.open(str(path)) as container:
        return [bytes(p) for p in container.demux(audio=0) if p.size]


def framed_tone(seconds, start, stop):
    """A 300 Hz tone from ``start`` to ``stop`` seconds, silence around it, shape (n, 2)."""
    t = np.arange(round(seconds * 48000)) / 48000
    tone = np.where((t >= start) & (t < stop), 0.3 * np.sin(2 * np.pi * 300 * t), 0.0)
    return np.stack([tone, tone], axis=1).astype(np.float32)


def test_clips_ending_in_silence_keep_their_audio_packets(tmp_path):
    card = make_clip(tmp_path / "card.mp4", 1.0, audio=False)
    one = make_clip(
        tmp_path / "one.mp4", 2.0, samples=framed_tone(1.7, 0.3, 1.2), priming_heard=True
    )
    two = make_clip(
        tmp_path / "two.mp4", 1.5, samples=framed_tone(1.5, 0.2, 1.0), priming_heard=True
    )
    clips = [Clip("Card", card), Clip("One", one), Clip("Two", two)]
    out = tmp_path / "out.mp4"
    compose(clips, out)
    written = packets(out)
    for clip, start, end in ((one, 1.0, 3.0), (two, 3.0, 4.5)):  # each clip's packets
        first, last = round(start * 48000 / 1024), round(end * 48000 / 1024)
        own = packets(clip)[: last - first]  # cut to the frames of its span (silent ones)
        assert written[first : first + len(own)] == own
    # so the lecture decodes, clip by clip, to what each clip decodes to alone
    sound, alone = decoded(out), decoded(one)
    at = round(1.0 * 48000 / 1024) * 1024
    np.testing.assert_array_equal(sound[:, at : at + alone.shape[1]], alone)
    assert not np.any(sound[:, :at])  # the card: silence
    assert abs(sound.shape[1] - 4.5 * 48000) <= 512  # to half a frame of the video's end


def test_a_clip_hiding_its_priming_is_encoded_again(tmp_path):
    hidden = make_clip(tmp_path / "hidden.mp4", 1.0, samples=framed_tone(1.0, 0.3, 0.6))
    out = tmp_path / "out.mp4"
    compose([Clip("Hidden", hidden)], out)
    assert packets(out) != packets(hidden)
    sound, alone = decoded(out), decoded(hidden)
    start = np.flatnonzero(np.abs(alone[0]) > 1e-3)[0]
    assert np.flatnonzero(np.abs(sound[0]) > 1e-3)[0] == pytest.approx(start, abs=2)


def test_a_clip_cut_in_sound_is_encoded_to_the_sample(tmp_path):
    loud = make_clip(tmp_path / "loud.mp4", 1.0, priming_heard=True)  # a tone to its end
    quiet = make_clip(tmp_path / "quiet.mp4", 1.0, audio=False)
    out = tmp_path / "out.mp4"
    compose([Clip("Loud", loud), Clip("Quiet", quiet)], out)
    assert packets(out)[: len(packets(loud))] != packets(loud)  # encoded again
    sound = decoded(out)
    # the second clip is silent to the encoder's noise: the first one's tone stops at 1.0 s
    assert np.abs(sound[:, 48000 + 2048 :]).max() < 1e-3
