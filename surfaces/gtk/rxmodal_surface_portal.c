/*
** The desktop surface's portal client: see rxmodal_surface_portal.h.
**
** The protocol (xdg-desktop-portal's "Request" interface): a method returns the
** object path of a request at once, and the outcome comes later as that
** object's Response signal. The path is predictable from the caller's unique
** bus name and the handle_token option, so the signal is subscribed to before
** the call (an answer that comes fast is not missed); an older portal that
** returns another path gets a second subscription to that one.
*/
#define _POSIX_C_SOURCE 200809L   /* getpid(2) under -std=c11 */
#include "rxmodal_surface_portal.h"

#include <gio/gunixfdlist.h>
#include <string.h>
#include <unistd.h>

#define PORTAL_BUS_NAME "org.freedesktop.portal.Desktop"
#define PORTAL_OBJECT_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_REQUEST_INTERFACE "org.freedesktop.portal.Request"
/* How long asking for a portal's version may take: the first call starts the
** service (and its backend) through D-Bus activation. */
#define PORTAL_VERSION_TIMEOUT_MS 10000

struct portal_request {
    gint refs;                 /* the owner's, and the method call's while in flight */
    gboolean ended;            /* answered or cancelled: no answer from now on */
    GDBusConnection *bus;
    char *handle;              /* the request's object path */
    guint subscription;        /* its Response signal, or 0 */
    portal_answer answer;
    void *context;
};

static GDBusConnection *session_bus(GError **error) {
    static GDBusConnection *bus;   /* the GTK thread's, for the life of the process */
    if (!bus) bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, error);
    return bus;
}

guint32 portal_version(const char *interface, char **why) {
    static GHashTable *known;      /* interface -> version + 1 (0 is "not asked") */
    static GHashTable *reasons;    /* interface -> why there is none */
    if (!known) {
        known = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
        reasons = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    }
    gpointer remembered = g_hash_table_lookup(known, interface);
    if (!remembered) {
        GError *failure = NULL;
        guint32 version = 0;
        GDBusConnection *bus = session_bus(&failure);
        GVariant *reply = bus ? g_dbus_connection_call_sync(bus, PORTAL_BUS_NAME, PORTAL_OBJECT_PATH,
                                    "org.freedesktop.DBus.Properties", "Get", g_variant_new("(ss)", interface, "version"),
                                    G_VARIANT_TYPE("(v)"), G_DBUS_CALL_FLAGS_NONE, PORTAL_VERSION_TIMEOUT_MS, NULL, &failure)
                              : NULL;
        if (reply) {
            GVariant *boxed = NULL;
            g_variant_get(reply, "(v)", &boxed);
            if (g_variant_is_of_type(boxed, G_VARIANT_TYPE_UINT32)) version = g_variant_get_uint32(boxed);
            g_variant_unref(boxed);
            g_variant_unref(reply);
        }
        if (version == 0) {
            if (failure) g_dbus_error_strip_remote_error(failure);
            char *reason = failure ? g_strdup(failure->message) : g_strdup("the portal reports no version");
            g_hash_table_replace(reasons, g_strdup(interface), reason);
        }
        if (failure) g_error_free(failure);
        remembered = GUINT_TO_POINTER(version + 1);
        g_hash_table_replace(known, g_strdup(interface), remembered);
    }
    guint32 version = GPOINTER_TO_UINT(remembered) - 1;
    if (why) *why = version ? NULL : g_strdup(g_hash_table_lookup(reasons, interface));
    return version;
}

static void unref_request(portal_request *request) {
    if (--request->refs > 0) return;
    if (request->subscription) g_dbus_connection_signal_unsubscribe(request->bus, request->subscription);
    g_free(request->handle);
    g_free(request);
}

static void finish(portal_request *request, guint32 response, GVariant *results, const char *failure) {
    if (request->ended) return;
    request->ended = TRUE;
    if (request->subscription) {
        g_dbus_connection_signal_unsubscribe(request->bus, request->subscription);
        request->subscription = 0;
    }
    request->answer(request->context, response, results, failure);
}

static void on_response(GDBusConnection *bus, const char *sender, const char *path, const char *interface,
                        const char *signal, GVariant *parameters, gpointer pointer) {
    (void)bus; (void)sender; (void)path; (void)interface; (void)signal;
    portal_request *request = pointer;
    if (!g_variant_is_of_type(parameters, G_VARIANT_TYPE("(ua{sv})"))) return;
    guint32 response = 2;
    GVariant *results = NULL;
    g_variant_get(parameters, "(u@a{sv})", &response, &results);
    finish(request, response, results, NULL);
    g_variant_unref(results);
}

