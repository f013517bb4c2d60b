"""normmath never imports manim."""

import subprocess
import sys


def test_normmath_imports_without_manim():
    code = "import sys, normmath; normmath.lesson(); print('manim' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_normmath_holds_no_file_reading_and_no_project_errors():
    """The numeric core is numerics: the checked file reading and the project's user errors
    live in normio, below it (normmath's own errors subclass the user error)."""
    import normio.errors
    import normmath
    import normmath.errors

    for name in ("files", "FileError", "UserError"):
        assert not hasattr(normmath, name), name
    assert not hasattr(normmath.errors, "FileError")
    assert issubclass(normmath.NormMathError, normio.errors.UserError)
