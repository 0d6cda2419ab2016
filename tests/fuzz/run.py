"""Runs the fuzzing harnesses one after another: `python -m tests.fuzz.run --seconds 3600`.

Each harness runs in a process of its own (atheris, libFuzzer's engine) from its committed seeds
(tests/fuzz/corpus/NAME) and a work corpus of what it found before (WORK/NAME/corpus, kept
between runs, out of git); a failing input is written to WORK/NAME/ as `crash-…`. At the end it
prints, per harness, the executions, coverage and features, and whether anything was found
(`--json`: the same as JSON). The exit status is 1 if any harness found a failure.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
HARNESSES = ("stream", "gateway", "messages")
DEFAULT_WORK = ROOT / "build" / "fuzz"


def fuzz(
    name: str, work: Path, seconds: float | None = None, runs: int | None = None, seed: int = 0
) -> dict:
    """Run one harness for `seconds` or `runs` executions; its figures."""
    folder = work / name
    corpus = folder / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    flags = [f"-artifact_prefix={folder}/", "-timeout=20", "-print_final_stats=1"]
    if seconds is not None:
        flags.append(f"-max_total_time={int(seconds)}")
    if runs is not None:
        flags.append(f"-atheris_runs={runs}")
    env = dict(os.environ)
    if seed:
        # The same seed and the same hashes (the order of sets and dicts): the same run.
        flags.append(f"-seed={seed}")
        env["PYTHONHASHSEED"] = str(seed)
    command = [sys.executable, "-m", f"tests.fuzz.{name}", str(corpus), str(HERE / "corpus" / name)]
    before = _findings(folder)
    started = time.monotonic()
    done = subprocess.run(
        command + flags, cwd=ROOT, env=env, capture_output=True, text=True, errors="replace"
    )
    log = done.stdout + done.stderr
    (folder / "last.log").write_text(log)
    return {
        "harness": name,
        "seconds": round(time.monotonic() - started, 1),
        "ok": done.returncode == 0,
        "returncode": done.returncode,
        "executions": _stat(log, "number_of_executed_units") or _last(log, r"Done (\d+)"),
        "coverage": _last(log, r"cov: (\d+)"),
        "features": _last(log, r"ft: (\d+)"),
        "corpus": _last(log, r"corp: (\d+)"),
        "peak_rss_mb": _last(log, r"rss: (\d+)Mb"),
        "findings": sorted(_findings(folder) - before),
        "tail": "" if done.returncode == 0 else log[-3000:],
    }


def _findings(folder: Path) -> set[str]:
    """The failing inputs libFuzzer has written to `folder` (a crash, running out of memory, a
    slow input)."""
    return {p.name for kind in ("crash", "oom", "timeout") for p in folder.glob(f"{kind}-*")}


def _stat(log: str, name: str) -> int | None:
    found = re.search(rf"stat::{name}:\s+(\d+)", log)
    return int(found.group(1)) if found else None


def _last(log: str, pattern: str) -> int | None:
    found = re.findall(pattern, log)
    return int(found[-1]) if found else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("harness", nargs="*", help=f"some of {', '.join(HARNESSES)} (all)")
    parser.add_argument("--seconds", type=float, help="for each harness (default 60)")
    parser.add_argument("--runs", type=int, help="executions for each harness, not seconds")
    parser.add_argument("--work", type=Path, default=DEFAULT_WORK, help="work corpora, findings")
    parser.add_argument("--seed", type=int, default=0, help="libFuzzer's seed (0: random)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    unknown = set(args.harness) - set(HARNESSES)
    if unknown:
        parser.error(f"no harness {', '.join(sorted(unknown))}; there are {', '.join(HARNESSES)}")
    seconds = args.seconds if args.seconds is not None or args.runs else 60.0
    results = []
    for name in args.harness or HARNESSES:
        result = fuzz(name, args.work, seconds, args.runs, args.seed)
        results.append(result)
        if not args.json:
            print(
                f"{name}: {result['executions']} executions in {result['seconds']} s,"
                f" cov {result['coverage']}, ft {result['features']},"
                f" corpus {result['corpus']}, peak RSS {result['peak_rss_mb']} MB,"
                f" findings: {', '.join(result['findings']) or 'none'}",
                flush=True,
            )
            if not result["ok"]:
                print(result["tail"], file=sys.stderr)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
