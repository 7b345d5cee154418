/*
** rxmodal_plugin.h — the interface between RxModal and the plugins that provide
** modal kinds (alert, action sheet, mail composer, pickers, web authentication…).
**
** A plugin is a shared object that exports one function, rxm_plugin_entry(),
** returning a static descriptor of one modal kind: its name, its configuration
** methods, its preconditions and how to present it on a surface. The host (the
** RxModal runtime) loads it with dlopen(), checks the ABI version, and calls it
** through the descriptor only. A plugin needs this header and nothing else: it
** links against no RxModal library.
**
** VERSIONING
**   RXM_PLUGIN_ABI_MAJOR changes when a change would break existing plugins; the
**   host refuses a plugin whose major version differs. RXM_PLUGIN_ABI_MINOR grows
**   when fields are appended to the end of a struct; every versioned struct starts
**   with its size as compiled (struct_size), so both sides can tell which fields
**   the other knows. The first three fields of rxm_plugin_descriptor (struct_size,
**   abi_major, abi_minor) keep their place in every future major version, so that
**   any host can read them before trusting the rest.
**
** OWNERSHIP
**   Everything passed across this interface is BORROWED for the duration of the
**   call that passes it, unless a comment says otherwise: strings, rxm_value
**   trees, specs, results. Copy what you need to keep. Strings are UTF-8 and
**   NUL-terminated. Nothing is ever freed by the side that did not allocate it.
**
** THREADS
**   The host calls a descriptor's functions and a configuration's methods
**   serially for one configuration (never two at once), but not always from the
**   same thread. A plugin may call an rxm_observer or rxm_surface function from
**   any thread; the host serializes and polices what it receives (events after a
**   terminal event are dropped, events after disposal are dropped).
**
** ERRORS
**   Functions that can fail return int: RXM_OK (0) on success, or an RXM_ERR_*
**   code, after filling the rxm_error the caller passed (never NULL). Nothing
**   that a user or a caller supplies is allowed to crash a plugin or the host.
*/
#ifndef RXMODAL_PLUGIN_H
#define RXMODAL_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RXM_PLUGIN_ABI_MAJOR 1
#define RXM_PLUGIN_ABI_MINOR 0

/* The one symbol a plugin exports. */
#define RXM_PLUGIN_ENTRY_SYMBOL "rxm_plugin_entry"

/* ------------------------------------------------------------------------ */
/* Errors                                                                    */
/* ------------------------------------------------------------------------ */

enum {
    RXM_OK = 0,
    RXM_ERR_INVALID_ARGUMENT = 1,   /* a value the caller passed is not acceptable */
    RXM_ERR_UNSUPPORTED = 2,        /* a precondition is not met on this system */
    RXM_ERR_AUTHORIZATION_DENIED = 3,
    RXM_ERR_CANCELLED = 4,          /* the user cancelled (where a kind reports it as an error) */
    RXM_ERR_TIMEOUT = 5,
    RXM_ERR_IO = 6,                 /* a file, process or network operation failed */
    RXM_ERR_NO_SURFACE = 7,         /* nothing can show the modal */
    RXM_ERR_INTERNAL = 8,           /* a bug: please report it */
    RXM_ERR_SCRIPT_MISMATCH = 9     /* a scripted surface's script did not match */
};

#define RXM_ERROR_MESSAGE_SIZE 512

/* Caller-allocated; filled by the callee on failure. */
typedef struct rxm_error {
    int32_t code;                            /* an RXM_ERR_* code */
    char message[RXM_ERROR_MESSAGE_SIZE];    /* human-readable, UTF-8, NUL-terminated */
} rxm_error;

/* Fills `error` (if not NULL) with a printf-style message; returns `code`. */
static inline int rxm_error_set(rxm_error *error, int32_t code, const char *format, ...) {
    if (error) {
        va_list arguments;
        va_start(arguments, format);
        error->code = code;
        vsnprintf(error->message, sizeof error->message, format, arguments);
        va_end(arguments);
    }
    return code;
}

/* The same with a fixed message, for callers that cannot pass variable
** arguments (Swift). */
static inline int rxm_error_set_message(rxm_error *error, int32_t code, const char *message) {
    return rxm_error_set(error, code, "%s", message ? message : "");
}

/* ------------------------------------------------------------------------ */
/* Values: a small tree that crosses the boundary in both directions        */
/* ------------------------------------------------------------------------ */

