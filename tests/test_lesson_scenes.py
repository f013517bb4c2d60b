"""The lesson scenes construct headlessly and show exactly the numbers of normmath.

Expected values come from plain arithmetic on the inputs (math.sqrt), not from normmath.
"""

from __future__ import annotations

import math
from contextlib import contextmanager

import numpy as np
import pytest

import normmath as nm
from scenes.base.declarations import is_prediction
from scenes.base.narrated import PREDICTION_PAUSE, scene_beats
from scenes.kit import bar_chart, glyphs, lesson_board
from scenes.kit.bar_chart import chart_limit
from scenes.kit.glyphs import Readout
from scenes.kit.lesson_board import LessonBoard
from scenes.kit.lesson_state import LessonState, StateTracker
from scenes.kit.style import PALETTE
from scenes.lesson import EdgeCases, Invariances, LessonScene, OneVectorLesson


def six(value: float) -> str:
    """Six-decimal text without trailing zeros, written independently of normmath.display."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def expected(vector, gain, eps):
    """Statistics and outputs of both rules by direct arithmetic (None where undefined)."""
    n = len(vector)
    mean = sum(vector) / n
    ms = sum(v * v for v in vector) / n
    var = sum((v - mean) ** 2 for v in vector) / n
    rms_den, ln_den = math.sqrt(ms + eps), math.sqrt(var + eps)
    rms = [gain * v / rms_den for v in vector] if rms_den > 0 else None
    ln = [gain * (v - mean) / ln_den for v in vector] if ln_den > 0 else None

    def mean_rms(out):
        if out is None:
            return None, None
        return sum(out) / n, math.sqrt(sum(o * o for o in out) / n)

    stats = {"mean": mean, "mean_square": ms, "rms": math.sqrt(ms), "variance": var}
    stats |= {"rms_denominator": rms_den, "ln_denominator": ln_den}
    (stats["rms_output_mean"], stats["rms_output_rms"]) = mean_rms(rms)
    (stats["ln_output_mean"], stats["ln_output_rms"]) = mean_rms(ln)
    return stats, rms, ln


def check_board(board: LessonBoard, vector, gain, eps) -> None:
    """Every readout and bar of ``board`` equals the arithmetic for (vector, gain, eps)."""
    stats, rms, ln = expected(vector, gain, eps)
    ref_stats, ref_rms, ref_ln = expected((1.0, 2.0, 3.0), gain, eps)
    for key, value in stats.items():
        assert board.readouts[key].text == ("Undefined" if value is None else six(value)), key
    outputs = {"rms": rms, "ln": ln}
    for i, x in enumerate(vector):
        shown = {key: board.readouts[key, i].text for key in ("input", "square", "centered")}
        assert shown == {
            "input": six(x),
            "square": six(x * x),
            "centered": six(x - stats["mean"]),
        }
        assert board.readouts["rms_reference", i].text == six(ref_rms[i])
        assert board.readouts["ln_reference", i].text == six(ref_ln[i])
        for rule, out in outputs.items():
            text = board.readouts[f"{rule}_output", i].text
            drawn = board.chart.drawn(i, rule)
            if out is None:
                assert text == "Undefined" and drawn is None
            else:
                assert text == six(out[i])
                assert drawn == pytest.approx(out[i] if six(out[i]) != "0" else 0.0, abs=1e-9)
    assert board.readouts["gain"].text == six(gain)
    assert board.readouts["eps"].text == six(eps)


@pytest.mark.parametrize(
    ("scene_class", "final"),
    [
        (OneVectorLesson, ((1.0, 2.0, 3.0), 1.0, 1e-6)),
        (EdgeCases, ((1.0, 2.0, 3.0), 1.0, 1.0)),
        (Invariances, ((-1.0, 0.0, 1.0), 2.0, 1.0)),
    ],
)
def test_final_frame_shows_normmath_numbers(default_scene, scene_class, final):
    scene = default_scene(scene_class)
    assert scene.beats_done == list(scene_beats(scene_class))
    check_board(scene.board, *final)


@pytest.fixture
def recorded(monkeypatch):
    """Every state a board shows while a scene plays, with its readout texts and bars."""
    seen: list[tuple[LessonState, LessonBoard]] = []
    show = LessonBoard.show

    def record(board, state):
        show(board, state)
        seen.append((state, _snapshot(board)))
        return board

    monkeypatch.setattr(LessonBoard, "show", record)
    return seen


def _snapshot(board: LessonBoard) -> dict:
    texts = {key: r.text for key, r in board.readouts.items()}
    bars = {(i, rule): board.chart.drawn(i, rule) for i in range(3) for rule in ("rms", "ln")}
    return {"texts": texts, "bars": bars}


def _at(seen, vector, gain, eps) -> dict:
    for state, snapshot in seen:
        if state == LessonState(vector, gain, eps):
            return snapshot
    raise AssertionError(f"the scene never showed {vector}, gain {gain}, eps {eps}")


def test_edge_cases_show_undefined_and_dots(construct_scene, recorded):
    construct_scene(EdgeCases)
    zero = _at(recorded, (0.0, 0.0, 0.0), 1.0, 0.0)
    assert set(zero["bars"].values()) == {None}
    assert zero["texts"]["rms_output", 0] == zero["texts"]["ln_output_mean"] == "Undefined"
    assert zero["texts"]["rms"] == "0"  # the input RMS is a defined zero
    gainless = _at(recorded, (0.0, 0.0, 0.0), 0.0, 0.0)
    assert set(gainless["bars"].values()) == {None}
    zero_eps = _at(recorded, (0.0, 0.0, 0.0), 1.0, 1e-6)
    assert set(zero_eps["bars"].values()) == {0.0}
    constant = _at(recorded, (2.0, 2.0, 2.0), 1.0, 0.0)
    assert [constant["bars"][i, "rms"] for i in range(3)] == pytest.approx([1.0] * 3)
    assert [constant["bars"][i, "ln"] for i in range(3)] == [None] * 3
    constant_eps = _at(recorded, (2.0, 2.0, 2.0), 1.0, 1e-6)
    assert [constant_eps["bars"][i, "ln"] for i in range(3)] == [0.0] * 3


def test_invariances_show_each_claim(construct_scene, recorded):
    construct_scene(Invariances)
    base = _at(recorded, (1.0, 2.0, 3.0), 1.0, 0.0)["texts"]
    scaled = tuple(Invariances.factor * x for x in (1.0, 2.0, 3.0))
    scaled_texts = _at(recorded, scaled, 1.0, 0.0)["texts"]
    scaled_eps = _at(recorded, scaled, 1.0, 1.0)["texts"]
    base_eps = _at(recorded, (1.0, 2.0, 3.0), 1.0, 1.0)["texts"]
    negated = _at(recorded, (-1.0, -2.0, -3.0), 1.0, 0.0)["texts"]
    shifted = _at(recorded, (4.0, 5.0, 6.0), 1.0, 0.0)["texts"]
    centered = _at(recorded, (-1.0, 0.0, 1.0), 1.0, 0.0)["texts"]
    for i in range(3):
        assert scaled_texts["rms_output", i] == base["rms_output", i]
        assert scaled_eps["rms_output", i] != base_eps["rms_output", i]
        assert negated["rms_output", i] == six(-float(base["rms_output", i]))
        assert shifted["ln_output", i] == base["ln_output", i]
        assert shifted["rms_output", i] != base["rms_output", i]
        assert centered["rms_output", i] == centered["ln_output", i]
    law = _at(recorded, (-1.0, 0.0, 1.0), 2.0, 1.0)["texts"]
    assert law["rms_output_rms"] == six(2.0 * math.sqrt((2 / 3) / (2 / 3 + 1.0)))


def test_one_vector_lesson_animates_gain_and_epsilon(construct_scene, recorded):
    construct_scene(OneVectorLesson)
    gained = _at(recorded, (1.0, 2.0, 3.0), 2.0, 1e-6)
    assert gained["bars"][2, "rms"] == pytest.approx(2 * 3 / math.sqrt(14 / 3 + 1e-6))
    widened = _at(recorded, (1.0, 2.0, 3.0), 1.0, 1.0)
    assert widened["texts"]["ln_denominator"] == six(math.sqrt(2 / 3 + 1.0))
    edited = _at(recorded, (1.0, 2.0, 6.0), 1.0, 1e-6)
    assert edited["texts"]["rms_reference", 2] == six(3 / math.sqrt(14 / 3 + 1e-6))


def test_class_attributes_make_a_variant(construct_scene):
    class Mine(OneVectorLesson):
        lesson_vector = (2.0, -1.0, 4.0)
        lesson_gain = 0.5
        lesson_eps = 0.25

    scene = construct_scene(Mine)
    check_board(scene.board, (2.0, -1.0, 4.0), 0.5, 0.25)


def test_scene_rejects_other_than_three_coordinates(construct_scene):
    class TooShort(OneVectorLesson):
        lesson_vector = (1.0, 2.0)

    with pytest.raises(nm.NormMathError, match="exactly 3 coordinates"):
        construct_scene(TooShort)


def test_board_between_frames_is_smooth():
    """Halfway between two states the board shows the lesson of the halfway input."""
    board = LessonBoard(3, 3.0)
    tracker = StateTracker(LessonState((1.0, 2.0, 3.0)))
    board.follow(tracker)
    tracker.coordinates[2].set_value(4.5)
    tracker.gain.set_value(1.5)
    board.update()
    check_board(board, (1.0, 2.0, 4.5), 1.5, 1e-6)


def test_a_play_draws_only_what_the_chart_shows_now():
    """Manim lists a moving mobject's members when a play starts and draws that list at
    every frame: after the outputs turn from Undefined to defined zeros, the listed members
    must draw the dots and no Undefined mark (and back)."""
    chart = bar_chart.SignedBarChart(3, 1.0)
    undefined, zeros = nm.lesson((0, 0, 0), eps=0.0), nm.lesson((0, 0, 0), eps=1e-6)
    for before, after, shown, gone in (
        (undefined, zeros, chart.dots, chart.marks),
        (zeros, undefined, chart.marks, chart.dots),
    ):
        listed = chart.show(before).get_family()
        chart.show(after)
        drawn = [m for m in listed if m.has_points()]
        assert all(any(m is s for m in drawn) for s in shown.values())
        assert not any(any(m is g for m in drawn) for g in gone.values())


def test_readout_draws_the_glyphs_of_its_text():
    readout = Readout().at([1.0, 2.0, 0.0])
    readout.show(-1.2247448713915890)
    assert readout.text == "-1.224745"
    outlines = glyphs.digit_outlines(glyphs.TEXT_SIZE["body"])
    assert len(readout.points) == sum(len(outlines[c].points) for c in "-1.224745")
    assert readout.get_center()[0] == pytest.approx(1.0, abs=0.05)
    readout.show(np.ma.masked)
    assert readout.text == "Undefined"
    assert len(readout.points) == len(readout.undefined.points)
    assert readout.get_fill_color().to_hex().upper() == PALETTE["undefined"].upper()


def test_chart_limit_bounds_every_output():
    lessons = [nm.lesson((1, 2, 3), gain=2.0), nm.lesson((0, 0, 0), eps=0.0)]
    assert chart_limit(lessons) == 3.0
    assert chart_limit([nm.lesson((0, 0, 0), eps=0.0)]) == 0.5


def test_every_scene_is_a_lesson_scene_in_the_registry():
    from scenes.base.catalog import load_scene_class

    for cls in (OneVectorLesson, EdgeCases, Invariances):
        assert load_scene_class(cls.__name__) is cls
        assert issubclass(cls, LessonScene)


@pytest.mark.parametrize("scene_class", [OneVectorLesson, EdgeCases, Invariances])
def test_one_caption_at_a_time(silent_voice, scene_media, monkeypatch, scene_class):
    """At every frame of every play (so at every beat boundary too), at most one caption
    line is visible: a new caption never fades in over the old one."""
    from manim import Scene, tempconfig

    from tests.conftest import SCENE_TEST

    captions = []
    say = LessonScene.say

    def recording_say(self, text):
        animations = say(self, text)
        captions.append(self.caption)
        return animations

    visible_counts = []
    update_to_time = Scene.update_to_time

    def counting_update(self, t):
        update_to_time(self, t)
        shown = {id(m) for m in self.get_mobject_family_members()}
        visible = [c for c in captions if id(c) in shown and c.get_fill_opacity() > 0.01]
        visible_counts.append(len(visible))

    monkeypatch.setattr(LessonScene, "say", recording_say)
    monkeypatch.setattr(Scene, "update_to_time", counting_update)
    with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(scene_media)}):
        scene_class().render()
    assert len(captions) >= 5 and len(visible_counts) > 100
    assert max(visible_counts) == 1


@pytest.mark.parametrize("scene_class", [OneVectorLesson, EdgeCases, Invariances])
def test_every_prediction_pauses_with_a_cue_gone_at_the_reveal(construct_scene, scene_class):
    """Each beat whose text asks a question (every ``*predict*`` beat) is followed by a pause
    of at least 2.5 s with the "Pause and predict" cue on screen until the next beat; the cue
    is gone as that reveal beat starts."""
    shown_before, shown_at_start = {}, {}

    def cues_on_screen(scene) -> list[str]:
        members = scene.get_mobject_family_members()
        return [name for name, _, cue in scene.pauses if any(part in members for part in cue)]

    class Probe(scene_class):
        @contextmanager
        def beat(self, name):
            shown_before[name] = cues_on_screen(self)
            with super().beat(name) as tracker:
                shown_at_start[name] = cues_on_screen(self)
                yield tracker

    scene = construct_scene(Probe)
    beats = list(scene_beats(scene_class))
    predictions = [name for name in beats if "predict" in name]
    asked = [name for name in beats if is_prediction(scene.beat_text(name))]
    assert predictions and asked == predictions
    assert [name for name, _, _ in scene.pauses] == predictions
    for name, seconds, cue in scene.pauses:
        assert seconds >= PREDICTION_PAUSE >= 2.5
        assert len(cue) == 2, "the cue and its countdown bar"
        reveal = beats[beats.index(name) + 1]
        assert shown_before[reveal] == [name], "the cue is on screen through the pause"
        assert shown_at_start[reveal] == [], "the cue is gone when the reveal starts"


@pytest.mark.parametrize(
    "scene_class", [OneVectorLesson, EdgeCases, Invariances], ids=lambda c: c.__name__
)
def test_the_heading_ends_before_the_gain_and_epsilon_readouts(default_scene, scene_class):
    scene = default_scene(scene_class)
    gap = scene.board.settings.get_left()[0] - scene.heading.get_right()[0]
    assert gap >= 0.3, f"the heading runs {0.3 - gap:.2f} units into 'gain'"


@pytest.mark.parametrize(
    "scene_class", [OneVectorLesson, EdgeCases, Invariances], ids=lambda c: c.__name__
)
def test_the_prediction_cue_covers_no_text(construct_scene, monkeypatch, scene_class):
    """At every prediction pause the cue's backing, with a margin of air round it, shares no
    area with any text on screen (heading, gain and epsilon, caption, formulas, every label
    and readout of the board, dimmed or not), and lies inside the board's reach."""
    from manim import MathTex

    air = 0.14  # frame units, eight pixels at 480p

    overlaps = []
    place = scene_class.place_cue

    def recording_place(self, cue):
        placed = place(self, cue)
        back = placed[0]
        x0, y0 = back.get_corner([-1, -1, 0])[:2]
        x1, y1 = back.get_corner([1, 1, 0])[:2]
        assert x0 >= -lesson_board.BOARD_REACH and x1 <= lesson_board.BOARD_REACH
        texts = [
            m
            for m in self.get_mobject_family_members()
            if isinstance(m, glyphs.TextPath | Readout | MathTex) and m.has_points()
        ]
        for text in texts:
            tx0, ty0 = text.get_corner([-1, -1, 0])[:2]
            tx1, ty1 = text.get_corner([1, 1, 0])[:2]
            if min(x1, tx1) + air > max(x0, tx0) and min(y1, ty1) + air > max(y0, ty0):
                overlaps.append(getattr(text, "text", type(text).__name__))
        return placed

    monkeypatch.setattr(scene_class, "place_cue", recording_place)
    scene = construct_scene(scene_class)
    assert scene.pauses and overlaps == []


