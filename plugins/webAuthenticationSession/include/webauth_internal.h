/*
** webauth_internal.h — the parts of the webAuthenticationSession plugin, shared
** between its files. Every symbol here is hidden: the shared object exports
** rxm_plugin_entry alone.
*/
#ifndef RXM_WEBAUTH_INTERNAL_H
#define RXM_WEBAUTH_INTERNAL_H

#include "rxmodal_plugin.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#if defined(__GNUC__) || defined(__clang__)
#define WA_INTERNAL __attribute__((visibility("hidden")))
#define WA_EXPORT __attribute__((visibility("default")))
#else
#define WA_INTERNAL
#define WA_EXPORT
#endif

/* The largest request (request line and headers) the listener reads. */
#define WA_MAX_REQUEST 8192

/* ---- configuration (webauth.c) ------------------------------------------ */

typedef struct wa_session wa_session;

typedef struct wa_config {
    wa_session *sessions;    /* every session presented from it, newest first */
    char *url;               /* the authorization request URL; NULL: not set */
    char *callback_scheme;   /* "http" (loopback) or a custom scheme */
    char *browser;           /* a command to start the browser with; NULL: the surface's openURL */
    bool ephemeral;
    double timeout;          /* seconds; 0: wait until the user cancels */
} wa_config;

/* ---- URLs (webauth_url.c) ------------------------------------------------ */

/* The decoded value of query parameter `name` in `url` (after '?', before '#'),
** malloc'ed, in *value; returns 1 found, 0 absent, -1 malformed or out of memory. */
WA_INTERNAL int wa_query_value(const char *url, const char *name, char **value);

/* How many query parameters of `url` are named `name` (decoded; with or
** without '='); -1 when a name is malformed or out of memory. */
WA_INTERNAL int wa_query_count(const char *url, const char *name);

/* A loopback redirect URI: http://127.0.0.1[:port]/path, http://[::1][:port]/path
** or http://localhost[:port]/path. */
typedef struct wa_redirect {
    char *path;              /* "/callback"; "/" when none */
} wa_redirect;

/* Parses `uri` as a loopback redirect; RXM_OK or RXM_ERR_INVALID_ARGUMENT with the reason. */
WA_INTERNAL int wa_parse_loopback_redirect(const char *uri, wa_redirect *redirect, rxm_error *error);

/* `url` with its redirect_uri parameter's value replaced by `redirect_uri`
** (percent-encoded); malloc'ed, NULL when out of memory. */
WA_INTERNAL char *wa_replace_redirect_uri(const char *url, const char *redirect_uri);

/* The custom scheme of a URL ("myapp" for "myapp://callback"), checked
** against RFC 3986's scheme grammar. */
WA_INTERNAL bool wa_valid_scheme(const char *scheme);

/* Compares without an early exit, so the time taken does not tell how much of a state matched. */
WA_INTERNAL bool wa_equal_secret(const char *a, const char *b);

/* ---- HTTP requests (webauth_http.c) -------------------------------------- */

typedef enum wa_request_verdict {
    WA_REQUEST_INCOMPLETE = 0,   /* read more */
    WA_REQUEST_CALLBACK,         /* GET on the callback path with the expected state */
    WA_REQUEST_WRONG_STATE,      /* GET on the callback path, state missing or different */
    WA_REQUEST_NOT_FOUND,        /* another path, or not GET */
    WA_REQUEST_MALFORMED,        /* not an HTTP/1.x request line */
    WA_REQUEST_TOO_LARGE,        /* no end of headers within WA_MAX_REQUEST bytes */
    WA_REQUEST_WRONG_HOST,       /* Host missing, repeated, or not the listener's address and port */
    WA_REQUEST_REPEATED          /* the query has more than one state or code */
} wa_request_verdict;

/* Judges the `length` bytes read so far against the callback `path`, `state`
** and the listener's `host` ("127.0.0.1:PORT" or "[::1]:PORT", what the
** redirect URI names); for WA_REQUEST_CALLBACK, *target receives the request
** target (malloc'ed). */
WA_INTERNAL wa_request_verdict wa_judge_request(const char *bytes, size_t length, const char *path,
                                                const char *state, const char *host, char **target);

/* The fixed response for a verdict (never built from the request). */
WA_INTERNAL const char *wa_response(wa_request_verdict verdict);

/* ---- browsers (webauth_browser.c) ---------------------------------------- */

typedef struct wa_browser {
    pid_t pid;               /* 0: none started */
    char *profile;           /* a fresh profile directory we made and must remove; NULL: none */
} wa_browser;

/* The command the plugin starts itself, or NULL when the surface's openURL
** should open the URL: the configured one, else (when an ephemeral session is
** preferred) $BROWSER's first entry when it names a browser that takes a profile. */
WA_INTERNAL const char *wa_browser_command(const wa_config *config);

/* Starts `command` (split on blanks, no shell) with `url`; with a fresh profile
** when `ephemeral` and the browser takes one. RXM_ERR_NO_SURFACE when it cannot start. */
WA_INTERNAL int wa_browser_start(const char *command, const char *url, bool ephemeral,
                                 wa_browser *browser, rxm_error *error);

/* Ends a browser we started with a fresh profile (its whole process group) and
** removes the profile, in the background; leaves others running. Reaps either way. */
WA_INTERNAL void wa_browser_finish(wa_browser *browser);

/* ---- custom schemes (webauth_scheme.c) ------------------------------------ */

/* Whether a desktop entry declares MimeType x-scheme-handler/<scheme>. */
WA_INTERNAL bool wa_scheme_is_routed(const char *scheme);

/* The Unix socket a custom-scheme callback is delivered to:
** $XDG_RUNTIME_DIR/rxmodal-webauth/<scheme>.socket, else
** /tmp/rxmodal-webauth-<uid>/<scheme>.socket, in a directory of mode 0700 owned
** by the user (made when `create`). 0, or -1 when unsafe or too long. */
WA_INTERNAL int wa_scheme_socket_path(const char *scheme, char *path, size_t size, bool create);

/* Listens on that socket; its path in *socket_path (malloc'ed). -1 after filling `error`. */
WA_INTERNAL int wa_bind_scheme_socket(const char *scheme, char **socket_path, rxm_error *error);

/* Judges a delivered line "<url>\n": the callback when the URL before '?' is
** `redirect` and its state is `state`; *target then receives the URL. */
WA_INTERNAL wa_request_verdict wa_judge_scheme_callback(const char *bytes, size_t length, const char *redirect,
                                                        const char *state, char **target);

/* The one-line answer to a delivery. */
WA_INTERNAL const char *wa_scheme_response(wa_request_verdict verdict);

/* ---- sessions (webauth_session.c) ----------------------------------------- */

/* The descriptor's present(). */
WA_INTERNAL rxm_disposable wa_session_present(void *config, const rxm_surface *surface,
                                              rxm_observer observer, rxm_error *error);

/* Disposes and frees every session of `config` (for config_free). */
WA_INTERNAL void wa_sessions_free(wa_config *config);

WA_INTERNAL char *wa_copy(const char *string);

#endif
