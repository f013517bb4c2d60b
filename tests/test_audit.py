"""The frame auditor: each defect class is found on a scene made to have it, nothing on the
same scene done right; a declared intent (a cut, a cut-in, a reading beat) excuses its
temporal defect; findings print as lines and JSON; a scene's excuse is honoured."""

from __future__ import annotations

import json

import pytest
from fixtures.audit_scenes import DECLARABLE, DEFECTS, specimen

from normgeom.audit.findings import Finding, excused
from normgeom.audit.play import play
from normgeom.audit.run import audit_class
from normgeom.audit.screen import Namer, snapshot
from normgeom.rendering.paths import Layout
from scenes.base.declarations import AuditException
from scenes.base.narrated import PREDICTION_PAUSE
from scenes.base.parameters import SceneSettings


@pytest.fixture(scope="module")
def audit(tmp_path_factory):
    layout = Layout(tmp_path_factory.mktemp("media"))
    settings = SceneSettings(voice="none", voice_cache=str(layout.media / "voice"))

    def run(scene_class):
        return audit_class(scene_class, settings, layout)

    return run


def test_the_sound_specimen_has_no_finding(audit):
    assert audit(specimen()) == []


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_each_defect_is_found_by_its_rule(audit, defect):
    findings = audit(specimen(defect))
    assert {f.rule for f in findings} == {DEFECTS[defect]}, [f.line() for f in findings]


@pytest.mark.parametrize("defect", DECLARABLE)
def test_a_declared_intent_excuses_its_temporal_defect(audit, defect):
    assert audit(specimen(defect, declared=True)) == []


def test_the_turning_specimen_done_right_has_no_finding(audit):
    from fixtures.audit_scenes import TurnSpecimen

    assert audit(TurnSpecimen) == []


def test_a_crossfade_is_timed(audit):
    (finding,) = audit(specimen("crossfade"))
    assert 0.5 < finding.end - finding.start <= 2.0
    assert [name.split(" ", 1)[1] for name in finding.objects] == [
        "'Counting'",
        "'The value is 2'",
    ]


def test_a_declared_exception_excuses_only_its_rule(audit):
    reason = AuditException("safe-area", "Dot*", "the dot rolls out on purpose")
    assert audit(specimen("off-frame", excused=(reason,))) == []
    other = AuditException("text-overlap", "Dot*", "a wrong rule excuses nothing")
    assert audit(specimen("off-frame", excused=(other,)))


def test_a_frozen_frames_repeats_look_as_its_first_frame(tmp_path):
    """The auditor reuses a frozen frame's shapes at its repeats: a fresh look at each
    repeat finds the same shapes (places, digests, opacities, names) and camera."""
    settings = SceneSettings(voice="none", voice_cache=str(tmp_path / "voice"))
    namer, shots, repeats = Namer(), [], []

    def probe(scene, time):
        shots[:] = [snapshot(scene, time, namer)]

    def still(scene, time):
        fresh = snapshot(scene, time, namer)
        repeats.append(
            fresh.shapes == shots[0].shapes and fresh.camera.change(shots[0].camera) == (0, 0, 0)
        )

    play(lambda: specimen("long-still")(settings=settings), probe, 15, tmp_path, on_still=still)
    assert len(repeats) > 15 and all(repeats)


def test_a_finding_reads_as_one_line_and_as_data():
    finding = Finding("Gain", 1.25, 2.5, "text-overlap", ("axes[1]", "caption"), "overlapping")
    assert finding.line() == "Gain 1.25-2.50s text-overlap: axes[1], caption: overlapping"
    data = json.loads(json.dumps(finding.data()))
    assert data["objects"] == ["axes[1]", "caption"] and data["start"] == 1.25
    assert not excused(finding, [AuditException("text-overlap", "label*", "not this one")])
    assert excused(finding, [AuditException("text-overlap", "axes*", "the axis label")])


def test_the_prediction_cue_fades_in_and_out_inside_its_pause(sample_scene):
    fps = 30
    opacities = []

    def probe(scene, time):
        if scene.pauses:
            backing = scene.pauses[-1][2][0][0]
            shown = backing in scene.get_mobject_family_members()
            opacities.append(backing.get_fill_opacity() if shown else 0.0)

    scene = sample_scene(specimen(), probe, fps=fps)
    cue = scene.pauses[-1][2]
    assert not any(part in c.mobjects for c in scene.declare.cut_ins for part in cue)
    peak = max(opacities)
    full = [i for i, opacity in enumerate(opacities) if opacity >= 0.99 * peak]
    gone = next(i for i in range(full[-1], len(opacities)) if opacities[i] <= 0.01 * peak)
    assert opacities[0] <= 0.2 * peak, "the cue is on screen from the pause's first frame"
    assert full[0] >= 0.3 * fps - 1 and gone - full[-1] >= 0.3 * fps - 1
    assert gone / fps <= PREDICTION_PAUSE + 1 / fps, "the cue fades out inside the pause"


def test_an_audit_builds_texts_only_under_the_scenes_caches_lock(tmp_path):
    """The scene's renders share its typesetting caches under this lock: an audit running
    beside a render must not write a text's SVG while the render holds it."""
    import threading

    from normgeom.rendering.atomic import file_lock

    layout = Layout(tmp_path / "media")
    settings = SceneSettings(voice="none", voice_cache=str(layout.media / "voice"))
    scene_class = specimen()
    texts = layout.media / "typeset" / scene_class.__name__ / "texts"
    worker = threading.Thread(
        target=audit_class, args=(scene_class, settings, layout, "Specimen.caches")
    )
    with file_lock(layout.lock_file("Specimen.caches")):
        worker.start()
        worker.join(timeout=4.0)
        assert worker.is_alive() and not list(texts.glob("*.svg"))
    worker.join(timeout=120.0)
    assert not worker.is_alive() and list(texts.glob("*.svg"))


def test_float_noise_of_a_move_by_nothing_is_no_change():
    """A readout whose corner lies on a half of the 1e-3 grid, moved back and forth by float
    noise (a board following its tracker), keeps its number: no change; new digits are."""
    import numpy as np

    from normgeom.audit.temporal import _changed, _state
    from scenes.kit.glyphs import Readout

    readout = Readout().show(2.0)
    readout.shift([0.0, -3.2905 - readout.points[0, 1], 0.0])
    before = _state((readout,), with_opacity=False)
    readout.shift([0.0, 1e-12, 0.0])
    assert not np.array_equal(before, _state((readout,), with_opacity=False))
    assert not _changed(before, _state((readout,), with_opacity=False))
    readout.show(3.0)
    assert _changed(before, _state((readout,), with_opacity=False))