def test_gain_zero_is_shown_as_it_is_asked_and_back_before_epsilon(
    silent_voice, scene_media, monkeypatch
):
    """EdgeCases: the gain is 0 from 1.25 s into the beat that asks "Does gain zero rescue
    it?" to that beat's end; in the next beat it is back to 1 before epsilon leaves 0."""
    from manim import Scene, tempconfig

    from tests.conftest import SCENE_TEST

    samples = []
    update_to_time = Scene.update_to_time

    def sampling_update(self, t):
        update_to_time(self, t)
        state = self.tracker.state()
        samples.append((self.renderer.time, state.gain, state.eps))

    monkeypatch.setattr(Scene, "update_to_time", sampling_update)
    with tempconfig({**SCENE_TEST, "dry_run": True, "media_dir": str(scene_media)}):
        scene = EdgeCases()
        scene.render()
    beats = {spoken.name: spoken for spoken in scene.declare.spoken}
    asked, after = beats["gain_zero"], beats["zero_eps"]
    held = [gain for t, gain, _ in samples if asked.start + 1.25 <= t <= asked.end]
    assert held and set(held) == {0.0}
    moved = [gain for t, gain, eps in samples if after.start <= t <= after.end and eps > 0]
    assert moved and set(moved) == {1.0}


def test_no_preset_or_tool_name_is_spoken_or_shown(construct_scene, monkeypatch):
    """OneVectorLesson speaks and shows the reference as a vector, never the preset's name
    ("Positive") or a command ("normgeom explain")."""
    shown = []
    say = LessonScene.say

    def recording_say(self, text):
        shown.append(text)
        return say(self, text)

    monkeypatch.setattr(LessonScene, "say", recording_say)
    scene = construct_scene(OneVectorLesson)
    words = [scene.beat_text(name) for name in scene_beats(OneVectorLesson)] + shown
    assert len(shown) >= 5
    for text in words:
        assert "Positive" not in text and "normgeom" not in text, text


