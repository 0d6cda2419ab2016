"""Coverage-guided fuzzing (atheris) of everything that reads network bytes; see docs/fuzzing.md.

One harness per entry point: `stream` (the msgpack decoder with its limits, as the server reads
a TCP stream or a WebSocket frame), `gateway` (websockets' HTTP and frame reading as
server/web.py runs it, with our request checks) and `messages` (the checks of every message
type, on maps built from the fuzzer's bytes). `python -m tests.fuzz.run` runs them.
"""
