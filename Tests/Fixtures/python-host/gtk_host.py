"""A GTK 4 app that presents an alert through librxmodal's desktop presenter while
its own main loop runs: the desktop surface must then draw on the app's loop (GTK
is already initialised in the process) rather than start a GTK thread of its own.
Prints the action chosen and whether a thread named rxmodal-gtk exists."""
import ctypes
import glob
import json
import sys

import gi
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

import rxmodal  # noqa: E402
from rxmodal import lib  # noqa: E402

lib.rxm_presenter_new_desktop.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(rxmodal.Error)]

app = Gtk.Application(application_id="org.rxmodal.GtkHostTest")
state = {}


def thread_names():
    names = []
    for path in glob.glob("/proc/self/task/*/comm"):
        with open(path, encoding="utf-8") as f:
            names.append(f.read().strip())
    return names


def finish_when_ended():
    recorder = state["recorder"]
    if not any(event[0] in ("completed", "error") for event in recorder.events):
        return True   # look again on the next turn of the app's loop
    chosen = [json.loads(event[1]) for event in recorder.events if event[0] == "next"]
    print("chose:", chosen[0]["title"] if chosen else None)
    print("own GTK thread:", "yes" if "rxmodal-gtk" in thread_names() else "no")
    sys.stdout.flush()
    lib.rxm_subscription_free(state["subscription"])
    lib.rxm_presenter_free(state["presenter"])
    lib.rxm_modal_free(state["alert"])
    lib.rxm_registry_close(state["registry"])
    app.quit()
    return False


def on_activate(application):
    window = Gtk.ApplicationWindow(application=application, title="Host window")
    window.present()
    registry, alert = rxmodal.open_alert("Sign in", [("Sign In", "default"), ("Cancel", "cancel")])
    error = rxmodal.Error()
    presenter = ctypes.c_void_p()
    rxmodal.check(lib.rxm_presenter_new_desktop(ctypes.byref(presenter), ctypes.byref(error)), error)
    recorder = rxmodal.Recorder()
    state.update(registry=registry, alert=alert, presenter=presenter, recorder=recorder,
                 subscription=rxmodal.subscribe(alert, presenter, None, recorder))
    GLib.timeout_add(50, finish_when_ended)


app.connect("activate", on_activate)
sys.exit(app.run([]))
