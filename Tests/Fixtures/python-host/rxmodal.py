"""rxmodal.py — the part of librxmodal's C interface (rxmodal.h) that the
Python host tests use, through ctypes and nothing else. The library is the one
named by $RXMODAL_LIB (the tests pass the build's own)."""
import ctypes
import os

lib = ctypes.CDLL(os.environ["RXMODAL_LIB"])


class Error(ctypes.Structure):
    # rxm_error: int code, char message[RXM_ERROR_MESSAGE_SIZE]
    _fields_ = [("code", ctypes.c_int), ("message", ctypes.c_char * 512)]


class Value(ctypes.Structure):
    pass  # read only through the library's functions, by pointer


ON_NEXT = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(Value))
ON_ERROR = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(Error))
ON_COMPLETED = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
DESTROY = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class Observer(ctypes.Structure):
    _fields_ = [("context", ctypes.c_void_p), ("on_next", ON_NEXT),
                ("on_error", ON_ERROR), ("on_completed", ON_COMPLETED)]


handle = ctypes.c_void_p
out_handle = ctypes.POINTER(ctypes.c_void_p)
error_pointer = ctypes.POINTER(Error)
for name, arguments in {
    "rxm_registry_open": [ctypes.c_char_p, out_handle, error_pointer],
    "rxm_modal_new": [handle, ctypes.c_char_p, out_handle, error_pointer],
    "rxm_modal_call_json": [handle, ctypes.c_char_p, ctypes.c_char_p, error_pointer],
    "rxm_presenter_new_scripted": [ctypes.c_char_p, out_handle, error_pointer],
    "rxm_presenter_transcript_json": [handle, ctypes.POINTER(ctypes.c_void_p), error_pointer],
    "rxm_loop_new": [out_handle, error_pointer],
    "rxm_modal_subscribe_with_destroy": [handle, handle, handle, Observer, DESTROY, out_handle, error_pointer],
    "rxm_subscription_wait": [handle, ctypes.c_int, error_pointer],
    "rxm_value_to_json": [ctypes.POINTER(Value), ctypes.POINTER(ctypes.c_void_p), error_pointer],
}.items():
    getattr(lib, name).argtypes = arguments
    getattr(lib, name).restype = ctypes.c_int
for name in ["rxm_registry_close", "rxm_modal_free", "rxm_presenter_free", "rxm_loop_free",
             "rxm_subscription_free", "rxm_free"]:
    getattr(lib, name).argtypes = [handle]
    getattr(lib, name).restype = None
lib.rxm_loop_fd.argtypes = [handle]
lib.rxm_loop_fd.restype = ctypes.c_int
lib.rxm_loop_dispatch.argtypes = [handle]
lib.rxm_loop_dispatch.restype = ctypes.c_int
lib.rxm_stop_callbacks.argtypes = []
lib.rxm_stop_callbacks.restype = None


class RxModalError(Exception):
    pass


def check(code, error):
    if code != 0:
        raise RxModalError(f"{code}: {error.message.decode()}")


def take_string(pointer):
    """A char * the library returned, as str, released with rxm_free."""
    try:
        return ctypes.string_at(pointer.value).decode()
    finally:
        lib.rxm_free(pointer)


def to_json(value_pointer):
    out = ctypes.c_void_p()
    error = Error()
    check(lib.rxm_value_to_json(value_pointer, ctypes.byref(out), ctypes.byref(error)), error)
    return take_string(out)


def open_alert(title, actions):
    """A registry and an alert modal configured with `title` and `actions`."""
    error = Error()
    registry, modal = ctypes.c_void_p(), ctypes.c_void_p()
    check(lib.rxm_registry_open(None, ctypes.byref(registry), ctypes.byref(error)), error)
    check(lib.rxm_modal_new(registry, b"alert", ctypes.byref(modal), ctypes.byref(error)), error)
    check(lib.rxm_modal_call_json(modal, b"setTitle", f'["{title}"]'.encode(), ctypes.byref(error)), error)
    for action, style in actions:
        check(lib.rxm_modal_call_json(modal, b"addAction", f'["{action}", "{style}"]'.encode(), ctypes.byref(error)), error)
    return registry, modal


def scripted_presenter(script):
    error = Error()
    presenter = ctypes.c_void_p()
    check(lib.rxm_presenter_new_scripted(script.encode(), ctypes.byref(presenter), ctypes.byref(error)), error)
    return presenter


class Recorder:
    """An observer whose callbacks record what they receive, and the ctypes
    function objects that must outlive every call of them: they are released
    in destroy, the library's promise that no callback comes after it."""

    live = {}  # id -> Recorder, kept until destroy

    def __init__(self):
        self.events = []
        self.destroyed = 0
        self.key = id(self)
        self.callbacks = (ON_NEXT(self._next), ON_ERROR(self._error), ON_COMPLETED(self._completed))
        Recorder.live[self.key] = self

    def observer(self):
        return Observer(self.key, *self.callbacks)

    def _next(self, context, value):
        self.events.append(("next", to_json(value)))

    def _error(self, context, error):
        self.events.append(("error", error.contents.code))

    def _completed(self, context):
        self.events.append(("completed",))

    @staticmethod
    def _destroy(context):
        recorder = Recorder.live.pop(context)
        recorder.destroyed += 1


DESTROY_RECORDER = DESTROY(Recorder._destroy)


def subscribe(modal, presenter, loop, recorder):
    error = Error()
    subscription = ctypes.c_void_p()
    check(lib.rxm_modal_subscribe_with_destroy(modal, presenter, loop, recorder.observer(), DESTROY_RECORDER,
                                               ctypes.byref(subscription), ctypes.byref(error)), error)
    return subscription
