"""A Python host runs the alert flow on a scripted presenter: callbacks on a
library thread, a wait for the end, the transcript, and destroy once."""
import ctypes
import json
import sys

import rxmodal
from rxmodal import lib

registry, alert = rxmodal.open_alert("Sign in", [("Sign In", "default"), ("Cancel", "cancel")])
presenter = rxmodal.scripted_presenter('[{"expect": {"title": "Sign in"}, "choose": "Sign In"}]')
recorder = rxmodal.Recorder()
subscription = rxmodal.subscribe(alert, presenter, None, recorder)
error = rxmodal.Error()
rxmodal.check(lib.rxm_subscription_wait(subscription, 5000, ctypes.byref(error)), error)

transcript = ctypes.c_void_p()
rxmodal.check(lib.rxm_presenter_transcript_json(presenter, ctypes.byref(transcript), ctypes.byref(error)), error)
records = json.loads(rxmodal.take_string(transcript))
lib.rxm_subscription_free(subscription)
lib.rxm_presenter_free(presenter)
lib.rxm_modal_free(alert)
lib.rxm_registry_close(registry)

chosen = json.loads(recorder.events[0][1])
print("events:", [event[0] for event in recorder.events])
print("chose:", chosen["title"])
print("shown:", records[0]["spec"]["title"], "dismissed:", records[0]["dismissed"])
print("destroyed:", recorder.destroyed)
sys.exit(0 if recorder.destroyed == 1 else 1)
