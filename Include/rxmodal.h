/*
** rxmodal.h — the C interface of librxmodal: load the modal kinds (plugins),
** configure a modal, present it on a surface by subscribing with callbacks, and
** dispose of it. Any language with a C FFI can use it.
**
** A modal is presented when it is subscribed and dismissed when the
** subscription is disposed; it reports its result to an rxm_observer as
** on_next* then at most one of on_error / on_completed. These are the same
** contracts as the Swift API (docs/ARCHITECTURE.md), and the same vocabulary as
** the plugin interface: rxm_value, rxm_error, rxm_observer and the RXM_ERR_*
** codes come from rxmodal_plugin.h, included below, so a C plugin and a C host
** speak one language.
**
**     rxm_registry *registry;  rxm_modal *alert;  rxm_presenter *presenter;
**     rxm_subscription *subscription;  rxm_error error;
**     rxm_registry_open(NULL, &registry, &error);
**     rxm_modal_new(registry, "alert", &alert, &error);
**     rxm_modal_call_json(alert, "addAction", "[\"OK\", \"default\"]", &error);
**     rxm_presenter_new_default(&presenter, &error);
**     rxm_modal_subscribe(alert, presenter, NULL, observer, &subscription, &error);
**     rxm_subscription_wait(subscription, -1, &error);
**     rxm_subscription_free(subscription); rxm_presenter_free(presenter);
**     rxm_modal_free(alert); rxm_registry_close(registry);
**
** ERRORS
**   Every function that can fail returns int: RXM_OK (0), or an RXM_ERR_* code
**   (those of rxmodal_plugin.h and the ones below) after filling `error` with
**   the code and a UTF-8 message. `error` may be NULL when the caller does not
**   want the message. Bad input never crashes the library: NULL handles or
**   pointers, unknown kinds or methods, arguments of the wrong type, invalid
**   UTF-8, malformed JSON, disposing twice and using a disposed subscription
**   all return an error code. (What cannot be detected is a pointer that is not
**   NULL but is not a live handle of the right type, such as one already freed:
**   as with free(), that is undefined behaviour.)
**
** OWNERSHIP
**   - A handle (rxm_registry, rxm_modal, rxm_presenter, rxm_loop,
**     rxm_subscription, rxm_document) returned through an out-parameter is owned
**     by the caller, who releases it with its own function: rxm_registry_close,
**     rxm_modal_free, rxm_presenter_free, rxm_loop_free, rxm_subscription_free,
**     rxm_document_free. Each of them accepts NULL and does nothing with it.
**     A handle keeps alive whatever it needs (a modal its registry's plugins, a
**     subscription its modal, presenter and loop), so handles may be released in
**     any order; releasing a subscription also disposes it.
**   - A `char *` returned through an out-parameter is owned by the caller and
**     released with rxm_free(). Nothing else is released with rxm_free().
**   - A `const char *` returned by a function is borrowed: it stays valid as
**     long as the handle it was read from (the function says so).
**   - Everything passed to an observer callback (the value, the error) is
**     borrowed for the duration of the call: copy what you keep (rxm_value_to_json
**     makes an owned copy).
**   - Arguments the caller passes (strings, rxm_value trees) are borrowed for
**     the call only: the library copies what it keeps.
**
** THREADS
**   - Every function may be called from any thread. Handles synchronize
**     themselves; two threads may use one handle at once.
**   - Observer callbacks arrive, for one subscription, one at a time (never
**     overlapping) and in order. Where they arrive depends on the rxm_loop given
**     to rxm_modal_subscribe:
**       * NULL: on a thread of the library (the surface's queue). A callback
**         must not block for long; it may call any function of this header,
**         including rxm_subscription_dispose on its own subscription.
**       * an rxm_loop: only on a thread that calls rxm_loop_dispatch (or
**         rxm_subscription_wait) for that loop. Poll rxm_loop_fd with your event
**         loop (poll, GLib, libuv) and call rxm_loop_dispatch when it is readable.
**   - An error found while subscribing (a failed precondition, a denied
**     authorization, a missing surface) is reported to on_error, not returned by
**     rxm_modal_subscribe; without a loop, that on_error call can happen on the
**     calling thread before rxm_modal_subscribe returns. The subscription handle
**     is stored in *out before any callback can run.
**   - rxm_subscription_dispose: after it returns, no callback of that
**     subscription starts; if one is running on another thread, dispose waits
**     for it to return. Called from inside one of the subscription's own
**     callbacks, it returns at once (the running callback is the last).
**
** VERSIONS
**   RXMODAL_VERSION_* describe the header; rxm_version() and
**   rxm_version_number() the library actually loaded. The plugin ABI the
**   library hosts is rxm_plugin_abi_major()/minor() (RXM_PLUGIN_ABI_* in the
**   plugin header are the ones this header was compiled with).
*/
#ifndef RXMODAL_H
#define RXMODAL_H

