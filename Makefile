# normgeom: every target that needs the environment depends on setup.
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.setup-stamp
DEV_STAMP := $(VENV)/.dev-stamp
Q     ?= medium
VOICE ?=
VOICE_FLAG := $(if $(VOICE),--voice $(VOICE),)
# LANG=ja: the lecture in Japanese. Only a LANG given on make's command line counts: the
# environment's LANG is the locale (en_US.UTF-8).
LECTURE_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)
LANG_SUFFIX := $(if $(filter-out en,$(LECTURE_LANG)),.$(LECTURE_LANG),)
JA_STAMP := $(VENV)/.ja-stamp
LANG_SETUP := $(if $(filter ja,$(LECTURE_LANG)),$(JA_STAMP),)
S     ?= MeanCentering
F     ?= mp4
JOBS  ?=
JOBS_FLAG := $(if $(JOBS),--jobs $(JOBS),)
LECTURE := media/normalization_geometry$(LANG_SUFFIX).mp4

.PHONY: setup dev-setup video scene gifs stills slides bundle page docs-page docs-media contact-sheet audit bench test lint clean help activations-data docs quick

help:
	@echo "make video  [Q=medium VOICE=hibari]   the narrated lecture -> media/normalization_geometry.mp4"
	@echo "make video LANG=ja                    the lecture in Japanese -> media/normalization_geometry.ja.mp4"
	@echo "make test                             set up (if needed) and run the test suite"
	@echo "make quick                            the inner loop: the tests that neither render nor build scenes"
	@echo "make scene  S=MeanCentering Q=high F=gif   one scene (F: mp4 gif png webm)"
	@echo "make activations-data                 re-record the lecture's real activations (runs the model)"
	@echo "make contact-sheet                    every scene at 25/50/75/100% -> docs/contact-sheet.png"
	@echo "make slides | bundle  [Q=... OUT=...]  the slide deck; the publishable folder"
	@echo "make audit                            every scene and the built lecture as a viewer sees them (exit 1 on a finding)"
	@echo "make page  [OUT=...]                  the live lesson and 3D explorer -> media/page/index.html"
	@echo "make docs                             the documentation site -> media/docs/index.html"
	@echo "make gifs | stills | docs-media | docs-page | bench | lint | clean"
	@echo "make setup | dev-setup                the environment (dev-setup: plus the test tools)"

setup: $(STAMP)

$(STAMP): pyproject.toml tools/setup.sh
	@tools/setup.sh
	@touch $@

# The tests, lint and re-recording the activations also need the dev extra (pytest,
# hypothesis, ruff, and PyTorch with transformers for the real-activations capture).
dev-setup: $(DEV_STAMP)

$(DEV_STAMP): $(STAMP)
	@NORMGEOM_EXTRAS=slides,piper,dev tools/setup.sh
	@touch $@

# The Japanese voice (the ja extra), installed only when a Japanese lecture is asked for.
$(JA_STAMP): $(STAMP)
	@NORMGEOM_EXTRAS=slides,piper,ja tools/setup.sh
	@touch $@

# The lecture, then its black-box audit (findings printed; the build succeeds either way).
video: setup $(LANG_SETUP)
	$(VENV)/bin/normgeom video --quality $(Q) --lang $(LECTURE_LANG) $(VOICE_FLAG) $(JOBS_FLAG)
	$(VENV)/bin/normgeom audit --video $(LECTURE) || true

scene: setup
	$(VENV)/bin/normgeom render $(S) --quality $(Q) --format $(F) $(VOICE_FLAG)

gifs: setup
	$(VENV)/bin/normgeom render all --quality low --format gif --voice none $(JOBS_FLAG)

stills: setup
	$(VENV)/bin/normgeom stills --quality $(Q) $(JOBS_FLAG)

contact-sheet: setup
	$(VENV)/bin/normgeom render all --quality low --voice none $(JOBS_FLAG)
	$(PY) -m normgeom.publish.contact_sheet media/scenes/480p15 docs/contact-sheet.png

