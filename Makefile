# Every target sets up what it needs: a fresh machine needs nothing but python3 and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS := local,dev,minilm,weaviate,phoenix,postgres,bench,eval
# Arize Phoenix (the integration test's trace server) has pins of its own: its own venv.
PHOENIX := .venv-phoenix/bin/phoenix
# `langgraph dev` (langgraph-api) pins grpcio apart from weaviate-client: its own venv too.
LANGGRAPH := .venv-langgraph/bin/langgraph
# llama.cpp's OpenAI-compatible server (llama-cpp-python's [server] extra): its own venv.
MODEL_SERVER := .venv-model-server/bin/python
PORT ?= 8080
MODEL_NAME ?= qwen2.5-coder-1.5b

.PHONY: setup serve model-server servers demo test lint typecheck unit slow integration clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip setuptools wheel

$(STAMP): $(BIN)/python pyproject.toml
	# CPU torch first (a local wheel here), so nothing later pulls the CUDA build.
	$(BIN)/pip install --quiet torch==2.13.0
	# llama.cpp builds from source (~7 min once; pip caches the wheel), portable across CPUs.
	CMAKE_ARGS="-DGGML_NATIVE=OFF" $(BIN)/pip install --quiet llama-cpp-python==0.3.36
	$(BIN)/pip install --quiet -e ".[$(EXTRAS)]" --config-settings editable_mode=strict
	touch $(STAMP)

$(PHOENIX):
	$(PYTHON) -m venv .venv-phoenix
	.venv-phoenix/bin/pip install --quiet arize-phoenix==20.26.1

$(LANGGRAPH):
	$(PYTHON) -m venv .venv-langgraph
	.venv-langgraph/bin/pip install --quiet "langgraph-cli[inmem]>=0.4,<0.5" -e .

$(MODEL_SERVER):
	$(PYTHON) -m venv .venv-model-server
	# The same build as .venv's (pip reuses the wheel it cached there).
	CMAKE_ARGS="-DGGML_NATIVE=OFF" .venv-model-server/bin/pip install --quiet "llama-cpp-python[server]==0.3.36"

model-server: setup $(MODEL_SERVER)  ## the embedded weights over the OpenAI API on 127.0.0.1:$(PORT) (--model openai:$(MODEL_NAME))
	$(MODEL_SERVER) -m llama_cpp.server --model "$$($(BIN)/contextorg models path)" \
	  --model_alias $(MODEL_NAME) --host 127.0.0.1 --port $(PORT) --n_ctx 8192 --n_threads $$(nproc)

serve: $(LANGGRAPH)  ## serve the graph with `langgraph dev` on 127.0.0.1:2024 (langgraph.json)
	$(LANGGRAPH) dev --host 127.0.0.1 --no-browser

servers:  ## Debian's chromium and postgresql, which integration tests start (needs root)
	@need=""; command -v chromium >/dev/null || need="$$need chromium"; \
	ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need="$$need postgresql"; \
	if [ -n "$$need" ]; then \
	  if [ "$$(id -u)" != 0 ]; then echo "install$$need as root, or those tests are skipped"; exit 0; fi; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get install -y -q $$need >/dev/null || { apt-get update -q && apt-get install -y -q $$need >/dev/null; }; \
	fi

setup: $(STAMP)  ## virtual environment, dependencies and the verified local model weights
	$(BIN)/pip install --quiet -e ".[$(EXTRAS)]" --config-settings editable_mode=strict --no-deps
	$(BIN)/contextorg models install

demo: setup  ## the main job: answer the demo question with the embedded offline model
	$(BIN)/contextorg ask

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	# From inside .venv: the repository's contextorg/ folder would shadow the installed package.
	cd $(VENV) && bin/mypy --config-file ../pyproject.toml -p contextorg

unit: setup  ## fast unit tests: scripted models, no network, no slow ones (about 3 minutes)
	$(BIN)/pytest -m "not integration and not slow"

slow: setup  ## the slow unit tests: big inputs, processes racing, killed writes (about 8 minutes)
	$(BIN)/pytest -m "slow and not integration"

integration: setup servers $(PHOENIX) $(LANGGRAPH) $(MODEL_SERVER)
	$(BIN)/pytest -m integration

test: setup servers lint typecheck $(PHOENIX) $(LANGGRAPH) $(MODEL_SERVER)  ## everything CI runs: lint, types, unit and integration tests
	# Unit tests on both cores (0.55x the seconds of one); model tests one at a time, each
	# on both cores, as their timing checks assume.
	$(BIN)/pytest -m "not integration" -n 2 --durations=15
	$(BIN)/pytest -m integration --durations=30

clean:
	rm -rf $(VENV) .venv-phoenix .venv-langgraph .venv-model-server build *.egg-info .pytest_cache .mypy_cache .ruff_cache
