"""Counterfactual attribution (RAGonite §5): which evidence caused each answer.

Redundant evidence is clustered first, so that two copies of one fact do not each look
unnecessary. For every cluster the answer is regenerated without it; the further the
counterfactual answer moves from the real one, the more the cluster caused it:

    contribution(C) = 1 − mean_j sim(embed(q + a), embed(q + a_cf,j(C)))
    attribution     = softmax(contribution / t)

The pure parts are ``clusters`` and ``scores``; ``attributors`` (the slots ``attributor`` and
``explain_clusters``) makes the calls, for the ``explain`` node.
"""