#include "rxmodal_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Versions                                                                  */
/* ------------------------------------------------------------------------ */

#define RXMODAL_VERSION_MAJOR 0
#define RXMODAL_VERSION_MINOR 1
#define RXMODAL_VERSION_PATCH 0
#define RXMODAL_VERSION_STRING "0.1.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for comparisons in #if. */
#define RXMODAL_VERSION_NUMBER (RXMODAL_VERSION_MAJOR * 10000 + RXMODAL_VERSION_MINOR * 100 + RXMODAL_VERSION_PATCH)

/* The version of the loaded library: "0.1.0" (static storage). */
const char *rxm_version(void);
/* The same as RXMODAL_VERSION_NUMBER computes it. */
int rxm_version_number(void);
/* The plugin ABI the library hosts: plugins must have this major version. */
uint32_t rxm_plugin_abi_major(void);
uint32_t rxm_plugin_abi_minor(void);

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

/* Codes of the host API, beyond the RXM_ERR_* codes of rxmodal_plugin.h
** (which keep their meaning: RXM_ERR_INVALID_ARGUMENT for a NULL or
** wrongly-typed argument or invalid UTF-8, RXM_ERR_UNSUPPORTED for an unmet
** precondition, RXM_ERR_NO_SURFACE, RXM_ERR_SCRIPT_MISMATCH, …). */
enum {
    RXM_ERR_UNKNOWN_KIND = 32,        /* no registered kind of that name */
    RXM_ERR_UNKNOWN_METHOD = 33,      /* the kind has no method of that name */
    RXM_ERR_DISPOSED = 34,            /* the subscription was already disposed */
    RXM_ERR_PLUGIN_UNAVAILABLE = 35,  /* the kind's plugin could not be used */
    RXM_ERR_INVALID_JSON = 36,        /* text that should be JSON is not */
    RXM_ERR_WRONG_TYPE = 37           /* a value is not of the type asked for */
};

/* The name of a code, "RXM_ERR_UNKNOWN_KIND", or "RXM_ERR_?" for a code it
** does not know (static storage). */
const char *rxm_error_code_name(int code);

/* Releases a string the library returned through a `char **` out-parameter.
** NULL does nothing. */
void rxm_free(void *string);

/* ------------------------------------------------------------------------ */
/* Registry: the modal kinds that could be loaded                            */
/* ------------------------------------------------------------------------ */

typedef struct rxm_registry rxm_registry;

/* Loads the plugins on `search_path`, a colon-separated list of absolute
** directories in which every regular file is tried, or on the standard path
** when it is NULL: $RXMODAL_PLUGIN_PATH; then the plugin folder beside this
** library wherever it is installed (<libdir>/rxmodal/plugins-1, found at run
** time); then /usr/local/lib/rxmodal/plugins-1, /usr/lib/<multiarch>/rxmodal/
** plugins-1 and /usr/lib/rxmodal/plugins-1 (or only
** $RXMODAL_PREFIX/lib/rxmodal/plugins-1 when that is set); in all but the
** first, only files named librxmodal-<kind>.so. Folders and files are opened
** and checked by descriptor: every folder from / down must belong to root or
** the current user and be writable by nobody else (a root-owned sticky folder
** such as /tmp may stand above), and so must each file, which must be a whole
** ELF shared object for this machine. A file or folder that fails is skipped,
** not an error: rxm_registry_skipped_* say which and why, and
** rxm_registry_describe(registry, NULL, …) names every folder searched. The
** first provider of a kind wins. What the registry lists is fixed once it is
** open. */
int rxm_registry_open(const char *search_path, rxm_registry **out, rxm_error *error);
void rxm_registry_close(rxm_registry *registry);

/* The kinds, sorted by name. A name is borrowed from the registry.
** NULL registry: 0 kinds; an index out of range: NULL. */
size_t rxm_registry_kind_count(const rxm_registry *registry);
const char *rxm_registry_kind_name(const rxm_registry *registry, size_t index);

