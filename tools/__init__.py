"""What nodes use, by concern: one subpackage each.

``models`` (names to chat models, the embedded model, structured calls), ``relations`` (the
relation graph and its classifiers), ``organizers`` (corg and the baselines), ``answering``
(citations, notes, conflicts, completion, the debate), ``attribution``, ``retrieval`` (ingestion,
embedders, indexes, fusion, rerankers), ``text``, ``observability`` (traces, Phoenix),
``persistence`` (checkpoints, the response cache) and ``evaluation`` (metrics). Every slot's
components are named in one :class:`~contextorg.tools.registry.Registry`.
"""