def _output_members(board: LessonBoard) -> list:
    """Every drawn part of the two rules' outputs: chart bars, dots and Undefined marks, the
    rules' rows of the statistics panel and the table's output columns."""
    chart = board.chart
    parts = [*chart.bars.values(), *chart.dots.values(), *chart.marks.values()]
    parts += [r for key, r in board.stats.readouts.items() if key.startswith(("rms_", "ln_"))]
    parts += [board.table.readouts[f"{rule}_output", i] for rule in ("rms", "ln") for i in range(3)]
    return parts


def test_edge_case_predictions_hide_their_answers(sample_scene):
    """EdgeCases asks for both outputs of the zero vector and of a constant vector: from the
    question to the end of its pause no output (bar, dot, Undefined mark, denominator, output
    readout) is drawn, and each is back in the reveal."""
    seen = []

    def probe(scene, time):
        members = {id(m) for m in scene.get_mobject_family_members()}
        outputs = [m for m in _output_members(scene.board) if id(m) in members]
        drawn = [m for m in outputs if m.has_points() and m.get_fill_opacity() > 0.01]
        seen.append((time, len(drawn), scene.beat_name))

    scene = sample_scene(EdgeCases, probe, fps=5)
    beats = {spoken.name: spoken for spoken in scene.declare.spoken}
    for name in ("zero_predict", "constant_predict"):
        asked = beats[name]
        question = asked.start + scene.said_at(name, "Predict", asked.end - asked.start)
        pause_end = asked.end + PREDICTION_PAUSE
        during = [n for t, n, _ in seen if question <= t < pause_end - 0.2]
        assert during and max(during) == 0, name
        reveal = beats[name.replace("predict", "reveal")]
        after = [n for t, n, beat in seen if reveal.start + 1.0 <= t <= reveal.end]
        assert after and min(after) > 0, name
    assert {answer.beat for answer in scene.declare.answers} == {"zero_predict", "constant_predict"}


