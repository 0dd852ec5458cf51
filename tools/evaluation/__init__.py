"""Evaluation metrics for questions with several gold answers."""
