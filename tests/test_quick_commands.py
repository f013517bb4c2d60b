"""Commands that render nothing stay quick: they import neither Manim nor manim-voiceover."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
from normgeom.cli.app import main
sys.argv = ["normgeom", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("manim", "manim_voiceover"))
print(json.dumps(heavy), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "args",
    [["--help"], ["explain", "1", "2", "3"], ["explain", "--json", "1", "2"], ["list"],
     ["doctor", "--voice", "none"], ["render", "--help"]],
)  # fmt: skip
def test_command_does_not_import_manim(args, tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env={"NORMGEOM_MEDIA": str(tmp_path), "PATH": "/usr/bin:/bin", "COLUMNS": "120"},
        timeout=60,
    )
    assert done.stdout.strip(), done.stderr
    assert json.loads(done.stderr.strip().splitlines()[-1]) == []
