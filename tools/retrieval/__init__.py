"""Retrieval: ingestion, embedders, the hybrid and Weaviate indexes, fusion, rerankers."""
