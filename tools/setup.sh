#!/usr/bin/env bash
# Installs everything normgeom needs: the system packages Manim, LaTeX, espeak-ng and SoX need
# (through apt-get when missing), then a .venv with the project editable plus the extras a
# lecture needs (slides, the piper voice); `make test` adds the dev extra on top, and
# `make video LANG=ja` the ja extra (the Japanese voice) with a CJK font.
set -euo pipefail

SYSTEM_PACKAGES=(
  build-essential pkg-config python3-dev python3-venv
  libcairo2-dev libpango1.0-dev
  texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended
  cm-super-minimal lmodern dvisvgm
  espeak-ng ffmpeg sox
)
EXTRAS="${NORMGEOM_EXTRAS:-slides,piper}"
# npm fetches reveal.js (the HTML deck) and three.js (the live page); node bundles three.js.
# Any npm on the path will do (a NodeSource nodejs brings its own); else Debian's.
command -v npm >/dev/null 2>&1 || SYSTEM_PACKAGES+=(npm)
# With the dev extra, the tests' browser checks (the bundle page, and the live page through
# Playwright) want Chromium (they skip without it). Debian packages it as chromium; where apt
# has no such package (Ubuntu ships it as a snap) it is left out.
if [[ ",$EXTRAS," == *",dev,"* ]] && command -v apt-cache >/dev/null 2>&1 \
  && apt-cache show chromium >/dev/null 2>&1; then
  SYSTEM_PACKAGES+=(chromium)
fi
# The Japanese lecture (the ja extra, and dev, which tests it) shows Japanese text: Debian's
# Noto CJK fonts, which Pango picks for the glyphs the lecture's typeface lacks.
if [[ ",$EXTRAS," == *",ja,"* || ",$EXTRAS," == *",dev,"* ]]; then
  SYSTEM_PACKAGES+=(fonts-noto-cjk)
fi
VENV="${VENV:-.venv}"
PYTHON="${PYTHON:-python3}"

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in "${SYSTEM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
else
  for tool in pkg-config latex dvisvgm espeak-ng sox; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
fi

if ((${#missing[@]})); then
  if command -v apt-get >/dev/null 2>&1; then
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    echo "setup: installing system packages: ${missing[*]}"
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >/dev/null
  else
    echo "setup: error: no apt-get here; install these first: ${missing[*]}" >&2
    echo "setup: (cairo and pango headers, pkg-config, LaTeX with standalone/preview/amsmath, dvisvgm, espeak-ng, sox)" >&2
    exit 1
  fi
fi

[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q -e ".[${EXTRAS}]"
echo "setup: environment ready in $VENV"
