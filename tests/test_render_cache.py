"""The runner and the one cache: jobs rendered in worker processes, keys that follow every
input, outputs validated before they are served, atomic and locked state."""

from __future__ import annotations

import json
import os
import shutil
import wave
from concurrent.futures import Future

import av
import pytest
from fixtures.pipeline import TINY, rendered, tiny_job

from normgeom.compose.subtitles import read_srt
from normgeom.rendering import cache
from normgeom.rendering.atomic import atomic_path, write_text
from normgeom.rendering.cache import PROJECT, Project, digest, fingerprint, job_key
from normgeom.rendering.job import RenderJob
from normgeom.rendering.paths import Layout
from normgeom.rendering.probe import duration
from normgeom.rendering.ranges import beat_count
from normgeom.rendering.runner import Runner
from normgeom.rendering.state import RecordId, RecordKind, State
from normgeom.rendering.targets import Target, resolve_scenes
from scenes.base.catalog import narration
from scenes.base.narrated import END_HOLD
from scenes.base.parameters import SceneParams
from scenes.voice.captions import CUE_GAP

pytestmark = pytest.mark.render


class Refusing:
    """An executor that records what it is asked to run and runs nothing."""

    def __init__(self) -> None:
        self.asked: list[RenderJob] = []

    def submit(self, job, layout, capture) -> Future:
        self.asked.append(job)
        future = Future()
        future.set_exception(AssertionError(f"{job.label} was rendered again"))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def test_first_render_runs_in_workers_and_writes_outputs():
    media, results = rendered()
    for result in results:
        assert not result.cached and result.seconds > 0
        assert result.video == media / "scenes" / "72p10" / f"{result.target.name}.mp4"
        assert duration(result.video) > 0
    silent, narrated = results
    assert silent.subtitles is None
    assert narrated.subtitles is not None and narrated.subtitles.is_file()
    logs = sorted(p.name for p in (media / ".normgeom" / "logs").iterdir())
    assert logs == ["TinyNarrated-movie-72p10.log", "TinySilent-movie-72p10.log"]


def test_second_run_of_unchanged_jobs_does_no_work():
    media, first = rendered()
    runner = Runner(Layout(media), executor=Refusing)
    again = runner.run([r.job for r in first])
    assert all(r.cached and r.seconds == 0 for r in again)
    assert [r.key for r in again] == [r.key for r in first]
    assert [r.duration for r in again] == [r.duration for r in first]


