# The two commands of the README's quick start: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
CARD ?= becalmed

.PHONY: setup play test lint clean

$(BIN)/cardgm: pyproject.toml
	@$(PYTHON) -m venv $(VENV)
	@# pip and setuptools talk (the editable-install banner) go to a log, shown only if the install fails
	@$(BIN)/pip install --quiet --upgrade pip > $(VENV)/install.log 2>&1 || (cat $(VENV)/install.log; exit 1)
	@$(BIN)/pip install --quiet -e '.[test]' >> $(VENV)/install.log 2>&1 || (cat $(VENV)/install.log; exit 1)
	@touch $@

setup: $(BIN)/cardgm

play: setup
	@$(BIN)/cardgm play $(CARD)

# On every core, each worker taking the next test as it frees up (the slowest tests take half a
# minute; a fixed share would leave one core idle at the end). PYTEST_WORKERS=0 runs in one process.
PYTEST_WORKERS ?= auto
test: setup
	$(BIN)/python -m pytest -q -n $(PYTEST_WORKERS) --dist worksteal

# ruff and mypy as configured in pyproject.toml; .ci/run runs this before the tests.
lint: setup
	$(BIN)/ruff check cardgm tests bench
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
