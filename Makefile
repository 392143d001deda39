# The two set-up commands (see README.md):
#   make build   install the toolchain, build the release profile, write site-agent.zip
#   make test    install the test tools (and Chromium if missing), run the whole suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# Set-up steps print nothing unless they fail (then their whole output is shown).
LOG := $(VENV)/.make-step.log
QUIET = > $(LOG) 2>&1 || { cat $(LOG); exit 1; }

.PHONY: build test toolchain test-deps chromium clean

$(BIN)/python:
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet --upgrade pip $(QUIET)

toolchain: $(BIN)/python
	@command -v node >/dev/null || { echo "error: Node.js is missing (install Node.js 18+, e.g. apt-get install nodejs npm)"; exit 1; }
	@$(BIN)/python -m pip install --quiet -e . $(QUIET)
	@npm ci --no-audit --no-fund --loglevel=error $(QUIET)

build: toolchain
	@$(BIN)/siteagent build --profile release
	@$(BIN)/siteagent package

test-deps: toolchain
	@$(BIN)/python -m pip install --quiet -e ".[test]" $(QUIET)

chromium:
	@bash scripts/ensure-chromium.sh

test: test-deps chromium
	$(BIN)/ruff check buildtool tests bench scripts siteagent_src siteagent_runtime
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

clean:
	rm -rf dist dist-client .siteagent site-agent.zip site-agent.json