/* A description of `kind` (name, version, summary, source, result, methods
** with their signatures): readable text, or with `as_json` true a JSON object
** {"name", "version", "summary", "source", "result", "hasPrecondition",
** "hasAuthorization", "methods": [{"name", "signature", "arguments", "doc"}]}.
** With `kind` NULL, the whole registry: every kind, every skipped file, and
** every folder searched with why it was on the path and what became of it
** (JSON: {"kinds": […], "skipped": [{"path", "reason"}],
** "searched": [{"path", "source", "outcome"}]}).
** *out is released with rxm_free. */
int rxm_registry_describe(const rxm_registry *registry, const char *kind, bool as_json,
                          char **out, rxm_error *error);

/* The files (or directories) that were skipped, in the order met, and why.
** Both strings are borrowed from the registry; out of range: NULL. */
size_t rxm_registry_skipped_count(const rxm_registry *registry);
const char *rxm_registry_skipped_path(const rxm_registry *registry, size_t index);
const char *rxm_registry_skipped_reason(const rxm_registry *registry, size_t index);

/* ------------------------------------------------------------------------ */
/* Modals: a kind and its configuration                                      */
/* ------------------------------------------------------------------------ */

typedef struct rxm_modal rxm_modal;

/* A modal of kind `kind` with the plugin's default configuration.
** RXM_ERR_UNKNOWN_KIND (the message lists the known kinds) if there is none. */
int rxm_modal_new(rxm_registry *registry, const char *kind, rxm_modal **out, rxm_error *error);
void rxm_modal_free(rxm_modal *modal);

/* The modal's kind name, borrowed from the modal. NULL for a NULL modal. */
const char *rxm_modal_kind(const rxm_modal *modal);

/* Calls the configuration method `method` with `count` arguments, checked
** against the method's signature (see rxm_method in rxmodal_plugin.h:
** 'b' RXM_BOOL, 'i' RXM_INT, 'd' RXM_DOUBLE or RXM_INT, 's' RXM_STRING,
** 'y' RXM_BYTES, 'S' an RXM_ARRAY of RXM_STRING, 'v' any value), through the
** same libffi invoker the Swift API uses. The call runs at once, on a
** configuration kept for checking, so the plugin's own refusal (an unknown
** style, a second cancel action) is returned here; it is also recorded and
** replayed, in order, on the fresh configuration every subscription makes.
** Errors: RXM_ERR_UNKNOWN_METHOD (the message lists the methods),
** RXM_ERR_INVALID_ARGUMENT (count or types, invalid UTF-8), or the plugin's. */
int rxm_modal_call(rxm_modal *modal, const char *method, const rxm_value *arguments, size_t count,
                   rxm_error *error);

/* The same with the arguments as a JSON array: "[\"OK\", \"default\"]".
** (JSON cannot carry bytes: 'y' arguments need rxm_modal_call.) */
int rxm_modal_call_json(rxm_modal *modal, const char *method, const char *arguments_json, rxm_error *error);

/* RXM_OK if the modal can be shown on this system now; RXM_ERR_UNSUPPORTED
** with the plugin's reason if not. Subscribing checks it again. */
int rxm_modal_check_precondition(rxm_modal *modal, rxm_error *error);

/* The kind's authorization status (RXM_AUTHORIZATION_AUTHORIZED for a kind
** that needs none). Subscribing fails with RXM_ERR_AUTHORIZATION_DENIED when
** it is denied or restricted, and asks the user on the surface when it is not
** determined. */
int rxm_modal_authorization_status(rxm_modal *modal, rxm_authorization_status *out, rxm_error *error);

/* ------------------------------------------------------------------------ */
/* Presenters: the surface a modal is shown on                               */
/* ------------------------------------------------------------------------ */

typedef struct rxm_presenter rxm_presenter;

/* The default: the scripted surface of $RXMODAL_SCRIPT when it is set (JSON, or
** @/path/to/file), else the surface $RXMODAL_SURFACE names ("terminal" or
** "desktop"), else the process's controlling terminal (/dev/tty, whatever
** standard input and output are), else the desktop when $WAYLAND_DISPLAY or
** $DISPLAY names a display, else subscribing fails with RXM_ERR_NO_SURFACE.
** Resolved at each subscription. */
int rxm_presenter_new_default(rxm_presenter **out, rxm_error *error);

