# The two commands of the README's quick start: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CARD ?= becalmed

.PHONY: setup play test lint clean

$(BIN)/cardgm: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

setup: $(BIN)/cardgm

play: setup
	$(BIN)/cardgm play $(CARD)

test: setup
	$(BIN)/python -m pytest -q

# ruff and mypy as configured in pyproject.toml; .ci/run runs this before the tests.
lint: setup
	$(BIN)/ruff check cardgm tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