def test_undefined_marks_end_below_the_legend():
    board = LessonBoard(3, 1.5)
    board.show(LessonState((0.0, 0.0, 0.0), 1.0, 0.0))
    marks = [m for m in board.chart.marks.values() if m.has_points()]
    assert len(marks) == 6
    gap = board.legend.get_bottom()[1] - max(m.get_top()[1] for m in marks)
    assert gap >= 0.1, f"an Undefined mark ends {gap:.2f} below the legend"


PARAMETER_WORDS = {"gain": "gain", "eps": "epsilon"}
"""The word a beat must say for the counter of each parameter to move in it."""


@pytest.mark.parametrize("scene_class", [OneVectorLesson, EdgeCases, Invariances])
def test_counters_move_one_parameter_at_a_time_while_a_sentence_names_them(
    sample_scene, scene_class
):
    """Between two frames at most one of the input, the gain and epsilon changes; a change
    happens only in a beat that declares it talks about that counter from before the change,
    and a gain or epsilon change only in a beat whose words name it."""
    frames = []

    def probe(scene, time):
        frames.append((time, scene.tracker.state(), scene.beat_name))

    scene = sample_scene(scene_class, probe, fps=10)
    readout = {"vector": None, "gain": scene.board.gain, "eps": scene.board.eps}
    moved = 0
    for (_, before, _), (time, after, beat) in zip(frames, frames[1:], strict=False):
        changed = [
            name
            for name in ("vector", "gain", "eps")
            if getattr(before, name) != getattr(after, name)
        ]
        assert len(changed) <= 1, (beat, changed)
        if not changed:
            continue
        moved += 1
        name = changed[0]
        if name in PARAMETER_WORDS:
            assert PARAMETER_WORDS[name] in scene.beat_text(beat).lower(), (beat, name)
        talks = [
            talk
            for talk in scene.declare.counter_talks
            if talk.beat == beat
            and talk.start <= time + 0.1  # a frame at 10 fps
            and (readout[name] is None or talk.counter is readout[name])
        ]
        assert talks, (beat, name, time)
    assert moved > 10