/* The desktop: GTK 4 windows, drawn by the module rxmodal-surface-gtk.so, loaded
** at the first subscription (so a host that never uses it never maps GTK). A
** subscription fails with RXM_ERR_NO_SURFACE, saying why, when the module is not
** installed, no display can be opened, or the process has GTK 3 loaded. */
int rxm_presenter_new_desktop(rxm_presenter **out, rxm_error *error);

/* The desktop, every window transient for the host's window named by
** `parent_window`, a portal-style handle (copied): "x11:XID" (decimal or 0x
** hexadecimal) or "wayland:HANDLE" (a toplevel exported through xdg-foreign). A
** handle of another kind, or for another display backend, is ignored: the modal
** is shown, only not attached. */
int rxm_presenter_new_desktop_transient_for(const char *parent_window, rxm_presenter **out, rxm_error *error);

/* The terminal: interactive on the controlling terminal (/dev/tty) whenever the
** process has one, whatever standard input and output are; in a process
** without one, line mode, reading standard input and writing to standard error. */
int rxm_presenter_new_terminal(rxm_presenter **out, rxm_error *error);

/* A headless surface that answers each presentation with the next step of a
** script (see SCRIPTS below), recording a transcript. A malformed script is
** refused here (RXM_ERR_INVALID_JSON or RXM_ERR_INVALID_ARGUMENT with the step
** at fault).
**
** SCRIPTS
**   A JSON array of steps, or {"steps": [...]}; presentation n takes step n
**   (counting every presentation on this presenter). A step has one answer:
**     "choose": "Title" or index   the action of a dialog or form with that
**                                  title (or index); a disabled one cannot be
**                                  chosen. With a dialog, "type": ["text", …]
**                                  fills its text fields in order; with a
**                                  form, "fields": {"name": "text" or […]}.
**     "cancel": true               the cancel action of a dialog, form or
**                                  prompt; {"cancelled": true} from a choice.
**     "select": [i, …]             the items of a choice, in order.
**     "opened": true               an openURL presentation: the browser started.
**     "stayOpen": true             no answer: shown until disposed.
**   and optionally "expect": {key: value, …} (each must equal that key of the
**   spec shown, e.g. "title", "style", "primitive"), "afterMilliseconds": n
**   (answer that much later), "comment": "…" (ignored). Any other key is an
**   error. Answers come on the presenter's own thread, never inside
**   rxm_modal_subscribe. A step whose expectation or answer does not fit what
**   is shown, or a presentation past the last step, ends with on_error
**   RXM_ERR_SCRIPT_MISMATCH ("script step n: …"). Example:
**     [{"expect": {"title": "Sign in"}, "type": ["ada@example.org"], "choose": "Sign In"},
**      {"cancel": true}]
**
** TRANSCRIPTS
**   A JSON array, one object per presentation in the order shown, keys sorted:
**     "index"       0, 1, … (never reused, also across takes)
**     "step"        the script step used, from 1 (past the end: none was left)
**     "depth"       presentations still shown when this one was; "parent" the
**                   index of the topmost of them (absent at depth 0)
**     "primitive"   "dialog", "choice", "form", "prompt" or "openURL"
**     "spec"        what was shown (rxmodal_plugin.h, Surfaces)
**     "updates"     the patches applied while shown (rxm_subscription_call)
**     "result"      the answer given, or "error": "script step n: …"
**     "shownAt", "answeredAt", "dismissedAt"   one sequence number per
**                   presenter, counting shows, updates, answers, dismissals
**     "dismissed"   true once dismissed; "dismissals" how many dismiss calls
**                   (1 is right)
**   The text of password fields reads "(hidden)". */
int rxm_presenter_new_scripted(const char *script_json, rxm_presenter **out, rxm_error *error);
int rxm_presenter_new_scripted_file(const char *path, rxm_presenter **out, rxm_error *error);

/* A scripted presenter's transcript so far, as a JSON array (see TRANSCRIPTS
** below). RXM_ERR_INVALID_ARGUMENT for a presenter that is not scripted. */
int rxm_presenter_transcript_json(const rxm_presenter *presenter, char **out, rxm_error *error);

/* The same, after which the presenter forgets the records of presentations
** that have been dismissed, so a long-lived scripted presenter's memory stays
** bounded. A presentation still shown keeps its record, which comes again in
** the next take (with what happened since); "index" keeps counting, so records
** of successive takes never share one. */
int rxm_presenter_take_transcript_json(rxm_presenter *presenter, char **out, rxm_error *error);

