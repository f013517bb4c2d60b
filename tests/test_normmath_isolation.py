"""normmath never imports manim."""

import subprocess
import sys


def test_normmath_imports_without_manim():
    code = "import sys, normmath; normmath.lesson(); print('manim' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
