"""The cluster runner's errors: what went wrong and where (which option, which
worker, which games), raised before anything is written when it can be."""


class ClusterError(Exception):
    """A run that cannot go on; ``code`` is the exit status (2: a bad argument,
    1: a failure while running)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code

    def __reduce__(self):  # a task's error crosses to the coordinator whole
        return (type(self), (str(self), self.code))


class WorkerError(ClusterError):
    """What a task found wrong on its worker (no CLI there, an engine command
    missing there, the match program failing); the message names the worker."""