/* A value is a transparent struct, so a plugin can build one on its stack:
**
**     rxm_member members[] = {
**         { "action", rxm_int(1) },
**         { "title",  rxm_string("Sign In") },
**     };
**     rxm_value result = rxm_object(members, 2);
**     observer->on_next(observer->context, &result);
**
** Every pointer inside a value is borrowed (see OWNERSHIP). Its JSON form is the
** obvious one; bytes are written as base64 strings. Object keys are unique. */
typedef enum rxm_value_type {
    RXM_NULL = 0,
    RXM_BOOL = 1,
    RXM_INT = 2,        /* int64_t */
    RXM_DOUBLE = 3,
    RXM_STRING = 4,     /* UTF-8, with an explicit length; NUL-terminated as well */
    RXM_BYTES = 5,
    RXM_ARRAY = 6,
    RXM_OBJECT = 7
} rxm_value_type;

typedef struct rxm_value rxm_value;
typedef struct rxm_member rxm_member;

struct rxm_value {
    rxm_value_type type;
    union {
        bool boolean;
        int64_t integer;
        double number;
        struct { const char *utf8; size_t length; } string;
        struct { const uint8_t *data; size_t length; } bytes;
        struct { const rxm_value *items; size_t count; } array;
        struct { const rxm_member *members; size_t count; } object;
    } as;
};

struct rxm_member {
    const char *key;     /* UTF-8, NUL-terminated */
    rxm_value value;
};

static inline rxm_value rxm_null(void) { rxm_value v; v.type = RXM_NULL; v.as.integer = 0; return v; }
static inline rxm_value rxm_bool(bool b) { rxm_value v; v.type = RXM_BOOL; v.as.boolean = b; return v; }
static inline rxm_value rxm_int(int64_t i) { rxm_value v; v.type = RXM_INT; v.as.integer = i; return v; }
static inline rxm_value rxm_double(double d) { rxm_value v; v.type = RXM_DOUBLE; v.as.number = d; return v; }
static inline rxm_value rxm_string_n(const char *s, size_t n) { rxm_value v; v.type = RXM_STRING; v.as.string.utf8 = s; v.as.string.length = n; return v; }
static inline rxm_value rxm_string(const char *s) { size_t n = 0; while (s && s[n]) n++; return rxm_string_n(s ? s : "", n); }
static inline rxm_value rxm_bytes(const uint8_t *d, size_t n) { rxm_value v; v.type = RXM_BYTES; v.as.bytes.data = d; v.as.bytes.length = n; return v; }
static inline rxm_value rxm_array(const rxm_value *items, size_t n) { rxm_value v; v.type = RXM_ARRAY; v.as.array.items = items; v.as.array.count = n; return v; }
static inline rxm_value rxm_object(const rxm_member *members, size_t n) { rxm_value v; v.type = RXM_OBJECT; v.as.object.members = members; v.as.object.count = n; return v; }

