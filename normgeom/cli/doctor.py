"""What rendering needs, checked one by one, each failure with the command that fixes it.

Packages are found without importing them: Manim takes seconds to import.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import av

from scenes.voice.registry import VoiceError, check_voice, describe_voice, voice_name

__all__ = ["Check", "run_checks"]

SETUP = "run `make setup`"


@dataclass(frozen=True)
class Check:
    """One requirement: whether it is met, what was found, and how to fix it if not."""

    name: str
    ok: bool
    detail: str
    fix: str = ""


def _module(name: str, distribution: str, label: str, fix: str) -> Check:
    if importlib.util.find_spec(name) is None:
        return Check(label, False, f"no module named {name!r}", fix)
    try:
        return Check(label, True, version(distribution))
    except PackageNotFoundError:
        return Check(label, True, "importable")


def _program(name: str, fix: str) -> Check:
    path = shutil.which(name)
    return Check(name, path is not None, path or "not on PATH", "" if path else fix)


def _latex_package(cls: str, fix: str) -> Check:
    if shutil.which("kpsewhich") is None:
        return Check(f"LaTeX {cls}", False, "kpsewhich not on PATH", fix)
    found = subprocess.run(["kpsewhich", cls], capture_output=True, text=True).stdout.strip()
    return Check(f"LaTeX {cls}", bool(found), found or "not found", "" if found else fix)


def _codecs() -> Check:
    missing = [name for name in ("libx264", "aac") if name not in av.codecs_available]
    return Check(
        "PyAV encoders",
        not missing,
        "libx264, aac" if not missing else f"missing {', '.join(missing)}",
        "" if not missing else "`pip install --force-reinstall av` (its wheels bundle them)",
    )


def _writable(media: Path) -> Check:
    folder = media if media.exists() else media.parent
    ok = folder.is_dir() and os.access(folder, os.W_OK | os.X_OK)
    return Check(
        "media folder",
        ok,
        f"{media} {'writable' if ok else 'not writable'}",
        "" if ok else f"make {media} writable or set NORMGEOM_MEDIA to a writable folder",
    )


def _voice(voice: str | None) -> Check:
    """The voice's check; :class:`~scenes.voice.registry.VoiceError` for an unknown name."""
    voice_name(voice)
    try:
        name = check_voice(voice)
    except VoiceError as exc:
        return Check("voice", False, "not usable here", str(exc))
    return Check("voice", True, f"{name}: {describe_voice(name)}")


def run_checks(media: Path, voice: str | None = None) -> list[Check]:
    """Every check, in the order a fix would be applied.

    Raises
    ------
    scenes.voice.registry.VoiceError
        For an unknown voice name.
    """
    apt = "`apt-get install {}` or " + SETUP
    return [
        _module("cairo", "pycairo", "cairo (pycairo)", apt.format("libcairo2-dev")),
        _module("manimpango", "manimpango", "pango (manimpango)", apt.format("libpango1.0-dev")),
        _module("manim", "manim", "manim", SETUP),
        _module("manim_voiceover", "manim-voiceover", "manim-voiceover", SETUP),
        _program("latex", apt.format("texlive-latex-base texlive-latex-recommended")),
        _latex_package("standalone.cls", apt.format("texlive-latex-extra")),
        _program("dvisvgm", apt.format("dvisvgm")),
        _program("espeak-ng", apt.format("espeak-ng") + " (or use --voice none)"),
        _program("sox", apt.format("sox")),
        _codecs(),
        _writable(media),
        _voice(voice),
    ]
