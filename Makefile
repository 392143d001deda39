# The two set-up commands (see README.md):
#   make build   install the toolchain, build the release profile, write site-agent.zip
#   make test    install the test tools (and Chromium if missing), run the whole suite
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: build test toolchain test-deps chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

toolchain: $(BIN)/python
	@command -v node >/dev/null || { echo "error: Node.js is missing (install Node.js 18+, e.g. apt-get install nodejs npm)"; exit 1; }
	$(BIN)/python -m pip install --quiet -e .
	npm ci --no-audit --no-fund --loglevel=error

build: toolchain
	$(BIN)/siteagent build --profile release
	$(BIN)/siteagent package

test-deps: toolchain
	$(BIN)/python -m pip install --quiet -e ".[test]"

chromium:
	@bash scripts/ensure-chromium.sh

test: test-deps chromium
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

clean:
	rm -rf dist dist-client .siteagent site-agent.zip site-agent.json
