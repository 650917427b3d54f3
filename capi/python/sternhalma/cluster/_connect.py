"""The Dask client: to a running scheduler (--scheduler), or to a local
cluster of N worker processes on 127.0.0.1 (--local N) that lives as long
as the run."""
from __future__ import annotations

import contextlib
import logging

from ._errors import ClusterError


@contextlib.contextmanager
def client_for(scheduler, local: int, timeout: float):
    """Yields a distributed.Client; ClusterError when Dask is missing or the
    scheduler does not answer within `timeout` seconds."""
    try:
        import distributed
    except ImportError:
        raise ClusterError("sternhalma.cluster: Dask's distributed is not importable by "
                           "this Python (on Debian: apt-get install python3-distributed, "
                           "and run /usr/bin/python3)") from None
    # Dask logs a failed connection at length; the error below says it in a line.
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    cluster = None
    try:
        if local:
            cluster = distributed.LocalCluster(n_workers=local, threads_per_worker=1,
                                               processes=True, host="127.0.0.1",
                                               dashboard_address=None)
            client = distributed.Client(cluster, timeout=timeout)
        else:
            try:
                client = distributed.Client(scheduler, timeout=timeout)
            except (OSError, TimeoutError) as e:
                raise ClusterError(f"sternhalma.cluster: the scheduler {scheduler} is not "
                                   f"reachable within {timeout:g} s ({type(e).__name__}: "
                                   f"{str(e).splitlines()[0] if str(e) else 'no answer'})") from None
            except ValueError as e:
                raise ClusterError(f"sternhalma.cluster: --scheduler {scheduler!r}: {e}",
                                   code=2) from None
        try:
            yield client
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()
