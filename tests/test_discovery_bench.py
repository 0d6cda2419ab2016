"""The discovery benchmark runs one round on 127.0.0.1 and reports every figure it promises."""

from __future__ import annotations

import json

import pytest

from bench.discovery import main

pytestmark = pytest.mark.timeout(60)


def test_the_discovery_benchmark_reports_first_answer_discover_exit_and_new_server(capsys):
    assert main(["--rounds", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    for key in ("first_answer_ms", "discover_exit_ms", "new_server_ms"):
        assert result[key] > 0
    assert result["interface"] == "127.0.0.1"
