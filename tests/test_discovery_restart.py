"""The start screen's LAN list follows a server that is killed (no goodbye) or stopped, and
started again on the same port under the same name: it leaves the list and comes back."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time

import pytest

from client.net.discovery import LanBrowser
from tests.test_discovery import HOST, ROOT, serve_command, stop, unique_name, wait_listening

pytestmark = pytest.mark.timeout(120)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_for(browser, change, name, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for kind, instance, _info in browser.poll():
            if kind == change and instance.startswith(name):
                return time.monotonic()
        time.sleep(0.05)
    return None


@pytest.mark.parametrize("how", ["killed", "stopped"])
def test_a_restarted_server_comes_back_in_the_list(tmp_path, how):
    name, port = unique_name("again"), free_port()
    args = ["--host", HOST, "--interface", HOST, "--name", name, "--data", str(tmp_path)]
    command = [a if a != "0" else str(port) for a in serve_command(*args)]
    browser = LanBrowser([HOST]).start()
    procs = []
    try:
        for round_ in range(2):
            started = time.monotonic()
            proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
            procs.append(proc)
            assert wait_listening(proc) == port
            listening = time.monotonic()
            seen = wait_for(browser, "found", name, 20)
            assert seen is not None, f"round {round_}: the server never came (back) into the list"
            # The figure for the 2 s: from the server's first line to the list's entry.
            print(
                f"{how} round {round_}: listed {seen - listening:.2f} s after listening "
                f"({seen - started:.2f} s after the process started)"
            )
            if round_ == 0:
                if how == "killed":
                    os.kill(proc.pid, signal.SIGKILL)
                    proc.wait(10)
                else:
                    stop(proc)
                assert wait_for(browser, "lost", name, 20) is not None
    finally:
        for proc in procs:
            stop(proc)
        browser.stop()
