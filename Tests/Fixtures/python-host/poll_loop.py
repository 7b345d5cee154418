"""A Python host with its own poll loop: callbacks queued on an rxm_loop run
only on this thread, when the loop's descriptor is readable and dispatched."""
import ctypes
import select
import threading

import rxmodal
from rxmodal import lib

registry, alert = rxmodal.open_alert("Message", [("Archive", "default"), ("Cancel", "cancel")])
presenter = rxmodal.scripted_presenter('[{"choose": "Archive", "afterMilliseconds": 50}]')
loop = ctypes.c_void_p()
error = rxmodal.Error()
rxmodal.check(lib.rxm_loop_new(ctypes.byref(loop), ctypes.byref(error)), error)

threads = set()
recorder = rxmodal.Recorder()
original_next = recorder._next
def next_on_thread(context, value):
    threads.add(threading.get_ident())
    original_next(context, value)
recorder._next = next_on_thread
recorder.callbacks = (rxmodal.ON_NEXT(recorder._next),) + recorder.callbacks[1:]

subscription = rxmodal.subscribe(alert, presenter, loop, recorder)
poller = select.poll()
poller.register(lib.rxm_loop_fd(loop), select.POLLIN)
ticks = 0
while not recorder.events or recorder.events[-1][0] not in ("completed", "error"):
    if not poller.poll(10):
        ticks += 1
        if ticks > 1000:
            break
        continue
    lib.rxm_loop_dispatch(loop)

lib.rxm_subscription_free(subscription)
lib.rxm_loop_free(loop)
lib.rxm_presenter_free(presenter)
lib.rxm_modal_free(alert)
lib.rxm_registry_close(registry)
print("events:", [event[0] for event in recorder.events])
print("callbacks on the host thread:", "yes" if threads == {threading.get_ident()} else "no")
print("host ticks while waiting:", "some" if ticks > 0 else "none")
print("destroyed:", recorder.destroyed)