def test_the_output_rms_law_states_its_condition_and_is_legible(default_scene):
    """Invariances writes the output-RMS law for RMSNorm with a scalar gain, at least at the
    size of the two rules' formulas plus a third, and says so; the condition is written as
    math (a positive real), no English word a translation would leave on screen."""
    scene = default_scene(Invariances)
    (law,) = scene.formula
    assert "RMSNorm" in law.tex_string
    assert law.tex_string.endswith(r"(\gamma\in\mathbb{R}_{>0})")
    assert r"\text" not in law.tex_string
    assert law.font_size >= 40 - 1e-6
    spoken = scene.beat_text("rms_law")
    assert "For RMSNorm with one positive scalar gain" in spoken
    for name in scene_beats(Invariances):
        assert "RMSNorm's" not in scene.beat_text(name)
        assert "RMSNorm does" not in scene.beat_text(name)


def _outlined(chart, i: int, rule: str) -> float | None:
    """The output the outline of slot (``i``, ``rule``) stands for, read from its geometry:
    None without an outline, 0 for a ring, else its signed height over the chart's unit."""
    outline = chart.outlines[i, rule]
    if not outline.has_points():
        return None
    zero_y = chart.zero.get_center()[1]
    top, bottom = outline.get_top()[1] - zero_y, outline.get_bottom()[1] - zero_y
    if top > 1e-9 and bottom < -1e-9:
        return 0.0
    return float((top if top > 1e-9 else bottom) / chart.unit)


