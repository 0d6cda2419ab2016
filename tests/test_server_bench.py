"""The server benchmark runs (briefly) and reports every figure it promises."""

from __future__ import annotations

import json

import pytest

from bench.server import main

pytestmark = pytest.mark.timeout(60)


def test_a_short_benchmark_reports_latency_throughput_and_memory(capsys):
    assert main(["--tables", "2", "--spectators", "2", "--seconds", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["connections"] == 2 * (4 + 2)
    assert result["moves"] > 0 and result["moves_per_second"] > 0
    assert set(result["latency_ms"]) == {"p50", "p99", "max"}
    assert result["dropped_connections"] == 0 and result["stalled_tables"] == 0
    assert result["memory_per_connection_kb"] >= 0


def test_the_journal_benchmark_reports_commit_times_and_the_log_size(capsys):
    from bench.journal import main as journal_main

    assert journal_main(["--commits", "300", "--rate", "0", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["commits"] == 300
    assert 0 < result["commit_p50_ms"] <= result["commit_p99_ms"] <= result["commit_max_ms"]
    assert result["wal_mb_max"] > 0 and result["sqlite_checkpoints"] is False


def test_the_talk_benchmark_measures_the_same_positions_three_ways(capsys):
    """bench.talk: an update told by its changes is smaller than one told whole, and both carry
    more than an update without the talk (the figures it reports, not their speed)."""
    from bench.talk import main as talk_main

    assert talk_main(["--games", "1", "--rounds", "1", "--only", "das-kollier", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)["games"]["das-kollier"]
    assert row["moves"] > 50 and row["talk"]
    assert row["plain_bytes_per_move"] < row["talk_bytes_per_move"]
    assert row["talk_bytes_per_move"] < row["talk_whole_bytes_per_move"]
    assert all(row[f"{way}_us_per_move"] > 0 for way in ("plain", "talk", "talk_whole"))
