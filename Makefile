# normgeom: every target that needs the environment depends on setup.
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.setup-stamp
Q     ?= medium
VOICE ?= espeak
S     ?= MeanCentering
F     ?= mp4
JOBS  ?=
JOBS_FLAG := $(if $(JOBS),--jobs $(JOBS),)

.PHONY: setup video scene gifs stills slides bundle docs-media bench test lint clean help

help:
	@echo "make video  [Q=medium VOICE=espeak]   the narrated lecture -> media/normalization_geometry.mp4"
	@echo "make test                             set up (if needed) and run the test suite"
	@echo "make scene  S=MeanCentering Q=high F=gif   one scene (F: mp4 gif png webm)"
	@echo "make gifs | stills | bench | lint | clean"

setup: $(STAMP)

$(STAMP): pyproject.toml tools/setup.sh
	@tools/setup.sh
	@touch $@

video: setup
	$(VENV)/bin/normgeom video --quality $(Q) --voice $(VOICE) $(JOBS_FLAG)

scene: setup
	$(VENV)/bin/normgeom render $(S) --quality $(Q) --format $(F) --voice $(VOICE)

gifs: setup
	$(VENV)/bin/normgeom render all --quality low --format gif --voice none $(JOBS_FLAG)

stills: setup
	$(VENV)/bin/normgeom render all --quality $(Q) --format png --voice none $(JOBS_FLAG)

bench: setup
	$(PY) benchmarks/bench.py

test: setup
	$(PY) -m pytest

lint: setup
	$(VENV)/bin/ruff check normmath scenes tests benchmarks
	$(VENV)/bin/ruff format --check normmath scenes tests benchmarks

clean:
	find media -mindepth 1 ! -name .gitkeep -delete
	rm -rf build *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