def test_invariances_negates_smoothly_and_outlines_hold_what_is_compared(sample_scene):
    """Invariances negates the input one coordinate at a time, never through the zero vector
    (where both rules are undefined and every output would flip sign in one frame): the
    input's RMS stays above a quarter of its own all along, at 10 frames a second. Whenever
    its caption says a scaling keeps or changes the outputs, outlines hold the unscaled
    input's outputs (by direct arithmetic) beside the scaled input's bars: equal at epsilon
    0, apart at epsilon 1 by over a fifth of a unit in each rule."""
    sizes, compared = [], {}

    def probe(scene, time):
        sizes.append(float(scene.tracker.state().lesson().stats.rms))
        chart = scene.board.chart
        text = next((c.fact for c in scene.declare.claims if c.shown is scene.caption), "")
        if "outline" in text and chart.held.get_stroke_opacity() > 0.99:
            slots = [(i, rule) for i in range(3) for rule in ("rms", "ln")]
            held = [_outlined(chart, *slot) for slot in slots]
            compared[text] = (held, [chart.drawn(*slot) for slot in slots])

    scene = sample_scene(Invariances, probe, fps=10)
    assert (-1.0, -2.0, -3.0) in [state.vector for state in scene.states()]
    assert min(sizes) >= 0.25 * math.sqrt(14 / 3)

    def outputs(vector, eps):
        _, rms, ln = expected(vector, 1.0, eps)
        return [value for pair in zip(rms, ln, strict=True) for value in pair]

    def close(a, b):
        return a == pytest.approx(b, abs=1e-9)

    (kept,) = [held_bars for text, held_bars in compared.items() if "stays" in text]
    (moved,) = [held_bars for text, held_bars in compared.items() if "out of" in text]
    scaled = tuple(Invariances.factor * x for x in (1, 2, 3))
    assert close(kept[0], outputs((1, 2, 3), 0.0)) and close(kept[1], outputs(scaled, 0.0))
    assert close(moved[0], outputs((1, 2, 3), 1.0)) and close(moved[1], outputs(scaled, 1.0))
    apart = [abs(a - b) for a, b in zip(*moved, strict=True)]
    assert max(apart[0::2]) > 0.2 and max(apart[1::2]) > 0.2  # RMSNorm's bars, LayerNorm's


@pytest.mark.parametrize("scene_class", [OneVectorLesson, EdgeCases], ids=lambda c: c.__name__)
def test_the_epsilon_readout_never_reads_zero_for_a_positive_epsilon(sample_scene, scene_class):
    shown = []

    def probe(scene, time):
        eps = scene.tracker.state().eps
        shown.append((time, eps, nm.display(eps)))

    sample_scene(scene_class, probe, fps=15)
    assert not [(t, eps) for t, eps, text in shown if eps > 0 and text == "0"]
