/*
** The desktop surface's client of xdg-desktop-portal (org.freedesktop.portal.Desktop
** on the session bus), through GDBus: the request/response protocol every portal
** method shares, for the FileChooser, Email and OpenURI portals.
**
** Internal to rxmodal-surface-gtk.so. Every function runs on the GTK thread (the
** thread that runs the default GMainContext): the reply and the Response signal
** are delivered there, and nothing here takes a lock.
*/
#ifndef RXMODAL_SURFACE_PORTAL_H
#define RXMODAL_SURFACE_PORTAL_H

#include <gio/gio.h>

/* The portal's answer: response 0 (success, `results` its a{sv}), 1 (the user
** cancelled) or 2 (ended otherwise); or, when the call itself failed, response 2
** with `results` NULL and `failure` saying why. Called at most once, never after
** portal_request_cancel(). `results` and `failure` are borrowed. */
typedef void (*portal_answer)(void *context, guint32 response, GVariant *results, const char *failure);

typedef struct portal_request portal_request;

/* The version of a portal interface ("org.freedesktop.portal.FileChooser") the
** session offers, or 0 when there is none (no bus, no xdg-desktop-portal, or a
** backend without that interface), with `why` (if not NULL) set to a
** newly allocated reason. Asked once per interface and remembered: starting the
** portal service may take a moment, but only the first time. */
guint32 portal_version(const char *interface, char **why);

/* Calls `method` of the portal `interface` with the arguments
** (parent_window, [text_argument,] options): `text_argument` is the title of a
** file chooser or the URI to open, NULL for methods without one (ComposeEmail).
** `options` (a floating or owned a{sv}) gets a handle_token added; `fds` carries
** the file descriptors an "ah" option refers to. Returns the request, whose
** answer comes later from the loop. */
portal_request *portal_request_start(const char *interface, const char *method, const char *parent_window,
                                     const char *text_argument, GVariantBuilder *options, GUnixFDList *fds,
                                     portal_answer answer, void *context);

/* Ends the request: no answer after this; an open portal dialog is closed
** (org.freedesktop.portal.Request.Close). Frees the request. */
void portal_request_cancel(portal_request *request);

/* Ends a request that has answered. Frees it. */
void portal_request_free(portal_request *request);

#endif
