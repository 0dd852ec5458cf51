"""Chat models: names to models, the embedded llama.cpp model and its weights, structured calls."""