/* The member named `key` of an object, or NULL (also when `value` is not an object). */
static inline const rxm_value *rxm_value_member(const rxm_value *value, const char *key) {
    size_t i, j;
    if (!value || value->type != RXM_OBJECT || !key) return NULL;
    for (i = 0; i < value->as.object.count; i++) {
        const char *candidate = value->as.object.members[i].key;
        if (!candidate) continue;
        for (j = 0; candidate[j] && candidate[j] == key[j]; j++) {}
        if (candidate[j] == key[j]) return &value->as.object.members[i].value;
    }
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Observers and disposables: the same vocabulary as the C host API         */
/* ------------------------------------------------------------------------ */

/* Receives a modal's result: on_next* then at most one of on_error/on_completed.
** The value and the error are borrowed for the call. Calls must not overlap;
** the host drops anything that arrives after a terminal call. Once the
** presentation's disposable has been disposed, the observer's context may be
** gone: no call may start after dispose returns. The host may dispose from
** inside an observer call (a subscriber that wants one value), so a plugin that
** calls on_completed after on_next checks, in between, that it was not disposed. */
typedef struct rxm_observer {
    void *context;
    void (*on_next)(void *context, const rxm_value *value);
    void (*on_error)(void *context, const rxm_error *error);
    void (*on_completed)(void *context);
} rxm_observer;

/* Ends something: calling dispose(context) more than once is allowed and does
** nothing after the first; it may be called from any thread, including from
** inside an observer callback. An all-NULL disposable does nothing. */
typedef struct rxm_disposable {
    void *context;
    void (*dispose)(void *context);
} rxm_disposable;

/* ------------------------------------------------------------------------ */
/* Surfaces: where a plugin draws                                            */
/* ------------------------------------------------------------------------ */

/* A surface shows one of these primitives, each described by a spec value (an
** object) and answering with a result value (an object), asynchronously. The
** host provides terminal and scripted surfaces; others may follow.
**
** "dialog"   spec: { "primitive": "dialog", "style": "alert"|"actionSheet",
**                    "title"?: s, "message"?: s,
**                    "textFields"?: [ { "kind": "plain"|"email"|"password"|"phone",
**                                       "placeholder"?: s, "text"?: s } ],
**                    "actions": [ { "title": s, "style": "default"|"cancel"|"destructive",
**                                   "enabled"?: b (true), "preferred"?: b (false) } ] }
**            result: { "action": i (index into actions), "textFields": [s] }
**            A user who dismisses the dialog (Esc) chooses its cancel action; a
**            dialog without one cannot be dismissed that way.
** "choice"   spec: { "primitive": "choice", "title"?: s, "prompt"?: s,
**                    "items": [ { "title": s, "subtitle"?: s, "detail"?: s,
**                                 "thumbnail"?: s (an image file a surface may show;
**                                 the desktop then shows a grid of pictures) } ],
**                    "multiple"?: b (false), "limit"?: i (0 = no limit) }
**            result: { "selected": [i] (in the order chosen) } or { "cancelled": true }
** "form"     spec: { "primitive": "form", "title"?: s,
**                    "fields": [ { "name": s, "label": s,
**                                  "kind": "line"|"text"|"addresses"|"readOnly"|"attachments",
**                                  "value"?: s or [s],
**                                  "error"?: s (what is wrong with it, shown at the field) } ],
**                    "actions": [ as for "dialog" ] }
**            result: { "action": i, "fields": { name: s or [s] } }
** "openURL"  spec: { "primitive": "openURL", "url": s, "browser"?: s (a command),
**                    "ephemeral"?: b }
**            result: { "opened": true, "via"?: "command"|"portal"|"desktop" } once the
**            browser was started (the desktop surface says which way: the browser
**            command, the OpenURI portal, or the desktop's handler through GIO).
** "prompt"   spec: { "primitive": "prompt", "title": s, "message"?: s,
**                    "actions": [ as for "dialog" ] }
**            result: { "action": i }   (informational and authorization prompts)
** "progress" spec: { "primitive": "progress", "title"?: s, "message"?: s }
**            result: { "cancelled": true } when the user gives up (Esc).
**            Shown while a plugin works (a picker's scan), updated with a new
**            "message" as it goes, and dismissed by the plugin when done.
**            Optional: a surface may refuse it from show() (the scripted
**            surface and the terminal's line mode do, as do hosts older than
**            it), and the plugin then works without it.
** "files"    spec: { "primitive": "files", "title"?: s, "multiple"?: b (false),
**                    "mimeTypes"?: [s] (offered as one filter), "filterName"?: s,
**                    "acceptLabel"?: s }
**            result: { "paths": [s] } (absolute, in the chooser's order) or
**                    { "cancelled": true }
**            The desktop's own file chooser: the desktop surface shows it through
**            xdg-desktop-portal's FileChooser, which also works inside a Flatpak or
**            Snap sandbox. Optional: the terminal refuses it, as does the desktop
**            surface in a session without that portal.
** "composeEmail" spec: { "primitive": "composeEmail", "to"?: [s], "cc"?: [s],
**                    "bcc"?: [s], "subject"?: s, "body"?: s,
**                    "attachments"?: [s] (absolute paths) }
**            result: { "handedOff": true } once the user's mail client has the
**                    message (it is sent, or not, from there), or { "cancelled": true }
**            The desktop surface hands it over through xdg-desktop-portal's Email
**            portal. Optional, as "files".
**
** While shown, update() changes a presentation with a patch object of the same
** keys as its spec (for example a new "actions" array to change which are
** enabled, or a new "title"); keys it does not know are ignored.
**
** Timing rules every surface keeps, and plugins may rely on:
**   - no callback starts before show() has returned;
**   - dismiss() called from another thread waits for a callback that is running to
**     return; called from inside that callback, it returns at once;
**   - no callback starts after dismiss() has returned. */
typedef struct rxm_presentation rxm_presentation;   /* opaque, owned by the surface */

typedef struct rxm_presentation_callbacks {
    void *context;
    /* The user answered. Called at most once, from any thread. */
    void (*on_result)(void *context, const rxm_value *result);
    /* The surface could not show or keep showing the primitive. At most once. */
    void (*on_error)(void *context, const rxm_error *error);
} rxm_presentation_callbacks;

typedef struct rxm_surface {
    uint32_t struct_size;     /* sizeof(rxm_surface) as compiled by the host */
    void *context;
    /* A short name: "terminal", "scripted", … */
    const char *name;
    /* Shows a primitive. Returns a presentation, or NULL after filling `error`.
    ** Exactly one of the callbacks will be called later, unless the presentation
    ** is dismissed first. */
    rxm_presentation *(*show)(void *context, const rxm_value *spec,
                              rxm_presentation_callbacks callbacks, rxm_error *error);
    /* Changes a presentation while it is shown (see above). */
    int (*update)(void *context, rxm_presentation *presentation,
                  const rxm_value *patch, rxm_error *error);
    /* Takes a presentation down and frees it. No callback starts after it
    ** returns. Call it exactly once per presentation, answered or not. */
    void (*dismiss)(void *context, rxm_presentation *presentation);
} rxm_surface;

/* ------------------------------------------------------------------------ */
/* The descriptor of a modal kind                                            */
/* ------------------------------------------------------------------------ */

/* A configuration method, called by the host through libffi from its signature.
**
** Every method has the C shape
**     int method(void *config, <arguments…>, rxm_error *error);
** and its signature lists the arguments between config and error, one code each:
**     'b'  bool
**     'i'  int64_t
**     'd'  double
**     's'  const char *               (UTF-8, NUL-terminated, never NULL)
**     'y'  const uint8_t *, size_t    (bytes: two C arguments)
**     'S'  const char *const *, size_t (an array of strings: two C arguments)
**     'v'  const rxm_value *          (any value tree)
** For example setMessageBody(body, isHTML) is "sb", addAttachmentData is "yss".
** The host checks every argument against the signature before the call, so a
** method receives only well-typed, valid UTF-8 arguments. The pointers of 'y'
** and 'S' are never NULL, even when their length is 0. */
typedef struct rxm_method {
    const char *name;            /* "setSubject" */
    const char *signature;       /* "s" */
    void (*function)(void);      /* cast to the real type; called through libffi */
    const char *argument_names;  /* comma-separated, for help and describe: "subject" */
    const char *doc;             /* one line */
} rxm_method;

typedef enum rxm_authorization_status {
    RXM_AUTHORIZATION_NOT_DETERMINED = 0,
    RXM_AUTHORIZATION_DENIED = 1,
    RXM_AUTHORIZATION_RESTRICTED = 2,
    RXM_AUTHORIZATION_AUTHORIZED = 3
} rxm_authorization_status;

typedef struct rxm_authorization_callback {
    void *context;
    void (*on_status)(void *context, rxm_authorization_status status);
} rxm_authorization_callback;

typedef struct rxm_plugin_descriptor {
    uint32_t struct_size;     /* sizeof(rxm_plugin_descriptor) as compiled */
    uint32_t abi_major;       /* RXM_PLUGIN_ABI_MAJOR */
    uint32_t abi_minor;       /* RXM_PLUGIN_ABI_MINOR */
    const char *kind;         /* unique name: "alert", "mailComposer"; [A-Za-z0-9_.-]+ */
    const char *version;      /* the plugin's own version: "1.0.0" */
    const char *summary;      /* one line */
    /* What the modal emits, for describe and help: a line of prose or a
    ** JSON-like sketch of the result values. */
    const char *result_description;

    /* A fresh configuration with defaults, or NULL after filling `error`. */
    void *(*config_new)(rxm_error *error);
    void (*config_free)(void *config);

    const rxm_method *methods;
    size_t method_count;

    /* RXM_OK when the modal can be shown on this system, else RXM_ERR_UNSUPPORTED
    ** with the reason (no sendmail, no browser, …). NULL: always possible. */
    int (*precondition)(const void *config, rxm_error *error);

    /* Optional (both NULL when the kind needs no authorization). The request asks
    ** the user on `surface` and answers once through `callback`. */
    rxm_authorization_status (*authorization_status)(const void *config);
    rxm_disposable (*request_authorization)(const void *config, const rxm_surface *surface,
                                            rxm_authorization_callback callback);

    /* Shows the modal for `config` on `surface` and reports to `observer`.
    ** `config` and `surface` stay valid until the returned disposable is disposed,
    ** which the host always does exactly once, after a terminal event or to cancel,
    ** so the plugin may free the presentation's state inside that call; disposing
    ** must take down whatever is still shown. Dispose may wait for an observer call
    ** in progress on another thread: the host never disposes while holding a lock
    ** that its observer callbacks take. Fills `error` and returns an all-NULL
    ** disposable if it cannot start (the host then reports the error). */
    rxm_disposable (*present)(void *config, const rxm_surface *surface,
                              rxm_observer observer, rxm_error *error);
} rxm_plugin_descriptor;

/* The entry point every plugin exports, with C linkage and default visibility.
** It must return a pointer to a descriptor with static storage duration (or
** NULL if the plugin cannot work with a host of this ABI); it must not block or
** start threads. A plugin defines it as
**
**     RXM_PLUGIN_EXPORT const rxm_plugin_descriptor *
**     rxm_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) { … }
*/
typedef const rxm_plugin_descriptor *(*rxm_plugin_entry_function)(uint32_t host_abi_major,
                                                                  uint32_t host_abi_minor);

#if defined(__GNUC__) || defined(__clang__)
#define RXM_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define RXM_PLUGIN_EXPORT
#endif

#ifdef __cplusplus
}
#endif

#endif /* RXMODAL_PLUGIN_H */