void rxm_presenter_free(rxm_presenter *presenter);

/* ------------------------------------------------------------------------ */
/* Loops: callbacks on the host's own thread                                 */
/* ------------------------------------------------------------------------ */

typedef struct rxm_loop rxm_loop;

int rxm_loop_new(rxm_loop **out, rxm_error *error);

/* A file descriptor that is readable (POLLIN) while callbacks are waiting to
** be dispatched. Owned by the loop: do not read, write or close it. -1 for a
** NULL loop. */
int rxm_loop_fd(const rxm_loop *loop);

/* Runs, on the calling thread, every callback waiting on `loop` (never blocks
** for input). Returns the number of callbacks run, or -1 for a NULL loop.
** Callbacks of disposed subscriptions are dropped, not run. Dispatch a loop
** from one thread at a time (the host's loop thread); called from inside one of
** the loop's own callbacks, it runs nothing and returns 0. */
int rxm_loop_dispatch(rxm_loop *loop);

/* Releases the caller's handle. Subscriptions still using the loop keep it
** alive, but their callbacks then reach no one until they are disposed. */
void rxm_loop_free(rxm_loop *loop);

/* ------------------------------------------------------------------------ */
/* Subscriptions: a modal shown                                              */
/* ------------------------------------------------------------------------ */

typedef struct rxm_subscription rxm_subscription;

/* Presents `modal` on `presenter` and reports to `observer` (copied; its
** `context` is passed back to every callback; any callback may be NULL). With a
** `loop`, callbacks run only where that loop is dispatched; with NULL, on a
** library thread (see THREADS). In order, before anything is shown: a fresh
** configuration gets the recorded calls, the precondition and authorization
** are checked; any failure arrives as on_error. A modal may be subscribed any
** number of times, at once or one after another.
** The subscription ends at its terminal callback or when disposed. */
int rxm_modal_subscribe(rxm_modal *modal, rxm_presenter *presenter, rxm_loop *loop,
                        rxm_observer observer, rxm_subscription **out, rxm_error *error);

/* The same, with `destroy`: the host's release of `observer.context`, which the
** library calls exactly once (as SQLite calls xDestroy), when no callback of
** this observer will run again and none is running:
**   - right after the terminal callback (on_error or on_completed) returns, on
**     the thread that ran it;
**   - at rxm_subscription_dispose or rxm_subscription_free of a subscription
**     that has not ended, before it returns — or, when called from inside one
**     of the subscription's own callbacks, right after that callback returns;
**     callbacks still queued on a loop are dropped, not run;
**   - in rxm_stop_callbacks, before it returns;
**   - before this function returns, when it fails (nothing was subscribed):
**     the context is handed back whatever the outcome.
** `destroy` may be NULL (the same as rxm_modal_subscribe). It may call
** functions of this header, but not wait for anything of this subscription.
** rxm_observer is the plugin interface's struct, unchanged, so this is a
** function of its own rather than a new field. */
int rxm_modal_subscribe_with_destroy(rxm_modal *modal, rxm_presenter *presenter, rxm_loop *loop,
                                     rxm_observer observer, void (*destroy)(void *context),
                                     rxm_subscription **out, rxm_error *error);

/* Stops the callbacks of every subscription in the process, as disposing each
** would (see THREADS), without dismissing what is shown: after it returns, no
** observer callback starts, and every destroy function has been called.
** Meant for the end of a process. librxmodal does the first half itself when
** the process calls exit() (callbacks stop; destroy is not called then, nor a
** running callback waited for), so a C host's callbacks never run while its
** own exit handlers tear its state down. A host whose callbacks are freed
** before C's exit handlers run must call it itself, earlier: Python's ctypes
** frees callback functions as the interpreter finalizes, so a Python host
** registers it with atexit.register(lib.rxm_stop_callbacks) (Python's atexit
** handlers run first). Subscriptions made afterwards work as usual. */
void rxm_stop_callbacks(void);

/* Dismisses the modal if it is shown and stops the callbacks (see THREADS for
** the guarantee). Idempotent: a second call changes nothing and returns
** RXM_ERR_DISPOSED, which callers may ignore. Allowed from any thread and from
** inside the subscription's own callbacks. */
int rxm_subscription_dispose(rxm_subscription *subscription, rxm_error *error);

