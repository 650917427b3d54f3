"""Policy callbacks for tests/cluster_test.py (sternhalma.cluster selfplay
--policy cluster_policy:NAME, imported on the workers from PYTHONPATH)."""


def random_legal(observation, action_mask, rng):
    """A uniformly random legal action, from the generator the run seeds."""
    legal = action_mask.nonzero()[0]
    return int(legal[rng.integers(len(legal))])


def illegal(observation, action_mask, rng):
    """The first action that is not legal: the run must stop with an error."""
    return int((~action_mask).nonzero()[0][0])
