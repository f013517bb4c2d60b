"""The page's maths without a browser: node runs lesson-math.js on every golden case from
normmath and on the explorer's geometry, and page-state.js on the URL contract
(``tests/node/``); no Chromium needed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from fixtures.page_golden import golden_json

NODE_TESTS = Path(__file__).with_name("node")


@pytest.mark.skipif(shutil.which("node") is None, reason="node builds the page; not installed")
def test_lesson_math_in_node_matches_normmath(tmp_path):
    golden = tmp_path / "golden.json"
    golden.write_text(json.dumps(golden_json(), allow_nan=False), encoding="utf-8")
    done = subprocess.run(
        [shutil.which("node"), "--test", str(NODE_TESTS)],
        env={**os.environ, "NORMGEOM_PAGE_GOLDEN": str(golden)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass 7" in done.stdout