/* Calls a configuration method of the shown modal (for example
** setActionEnabled while an alert is up), queued after anything before it.
** The call is checked at once, as rxm_modal_call checks it: the name
** (RXM_ERR_UNKNOWN_METHOD), the count and types of the arguments
** (RXM_ERR_INVALID_ARGUMENT), and the plugin's own refusal (an action index
** out of range), found by making the call first on a configuration of the
** subscription's own that has had every call the shown one had. A refused call
** returns that error and is not queued. A queued call runs before the modal is
** dismissed or not at all, never after: a call that returned RXM_OK just before
** rxm_subscription_dispose (or the answer that ends the subscription) may
** therefore not reach the shown modal. RXM_ERR_DISPOSED once the subscription
** has ended. */
int rxm_subscription_call(rxm_subscription *subscription, const char *method, const rxm_value *arguments,
                          size_t count, rxm_error *error);

/* Blocks until the subscription has ended (its terminal callback returned, or
** it was disposed), for at most `timeout_ms` milliseconds (-1: no limit).
** With a loop, dispatches that loop on the calling thread while it waits.
** RXM_OK when ended, RXM_ERR_TIMEOUT otherwise. Not from inside a callback of
** the same subscription. */
int rxm_subscription_wait(rxm_subscription *subscription, int timeout_ms, rxm_error *error);

/* True once the subscription has ended (terminal callback returned, or
** disposed); true for NULL. */
bool rxm_subscription_is_ended(const rxm_subscription *subscription);

/* Disposes (if needed) and releases the handle. Allowed from inside the
** subscription's own callbacks. */
void rxm_subscription_free(rxm_subscription *subscription);

/* ------------------------------------------------------------------------ */
/* Values                                                                    */
/* ------------------------------------------------------------------------ */

/* rxm_value (rxmodal_plugin.h) is a transparent struct, readable directly; these
** functions read it with checks. A NULL value reads as RXM_NULL. */
rxm_value_type rxm_value_get_type(const rxm_value *value);

/* RXM_ERR_WRONG_TYPE (saying what the value is) when the type differs;
** rxm_value_get_double also reads an RXM_INT. */
int rxm_value_get_bool(const rxm_value *value, bool *out, rxm_error *error);
int rxm_value_get_int(const rxm_value *value, int64_t *out, rxm_error *error);
int rxm_value_get_double(const rxm_value *value, double *out, rxm_error *error);
/* The string, borrowed from the value (NUL-terminated), and its length in bytes
** (`length` may be NULL). */
int rxm_value_get_string(const rxm_value *value, const char **out, size_t *length, rxm_error *error);

/* Items of an array or members of an object; 0 for any other value. */
size_t rxm_value_count(const rxm_value *value);
/* The item (array) or member value (object) at `index`, borrowed; NULL out of
** range or for other types. */
const rxm_value *rxm_value_at(const rxm_value *value, size_t index);
/* The key of an object's member at `index`, borrowed; NULL otherwise. */
const char *rxm_value_key_at(const rxm_value *value, size_t index);
/* The member called `key` of an object: rxm_value_member() in rxmodal_plugin.h. */

/* The value as compact JSON with sorted keys (bytes as base64; an integer
** without a fraction, a double always with one, so 2.0 and -0.0 read back as
** doubles). Checks the tree first (RXM_ERR_INVALID_ARGUMENT for invalid UTF-8,
** a NULL pointer where data is due, duplicate keys, nesting deeper than
** RXM_VALUE_MAX_DEPTH). *out is released with rxm_free. */
int rxm_value_to_json(const rxm_value *value, char **out, rxm_error *error);

/* Value trees nest at most this deep, everywhere: a document, a 'v' argument,
** rxm_value_to_json. A deeper one is refused with an error naming the limit. */
#define RXM_VALUE_MAX_DEPTH 64

/* An owned value tree parsed from JSON, for arguments ('v') and for tests. A
** number with a fraction or an exponent is a double, one without an integer
** (a double when it does not fit 64 bits); a key given twice in one object,
** or nesting deeper than RXM_VALUE_MAX_DEPTH, is RXM_ERR_INVALID_JSON. */
typedef struct rxm_document rxm_document;
int rxm_document_parse(const char *json, rxm_document **out, rxm_error *error);
/* The root value, borrowed from the document. NULL for a NULL document. */
const rxm_value *rxm_document_root(const rxm_document *document);
void rxm_document_free(rxm_document *document);

#ifdef __cplusplus
}
#endif

#endif /* RXMODAL_H */
