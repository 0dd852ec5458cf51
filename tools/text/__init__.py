"""Text: normalization for comparing answers, salient terms that tell entities apart."""