# Every scene with the lecture voice's timing, then the built lecture (if any) as a file.
audit: setup
	@status=0; $(VENV)/bin/normgeom audit all $(VOICE_FLAG) $(JOBS_FLAG) || status=1; \
	if [ -f $(LECTURE) ]; then $(VENV)/bin/normgeom audit --video $(LECTURE) || status=1; fi; \
	exit $$status

bench: setup
	$(if $(REFERENCE),$(PY) -m pip install -q matplotlib)
	$(PY) -m benchmarks.bench $(if $(REFERENCE),--reference-script $(REFERENCE)) $(BENCH_ARGS)

# Two workers (pytest-xdist): the suite is CPU-bound. Each file runs on one worker (the scenes
# and caches its tests share are built once), files handed out in the collected order, the
# longest tests' files first (tests/conftest.py: LONGEST_FIRST).
WORKERS := -n 2 --dist loadfile --no-loadscope-reorder

test: dev-setup
	$(PY) -m pytest $(WORKERS)

# The inner loop: no render, no scene built, no browser, no model (markers in pyproject.toml).
quick: dev-setup
	$(PY) -m pytest $(WORKERS) -m "not render and not scenes and not browser and not model" --timeout 120

# The documentation site, built offline; a warning (a broken cross-reference included) fails it.
docs: dev-setup
	$(PY) -m sphinx -b html -W --keep-going -n -q docs media/docs

lint: dev-setup
	$(VENV)/bin/ruff check normio normmath scenes normgeom tests benchmarks docs/examples docs/conf.py docs/_ext
	$(VENV)/bin/ruff format --check normio normmath scenes normgeom tests benchmarks docs/examples docs/conf.py docs/_ext

# The statistics the RealActivations scene draws, from all-MiniLM-L6-v2 on the lecture's
# sentences (normmath/data/minilm_activations.json); the tests check a fresh capture equals it.
activations-data: dev-setup
	$(PY) -m normgeom.activations.ship

clean:
	find media -mindepth 1 ! -name .gitkeep -delete
	rm -rf build *.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# Slides, stills and the lecture bundle (the slides extra, installed by setup).
OUT ?=
DOCS_SCENE ?= Standardization

slides: setup
	$(VENV)/bin/normgeom slides --quality $(Q) $(JOBS_FLAG) $(if $(OUT),--output $(OUT),)

bundle: setup
	$(VENV)/bin/normgeom publish --quality $(Q) $(VOICE_FLAG) $(JOBS_FLAG) $(if $(OUT),--output $(OUT),)

page: setup
	$(VENV)/bin/normgeom page $(if $(OUT),--output $(OUT),)

# The README's pictures of the live page: Playwright (dev extra) drives Chromium (1280x800, 390x844).
docs-page: dev-setup
	$(VENV)/bin/normgeom page
	$(PY) tests/fixtures/page_browser.py media/page docs/page.png docs/page-phone.png

# The README's pictures: the GIF at 240 px and 8 fps keeps it under 2 MB.
docs-media: setup
	$(VENV)/bin/normgeom render $(DOCS_SCENE) --quality low --voice none
	$(VENV)/bin/normgeom stills $(DOCS_SCENE) --quality low
	mkdir -p docs
	$(PY) -c "from pathlib import Path; from normgeom.publish.gif import write_gif; write_gif(Path('media/scenes/480p15/$(DOCS_SCENE).mp4'), Path('docs/$(DOCS_SCENE).gif'), max_height=240, fps=8)"
	cp media/stills/480p15/$(DOCS_SCENE).png docs/$(DOCS_SCENE).png
	@$(PY) -c "import os,sys; big=[f for f in sys.argv[1:] if os.path.getsize(f) >= 2e6]; sys.exit(f'over 2 MB: {big}' if big else 0)" docs/$(DOCS_SCENE).gif docs/$(DOCS_SCENE).png
