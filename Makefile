# Every target bootstraps .venv itself: `make play` and `make test` are all a newcomer needs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: venv play test lint format bench bench-bots clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Jewel Table needs Python 3.11 or newer")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/jeweltable

test: $(STAMP)
	$(BIN)/ruff check .
	$(HEADLESS) $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Engines, server (20 tables x (4 seats + 20 spectators) on loopback) and client frame times.
bench: $(STAMP)
	$(HEADLESS) $(BIN)/python -m bench.engines
	$(HEADLESS) $(BIN)/python -m bench.server
	$(HEADLESS) $(BIN)/python -m bench.client

# Bot strength: each level against the level below, every game (a few minutes per game).
bench-bots: $(STAMP)
	for game in magie-des-bijoux das-kollier kette-von-saba saba-palast; do \
		$(BIN)/python -m bench.bots --game $$game || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