static void subscribe(portal_request *request, const char *handle) {
    if (request->subscription) g_dbus_connection_signal_unsubscribe(request->bus, request->subscription);
    g_free(request->handle);
    request->handle = g_strdup(handle);
    request->subscription = g_dbus_connection_signal_subscribe(request->bus, PORTAL_BUS_NAME, PORTAL_REQUEST_INTERFACE,
                                                               "Response", handle, NULL, G_DBUS_SIGNAL_FLAGS_NO_MATCH_RULE,
                                                               on_response, request, NULL);
}

static void close_on_bus(portal_request *request) {
    if (!request->handle) return;
    g_dbus_connection_call(request->bus, PORTAL_BUS_NAME, request->handle, PORTAL_REQUEST_INTERFACE, "Close",
                           NULL, NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL, NULL);
}

static void on_method_returned(GObject *source, GAsyncResult *result, gpointer pointer) {
    portal_request *request = pointer;
    GError *failure = NULL;
    GVariant *reply = g_dbus_connection_call_with_unix_fd_list_finish(G_DBUS_CONNECTION(source), NULL, result, &failure);
    if (reply) {
        const char *handle = NULL;
        g_variant_get(reply, "(&o)", &handle);
        if (request->ended) {
            /* Cancelled while the call was on its way: close what it opened. */
            g_free(request->handle);
            request->handle = g_strdup(handle);
            close_on_bus(request);
        } else if (g_strcmp0(handle, request->handle) != 0) {
            subscribe(request, handle);
        }
        g_variant_unref(reply);
    } else {
        g_dbus_error_strip_remote_error(failure);
        finish(request, 2, NULL, failure->message);
        g_error_free(failure);
    }
    unref_request(request);
}

/* ":1.42" -> "1_42", as the portal spells the sender in a request's path. */
static char *request_path(GDBusConnection *bus, const char *token) {
    char *sender = g_strdup(g_dbus_connection_get_unique_name(bus) + 1);
    for (char *c = sender; *c; c++) if (*c == '.') *c = '_';
    char *path = g_strdup_printf(PORTAL_OBJECT_PATH "/request/%s/%s", sender, token);
    g_free(sender);
    return path;
}

portal_request *portal_request_start(const char *interface, const char *method, const char *parent_window,
                                     const char *text_argument, GVariantBuilder *options, GUnixFDList *fds,
                                     portal_answer answer, void *context) {
    static guint counter;
    portal_request *request = g_new0(portal_request, 1);
    request->refs = 2;   /* the owner's and the call's */
    request->answer = answer;
    request->context = context;
    GError *failure = NULL;
    request->bus = session_bus(&failure);
    if (!request->bus) {
        /* Answered from the loop, as any other outcome. */
        request->refs = 1;
        g_variant_unref(g_variant_ref_sink(g_variant_builder_end(options)));
        finish(request, 2, NULL, failure ? failure->message : "no session bus");
        if (failure) g_error_free(failure);
        return request;
    }
    char *token = g_strdup_printf("rxmodal%u_%u", (unsigned)getpid(), ++counter);
    char *path = request_path(request->bus, token);
    subscribe(request, path);
    g_variant_builder_add(options, "{sv}", "handle_token", g_variant_new_string(token));
    GVariant *parameters = text_argument
        ? g_variant_new("(ssa{sv})", parent_window ? parent_window : "", text_argument, options)
        : g_variant_new("(sa{sv})", parent_window ? parent_window : "", options);
    g_dbus_connection_call_with_unix_fd_list(request->bus, PORTAL_BUS_NAME, PORTAL_OBJECT_PATH, interface, method,
                                             parameters, G_VARIANT_TYPE("(o)"), G_DBUS_CALL_FLAGS_NONE, -1, fds, NULL,
                                             on_method_returned, request);
    g_free(path);
    g_free(token);
    return request;
}

void portal_request_cancel(portal_request *request) {
    if (!request) return;
    if (!request->ended) {
        request->ended = TRUE;
        if (request->subscription) {
            g_dbus_connection_signal_unsubscribe(request->bus, request->subscription);
            request->subscription = 0;
        }
        /* While the call is in flight the path may still change: the reply closes it. */
        if (request->refs == 1) close_on_bus(request);
    }
    unref_request(request);
}

void portal_request_free(portal_request *request) {
    if (request) unref_request(request);
}
