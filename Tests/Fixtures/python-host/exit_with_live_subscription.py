"""A Python host that exits while a subscription is live and its answer is
about to be delivered on a library thread. ctypes frees the callbacks when the
interpreter finalizes, before C's exit handlers run; the host therefore stops
the library's callbacks from Python's own exit hook, which runs first, and its
observer is destroyed there. Prints the destroy count from that hook."""
import atexit
import ctypes
import sys
import time

import rxmodal
from rxmodal import lib

def stop_callbacks():
    lib.rxm_stop_callbacks()
    print("destroyed at exit:", recorder.destroyed, flush=True)

atexit.register(stop_callbacks)

registry, alert = rxmodal.open_alert("Leaving", [("OK", "default")])
delay = int(sys.argv[1]) if len(sys.argv) > 1 else 30
presenter = rxmodal.scripted_presenter(f'[{{"choose": "OK", "afterMilliseconds": {delay}}}]')
recorder = rxmodal.Recorder()
subscription = rxmodal.subscribe(alert, presenter, None, recorder)
time.sleep(delay / 1000 * 0.9)
print("exiting with a live subscription", flush=True)
