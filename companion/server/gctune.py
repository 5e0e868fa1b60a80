"""The cyclic garbage collector, tuned for a long-running server holding many live streams.

At café scale (100 tables, 500 streams: benchmarks/bench_cafe.py) the collector's full passes each held the
interpreter for 75-150 ms, ten times in half a minute (a whole-heap walk over every thread's frames, every
table's state, the shared renderings): those pauses were most of the action and push p95. Two changes:

* what exists once the server is set up (the app, its templates, the imported modules) is moved out of the
  collector's sight (``gc.freeze``): it lives as long as the process and would be walked on every full pass;
* the youngest generation is collected every 5,000 allocations instead of 700: the requests' short-lived
  objects mostly die by reference counting anyway, so fewer, slightly larger young passes cost less in all,
  and the older generations fill (and are walked) correspondingly less often. Not more: what a rendering
  leaves in reference cycles (Jinja's macros imported with context, ~50 objects a phone) is collected in
  these passes, which hold the interpreter lock while they run — at 20,000 each pass took 35-55 ms of CPU
  (measured with ``gc.callbacks`` at 100 tables with a seat per phone, quiet machine), and every change made
  during one waited for it: push p95 80-86 ms at 20,000, 47-72 ms at 5,000 (passes of ~6 ms), 52-67 ms at
  2,000 (more passes of the older generations), over the same total collecting time (~1 s in 40 s).

Cycles are still collected: memory stays bounded (the benchmark's RSS did not grow).

And the interpreter lock is handed over every millisecond instead of every five (``sys.setswitchinterval``):
the event loop thread, which sends every stream's events and every answer, waits on it behind the threads that
render and answer; at 100 tables on this shared machine (three rounds against the default, the same minutes)
action p95 1.2–2.4 s instead of 2.6–3.9 s and 10.0–10.6 ms of CPU per change instead of 10.2–13.3 ms. (With
waitress's 1,100 threads the same setting made things worse: docs/scaling.md, fourth pass.)
"""

from __future__ import annotations

import gc
import sys

YOUNG_THRESHOLD = 5_000
OLDER_THRESHOLDS = (10, 10)
SWITCH_INTERVAL = 0.001


def tune_for_serving() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)
