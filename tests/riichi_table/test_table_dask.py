"""simulate() on a real cluster engine: a dask.distributed LocalCluster with two worker processes gives
exactly the results of the same seeds played locally."""

from __future__ import annotations

import pytest

from gamelab.riichi.table import simulate

distributed = pytest.importorskip("dask.distributed")


def test_simulate_on_a_dask_cluster_gives_the_local_results():
    rules = {"場数": 0}
    local = simulate(6, rules, seed=40)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
            seen = []
            remote = simulate(6, rules, seed=40, executor=client.get_executor(), chunk=2,
                              progress=lambda done, total: seen.append(done))
    assert remote.results == local.results
    assert seen == [2, 4, 6]
    easy = simulate(2, rules, seed=40, level="easy")
    assert easy.results != local.results[:2]  # the level reaches the bots