def test_a_truncated_movie_is_rebuilt_not_served(tmp_path):
    media, (silent, _) = rendered()
    shutil.copytree(media, tmp_path / "media")
    movie = tmp_path / "media" / "scenes" / "72p10" / "TinySilent.mp4"
    size = movie.stat().st_size
    os.truncate(movie, size // 2)
    refusing = Runner(Layout(tmp_path / "media"), executor=Refusing)
    with pytest.raises(AssertionError, match="rendered again"):
        refusing.run([silent.job])
    result = Runner(Layout(tmp_path / "media")).run([silent.job])[0]
    assert not result.cached
    assert movie.stat().st_size == size and duration(movie) == pytest.approx(silent.duration)


def test_changed_settings_render_only_what_they_change(tmp_path):
    media, _ = rendered()
    shutil.copytree(media, tmp_path / "media")
    made: list[Refusing] = []

    def refusing() -> Refusing:
        made.append(Refusing())
        return made[-1]

    runner = Runner(Layout(tmp_path / "media"), executor=refusing)
    runner.run([tiny_job("TinyNarrated"), tiny_job("TinySilent", params=SceneParams(eps=0.5))])
    with pytest.raises(AssertionError, match="TinyNarrated"):
        runner.run([tiny_job("TinyNarrated", voice="none"), tiny_job("TinySilent")])
    assert [job.target.name for executor in made for job in executor.asked] == ["TinyNarrated"]


def test_narrated_scene_audio_lasts_as_long_as_its_beats():
    media, (_, narrated) = rendered()
    beats = sorted((media / "voiceovers" / "TinyNarrated").glob("*.wav"))
    assert len(beats) == 2
    speech = []
    for path in beats:
        with wave.open(str(path)) as wav:
            speech.append(wav.getnframes() / wav.getframerate())
    cues = read_srt(narrated.subtitles)
    assert [c.text for c in cues] == ["A circle appears.", "And then we wait."]
    texts = ["A circle appears.", "And then we wait."]
    by_text = dict(zip(texts, speech_in_order(beats, speech), strict=True))
    frame = 1 / TINY.fps
    for cue in cues:  # a one-cue beat's caption ends CUE_GAP before its speech ends
        assert cue.end - cue.start == pytest.approx(by_text[cue.text] - CUE_GAP, abs=0.01)
    assert cues[1].start == pytest.approx(by_text[cues[0].text], abs=frame)
    with av.open(str(narrated.video)) as container:
        assert container.streams.audio
        audio = container.streams.audio[0]
        audio_seconds = float(audio.duration * audio.time_base)
    # the scene ends on END_HOLD still, silent seconds after its last beat
    assert narrated.duration == pytest.approx(sum(speech) + END_HOLD, abs=2 * frame)
    assert audio_seconds == pytest.approx(sum(speech), abs=2 * frame)


def speech_in_order(beats, speech):
    """Beat audio files are named after their text; put the durations in narration order."""
    named = dict(zip([p.name for p in beats], speech, strict=True))
    return [next(v for k, v in named.items() if k.startswith(prefix)) for prefix in ("a-", "and-")]


def test_state_records_the_render_with_stamped_files():
    media, results = rendered()
    records = json.loads((media / ".normgeom" / "state.json").read_text())["records"]
    for result in results:
        record = records[f"scene:72p10:{result.target.name}"]
        assert record["key"] == result.key
        assert record["info"]["duration"] == pytest.approx(result.duration)
        stamp = record["files"]["video"]
        assert not os.path.isabs(stamp["path"])
        assert stamp["size"] == result.video.stat().st_size


# --- keys: what re-renders when an input changes -----------------------------------------


@pytest.fixture
def project(tmp_path):
    """A copy of the project's sources, so edits cannot touch the real files."""
    for folder in ("normio", "scenes", "normmath"):
        shutil.copytree(PROJECT.root / folder, tmp_path / folder)
    return Project(tmp_path)


def lecture_keys(project: Project, params: SceneParams | None = None) -> dict[str, str]:
    """The movie key of every lecture scene, read from ``project``'s copy of the files."""
    keys = {}
    for target in resolve_scenes(["all"]):
        copy = Target(target.name, project.root / "scenes" / target.file.name, target.title)
        job = RenderJob(copy, TINY, "none", params or SceneParams())
        keys[target.name] = job_key(job, project)
    return keys


def changed(before: dict[str, str], after: dict[str, str]) -> set[str]:
    return {name for name in before if before[name] != after[name]}


LAYERNORM = {"MeanCentering", "Standardization", "Gain", "Bias", "Epsilon"}
LESSON = {"OneVectorLesson", "EdgeCases", "Invariances"}
BEYOND = {"AnyWidth", "RealActivations"}
"""One file, and AnyWidth draws the lesson's vector."""
VECTOR = LESSON | {"OneVectorGeometry"} | BEYOND
"""The scenes that read the lesson's vector."""
ALL = set(lecture_keys(Project()))


def append(path, text: str) -> None:
    path.write_text(path.read_text() + text)


def test_editing_manim_cfg_re_renders_every_scene(project):
    before = lecture_keys(project)
    text = project.manim_cfg.read_text()
    project.manim_cfg.write_text(text.replace("#0B0E14", "#000000"))
    assert project.manim_cfg.read_text() != text
    assert changed(before, lecture_keys(project)) == ALL


def test_editing_normio_re_renders_every_scene(project):
    """Every scene reads its parameters and narration through normio's file readers."""
    before = lecture_keys(project)
    append(project.root / "normio" / "files.py", "\n# an edit\n")
    assert changed(before, lecture_keys(project)) == ALL


def test_editing_a_scene_file_re_renders_the_scenes_it_defines(project):
    before = lecture_keys(project)
    append(project.root / "scenes" / "layernorm.py", "\n# an edit\n")
    assert changed(before, lecture_keys(project)) == LAYERNORM


def test_editing_a_kit_function_re_renders_the_scenes_that_import_it(project):
    before = lecture_keys(project)
    kit = project.root / "scenes" / "kit" / "glyphs.py"
    kit.write_text(kit.read_text().replace('"""', '"""Edited. ', 1))
    assert changed(before, lecture_keys(project)) == LESSON | {"Recap"}  # their texts


def test_editing_one_narration_line_re_renders_that_scene_only(project):
    before = lecture_keys(project)
    narration = project.root / "scenes" / "narration" / "layernorm.toml"
    text = narration.read_text()
    gain = text.index("[Gain]")
    narration.write_text(text[:gain] + text[gain:].replace('= """', '= """Now. ', 1))
    assert changed(before, lecture_keys(project)) == {"Gain"}


VARIANTS = {
    "direct": "from scenes.layernorm import Gain\n\nclass Mine(Gain):\n    pass\n",
    "through a module": "from scenes import layernorm\n\nclass Mine(layernorm.Gain):\n    pass\n",
    "through a local base": (
        "import scenes.layernorm\n\nclass Base(scenes.layernorm.Gain):\n    pass\n\n"
        "class Mine(Base):\n    pass\n"
    ),
}


@pytest.mark.parametrize("source", VARIANTS.values(), ids=VARIANTS)
def test_a_variant_in_a_users_file_re_renders_after_its_base_narration_changes(project, source):
    """A ``class Mine(Gain)`` of one's own speaks Gain's narration: its key, its beat count
    and the render read it from ``scenes/narration/layernorm.toml``, across files."""
    mine = project.root / "mine.py"
    mine.write_text(source)
    job = RenderJob(Target("Mine", mine, "Mine"), TINY, "none", SceneParams())
    assert beat_count(job) == len(narration(project.root / "scenes" / "layernorm.py", "Gain"))
    before = job_key(job, project)
    toml = project.root / "scenes" / "narration" / "layernorm.toml"
    text = toml.read_text()
    gain = text.index("[Gain]")
    toml.write_text(text[:gain] + text[gain:].replace('= """', '= """Now. ', 1))
    assert job_key(job, project) != before


def test_new_shipped_data_re_renders_the_scenes_that_import_its_package(project):
    before = lecture_keys(project)
    data = project.root / "normmath" / "data" / "minilm_activations.json"
    data.write_text(data.read_text().replace('"made_by"', '"made_by "'))
    assert changed(before, lecture_keys(project)) == ALL


def test_one_parameter_re_renders_the_scenes_that_read_it(project):
    before = lecture_keys(project)
    gamma = lecture_keys(project, SceneParams(gamma=(1.0, 1.0, 2.0)))
    assert changed(before, gamma) == LAYERNORM | {"Recap"}
    vector = lecture_keys(project, SceneParams(vector=(1.0, 2.0, 4.0)))
    assert changed(before, vector) == VECTOR


def test_a_new_point_file_changes_the_scenes_that_draw_the_cloud(project, tmp_path):
    points = tmp_path / "cloud.csv"
    points.write_text("1,2,3\n3,1,2\n")
    before = lecture_keys(project, SceneParams(points=str(points)))
    points.write_text("1,2,3\n3,1,5\n")
    after = lecture_keys(project, SceneParams(points=str(points)))
    assert changed(before, after) == ALL - VECTOR


def test_the_parameters_in_a_key_are_the_fields_read_as_data(tmp_path):
    """The key holds the fields a scene reads as JSON, whatever a value's text (a point
    file whose name holds a quote, an equals sign or a newline)."""
    points = tmp_path / 'my "cloud" = 1\n.csv'
    points.write_text("1,2,3\n3,1,2\n")
    params = SceneParams(points=str(points), eps=0.25)
    data, point_digest = fingerprint(params, frozenset({"points", "eps"})).rsplit("\n", 1)
    assert json.loads(data) == {"eps": 0.25, "points": str(points)}
    assert point_digest == digest(points.read_bytes())
    assert json.loads(fingerprint(SceneParams()).rsplit("\n", 1)[0])["gamma"] == [2.0, 0.4, 1.5]


def test_an_outputs_digest_is_computed_once_per_version(tmp_path, monkeypatch):
    """A file is hashed once while its size, modification time and inode stay; a new
    version is hashed again, and a file modified within the racy window every time."""
    hashed = []
    sha256 = cache.hashlib.sha256
    monkeypatch.setattr(cache.hashlib, "sha256", lambda: hashed.append(1) or sha256())
    output = tmp_path / "Gain.gif"
    output.write_bytes(b"first")
    os.utime(output, ns=(10**18, 10**18))  # written long before it is hashed
    first = cache.file_digest(output)
    assert cache.file_digest(output) == first and len(hashed) == 1
    output.write_bytes(b"other")  # same size, a new modification time
    os.utime(output, ns=(2 * 10**18, 2 * 10**18))
    assert cache.file_digest(output) != first and len(hashed) == 2
    output.write_bytes(b"fresh")  # modified now: within the racy window, never reused
    assert cache.file_digest(output) == cache.file_digest(output) and len(hashed) == 4


# --- atomic files and the state file -----------------------------------------------------


def test_atomic_path_keeps_the_old_file_when_interrupted(tmp_path):
    final = tmp_path / "out.mp4"
    final.write_text("old")
    with pytest.raises(KeyboardInterrupt), atomic_path(final) as temp:
        temp.write_text("half")
        raise KeyboardInterrupt
    assert final.read_text() == "old"
    assert os.listdir(tmp_path) == ["out.mp4"]
    write_text(final, "new")
    assert final.read_text() == "new"


def stamped(tmp_path):
    output = tmp_path / "out.txt"
    output.write_text("content")
    return output


@pytest.mark.parametrize("damage", ["{not json", '{"records": []}', "\x00\xff", ""])
def test_a_damaged_or_misshaped_state_file_is_dropped_with_a_warning(tmp_path, capsys, damage):
    path = tmp_path / "state.json"
    path.write_bytes(damage.encode("latin-1"))
    state = State(path, tmp_path)
    assert state.records() == {}
    if damage:
        assert "normgeom: warning:" in capsys.readouterr().err
    rid = RecordId(RecordKind.SCENE, "480p15", "Gain")
    at = {"video": stamped(tmp_path)}
    state.put(rid, "k", at)
    assert State(path, tmp_path).get(rid, "k", at) is not None
    assert State(path, tmp_path).get(rid, "other", at) is None


def test_a_changed_output_no_longer_counts_as_up_to_date(tmp_path):
    output = stamped(tmp_path)
    state = State(tmp_path / "state.json", tmp_path)
    rid = RecordId(RecordKind.GIF, "480p15", "Gain")
    state.put(rid, "k", {"gif": output})
    output.write_text("contEnt")
    assert State(tmp_path / "state.json", tmp_path).get(rid, "k", {"gif": output}) is None


def test_state_ids_are_values_written_as_before(tmp_path, capsys):
    path = tmp_path / "state.json"
    rid = RecordId(RecordKind.SCENE, "480p15", "mine.py:Gain")  # a name may hold the separator
    State(path, tmp_path).put(rid, "k", {})
    assert list(json.loads(path.read_text())["records"]) == ["scene:480p15:mine.py:Gain"]
    state = State(path, tmp_path)
    assert list(state.records()) == [rid] and state.record(rid).key == "k"
    data = json.loads(path.read_text())
    data["records"]["movie:480p15:Gain"] = data["records"]["scene:480p15:mine.py:Gain"]
    path.write_text(json.dumps(data))
    assert list(State(path, tmp_path).records()) == [rid]  # an unknown kind is dropped
    assert "dropped misshaped record(s) 'movie:480p15:Gain'" in capsys.readouterr().err


def test_two_state_objects_merge_their_records(tmp_path):
    first, second = (
        State(tmp_path / "state.json", tmp_path),
        State(tmp_path / "state.json", tmp_path),
    )
    first.put(RecordId(RecordKind.SCENE, "480p15", "Bias"), "a", {})
    second.put(RecordId(RecordKind.SCENE, "480p15", "Epsilon"), "b", {})
    names = {rid.name for rid in State(tmp_path / "state.json", tmp_path).records()}
    assert names == {"Bias", "Epsilon"}


SHARED_RATES = """
from manim import LEFT, RIGHT, Circle, Scene, Square, Triangle, UpdateFromAlphaFunc


def later(start):
    return lambda alpha: min(1.0, max(0.0, (alpha - start) / (1.0 - start)))


def fill_with(rate):
    def fill(mob, alpha):
        mob.set_fill(opacity=rate(alpha))
    return fill


class SharedRates(Scene):
    def construct(self):
        early, late = later(0.0), later(0.9)
        shapes = [Square().shift(3 * LEFT), Circle(), Triangle().shift(3 * RIGHT)]
        for shape in shapes:
            shape.set_fill("#ffffff", opacity=0.0)
        self.add(*shapes)
        self.play(
            UpdateFromAlphaFunc(shapes[0], fill_with(early)),
            UpdateFromAlphaFunc(shapes[1], fill_with(late)),
            UpdateFromAlphaFunc(shapes[2], fill_with(THIRD)),
            run_time=1.0,
        )
"""
"""A user's scene whose third shape fills with the rate ``THIRD`` names. Manim hashes a
function met twice in one play once, then writes a placeholder: the play hashes the same
whether the third shape fills early or late."""


def frames_of(movie) -> list[bytes]:
    with av.open(str(movie)) as container:
        return [frame.to_ndarray(format="gray").tobytes() for frame in container.decode(video=0)]


def test_a_code_edit_that_manims_play_hash_misses_still_draws_anew(tmp_path):
    scene = tmp_path / "shared_rates.py"
    job = RenderJob(Target("SharedRates", scene, "Shared rates"), TINY, "none")
    movies = {}
    for third in ("late", "early"):  # the edit, rendered in one media folder, then fresh
        scene.write_text(SHARED_RATES.replace("THIRD", third))
        (edited,) = Runner(Layout(tmp_path / "media"), jobs=1).run([job])
        (fresh,) = Runner(Layout(tmp_path / f"fresh-{third}"), jobs=1).run([job])
        movies[third] = frames_of(edited.video), frames_of(fresh.video)
    assert movies["late"][0] == movies["late"][1] != movies["early"][1]
    assert movies["early"][0] == movies["early"][1]
