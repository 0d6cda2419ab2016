# Every target bootstraps .venv itself: `make play` and `make test` are all a newcomer needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: venv play test lint format i18n bench bench-bots fuzz clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Jewel Table needs Python 3.11 or newer")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/jeweltable

# The suite runs in one process per core (pytest-xdist); each test file stays in one process, so
# its module fixtures and the process's one chromium are made once, and files are handed out in
# the order tests/conftest.py gives them, the long browser files first (docs/performance.md,
# "Test suite"). `make test TEST_WORKERS=0` runs it in this process alone. The 25 slowest tests
# are listed at the end, to keep the suite within its 12 minutes. Two processes per core (at most
# eight): with one per core, the waits of some tests (bots' pauses, WebKit's driver, the network)
# left the cores idle; with two, both cores are busy 94-100 % of a run (docs/performance.md).
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); n=$$((n * 2)); [ $$n -gt 8 ] && n=8; echo $$n)
test: $(STAMP)
	$(BIN)/ruff check .
	$(HEADLESS) $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder \
		--durations=25

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Words: extract the English strings (the client's, and the table's talk in shared/talk) into the template, update the de/fr catalogs, compile
# them (the package build compiles them too; see setup.py).
LOCALE := client/locale
LANGUAGES := de fr
I18N_KEYWORDS := --no-default-keywords -k _ -k N_ -k C_:1c,2 -k NN_:1,2 -k CNN_:1c,2,3 \
	-k pgettext:1c,2 -k ngettext:1,2 -k npgettext:1c,2,3 -k say:1c,2 -k say_n:1c,2,3
i18n: $(STAMP)
	mkdir -p $(LOCALE)
	$(BIN)/pybabel extract $(I18N_KEYWORDS) --add-location=file --sort-by-file \
		--project=jeweltable --copyright-holder="Jewel Table" -o $(LOCALE)/jeweltable.pot client shared
	for lang in $(LANGUAGES); do test -f $(LOCALE)/$$lang/LC_MESSAGES/jeweltable.po || \
		$(BIN)/pybabel init -i $(LOCALE)/jeweltable.pot -d $(LOCALE) -D jeweltable -l $$lang; done
	$(BIN)/pybabel update -i $(LOCALE)/jeweltable.pot -d $(LOCALE) -D jeweltable \
		--no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel compile -d $(LOCALE) -D jeweltable --statistics

# Engines, server (20 tables x (4 seats + 20 spectators) on loopback) and client frame times.
bench: $(STAMP)
	$(HEADLESS) $(BIN)/python -m bench.engines
	$(HEADLESS) $(BIN)/python -m bench.server
	$(HEADLESS) $(BIN)/python -m bench.discovery
	$(HEADLESS) $(BIN)/python -m bench.journal
	$(HEADLESS) $(BIN)/python -m bench.client

# Bot strength: each level against the level below, every game, 200 games per matchup at 2-4
# players (long: a quarter to half an hour per game on two cores; see docs/performance.md).
bench-bots: $(STAMP)
	for game in magie-des-bijoux das-kollier kette-von-saba saba-palast; do \
		$(BIN)/python -m bench.bots --game $$game --workers 2 || exit 1; done

# Coverage-guided fuzzing of everything that reads network bytes, one harness after another
# (FUZZ_SECONDS each; an hour by default). Work corpora and findings in build/fuzz/; see
# docs/fuzzing.md.
FUZZ_SECONDS ?= 3600
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz.run --seconds $(FUZZ_SECONDS)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
