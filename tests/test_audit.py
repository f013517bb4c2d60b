"""The frame auditor: each defect class is found on a scene made to have it, nothing on the
same scene done right; a declared intent (a cut, a cut-in, a reading beat) excuses its
temporal defect; findings print as lines and JSON; a scene's excuse is honoured."""

from __future__ import annotations

import json

import pytest
from fixtures.audit_scenes import DECLARABLE, DEFECTS, specimen

from normgeom.audit.findings import Finding, excused
from normgeom.audit.run import audit_class
from normgeom.rendering.paths import Layout
from scenes.base.narrated import AuditException
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


def test_a_finding_reads_as_one_line_and_as_data():
    finding = Finding("Gain", 1.25, 2.5, "text-overlap", ("axes[1]", "caption"), "overlapping")
    assert finding.line() == "Gain 1.25-2.50s text-overlap: axes[1], caption: overlapping"
    data = json.loads(json.dumps(finding.data()))
    assert data["objects"] == ["axes[1]", "caption"] and data["start"] == 1.25
    assert not excused(finding, [AuditException("text-overlap", "label*", "not this one")])
    assert excused(finding, [AuditException("text-overlap", "axes*", "the axis label")])
