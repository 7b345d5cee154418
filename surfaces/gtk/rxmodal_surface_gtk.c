/*
** librxmodal-surface-gtk: the desktop surface, real GTK 4 windows for the surface
** primitives of rxmodal_plugin.h.
**
** Loaded at run time by the modal runtime (dlopen), so that the core and
** librxmodal keep no GTK dependency. The one entry point is
** rxm_surface_gtk_open() below.
**
** Threads. GTK is used from one thread only: the thread that runs the default
** GMainContext. When the host has initialised GTK 4 itself (a GTK app), that is
** its main loop, which runs our work; otherwise this library starts a thread of
** its own, initialises GTK there and runs the loop. Every call of the rxm_surface
** table may come from any thread: work is handed to the GTK thread and waited for
** (show, dismiss), or handed over without waiting (update, whose caller may hold a
** lock a callback wants), except when the caller is the GTK thread (a callback that
** dismisses), where it runs at once. Callbacks run on the GTK thread.
**
** Timing rules (rxmodal_plugin.h): no callback starts before show() returns (an
** answer given in that instant is held and delivered from the loop right after);
** dismiss() from another thread waits for the GTK thread, so for a callback that is
** running; no callback starts after dismiss() returned (the flag is checked on the
** GTK thread before every callback).
**
** Parent windows: a spec's "parentWindow", a portal-style handle ("x11:XID" or
** "wayland:HANDLE", a handle exported through xdg-foreign), makes the window
** transient for the host's, whatever toolkit the host draws with.
**
** Portals: "files" and "composeEmail" are shown by the desktop's own
** xdg-desktop-portal (FileChooser, Email), which works inside Flatpak and Snap
** sandboxes too; "openURL" without a browser command goes through the OpenURI
** portal when the session has one. See rxmodal_surface_portal.c.
*/
/* open(2)'s O_CLOEXEC under -std=c11. */
#define _POSIX_C_SOURCE 200809L
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#ifdef GDK_WINDOWING_WAYLAND
#include <gdk/wayland/gdkwayland.h>
#endif
#include <fcntl.h>
#include <errno.h>
#include <gio/gunixfdlist.h>
#include <pthread.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "rxmodal_plugin.h"
#include "rxmodal_surface_portal.h"

#define RXM_GTK_EXPORT __attribute__((visibility("default")))

/* ------------------------------------------------------------------------ */
/* The GTK thread                                                            */
/* ------------------------------------------------------------------------ */

static GMutex loop_mutex;
static GCond loop_ready_cond;
static gboolean loop_ready = FALSE;
static gboolean loop_failed = FALSE;
static GThread *gtk_thread;      /* ours, when we started one */
static GMainLoop *gtk_loop;      /* its loop */
static gint thumbnails_decoding; /* jobs on GLib's pool, atomic */

static gpointer run_gtk_loop(gpointer unused) {
    (void)unused;
    gboolean ok = gtk_init_check();
    GMainLoop *loop = ok ? g_main_loop_new(NULL, FALSE) : NULL;
    g_mutex_lock(&loop_mutex);
    loop_ready = TRUE;
    loop_failed = !ok;
    gtk_loop = loop;
    g_cond_broadcast(&loop_ready_cond);
    g_mutex_unlock(&loop_mutex);
    if (!ok) return NULL;
    g_main_loop_run(loop);   /* until the process exits */
    return NULL;
}

static gboolean quit_gtk_loop(gpointer unused) {
    (void)unused;
    g_main_loop_quit(gtk_loop);
    return G_SOURCE_REMOVE;
}

/* At exit, our GTK thread is stopped and joined, and thumbnails still being decoded
** get a moment to finish, before the process's destructors run: a thread left in
** GTK or in an image loader while libraries are torn down crashed the exit of a
** command that had already printed its answer. */
static void stop_gtk_thread(void) {
    if (!gtk_thread || g_thread_self() == gtk_thread) return;
    g_main_context_invoke(NULL, quit_gtk_loop, NULL);
    g_thread_join(gtk_thread);
    gtk_thread = NULL;
    for (int waited = 0; g_atomic_int_get(&thumbnails_decoding) > 0 && waited < 200; waited++) g_usleep(5000);
}

/* Starts GTK once: on the host's loop when it has GTK running, else on a thread
** of our own. Returns FALSE (with `error` filled) when no display can be opened. */
static gboolean ensure_gtk(rxm_error *error) {
    g_mutex_lock(&loop_mutex);
    if (!loop_ready) {
        if (gtk_is_initialized()) {
            /* A GTK 4 host: its loop runs our work too. */
            loop_ready = TRUE;
        } else {
            gtk_thread = g_thread_new("rxmodal-gtk", run_gtk_loop, NULL);
            while (!loop_ready) g_cond_wait(&loop_ready_cond, &loop_mutex);
            if (loop_failed) {
                g_thread_join(gtk_thread);
                gtk_thread = NULL;
            } else {
                atexit(stop_gtk_thread);
            }
        }
    }
    gboolean failed = loop_failed;
    g_mutex_unlock(&loop_mutex);
    if (failed) {
        rxm_error_set(error, RXM_ERR_NO_SURFACE,
                      "the desktop surface cannot open a display (DISPLAY=%s, WAYLAND_DISPLAY=%s)",
                      g_getenv("DISPLAY") ? g_getenv("DISPLAY") : "unset",
                      g_getenv("WAYLAND_DISPLAY") ? g_getenv("WAYLAND_DISPLAY") : "unset");
        return FALSE;
    }
    return TRUE;
}

/* The GTK thread is whichever owns the default context: ours, or the host's loop. */
static gboolean on_gtk_thread(void) {
    return g_main_context_is_owner(g_main_context_default());
}

/* Runs `work(data)` on the GTK thread and waits for it to return. */
typedef struct {
    void (*work)(void *data);
    void *data;
    GMutex mutex;
    GCond cond;
    gboolean done;
} sync_call;

static gboolean run_sync_call(gpointer pointer) {
    sync_call *call = pointer;
    call->work(call->data);
    g_mutex_lock(&call->mutex);
    call->done = TRUE;
    g_cond_signal(&call->cond);
    g_mutex_unlock(&call->mutex);
    return G_SOURCE_REMOVE;
}

static void on_gtk_thread_and_wait(void (*work)(void *), void *data) {
    if (on_gtk_thread()) {
        work(data);
        return;
    }
    sync_call call = { work, data, {0}, {0}, FALSE };
    g_mutex_init(&call.mutex);
    g_cond_init(&call.cond);
    g_main_context_invoke(NULL, run_sync_call, &call);
    g_mutex_lock(&call.mutex);
    while (!call.done) g_cond_wait(&call.cond, &call.mutex);
    g_mutex_unlock(&call.mutex);
    g_mutex_clear(&call.mutex);
    g_cond_clear(&call.cond);
}

/* ------------------------------------------------------------------------ */
/* Reading specs                                                             */
/* ------------------------------------------------------------------------ */

/* A string member as a new NUL-terminated copy, or NULL. */
static char *copy_string(const rxm_value *object, const char *key) {
    const rxm_value *value = rxm_value_member(object, key);
    if (!value || value->type != RXM_STRING) return NULL;
    return g_strndup(value->as.string.utf8, value->as.string.length);
}

static gboolean bool_member(const rxm_value *object, const char *key, gboolean fallback) {
    const rxm_value *value = rxm_value_member(object, key);
    return value && value->type == RXM_BOOL ? value->as.boolean : fallback;
}

static gboolean is_string(const rxm_value *value, const char *expected) {
    size_t length = strlen(expected);
    return value && value->type == RXM_STRING && value->as.string.length == length
        && memcmp(value->as.string.utf8, expected, length) == 0;
}

static const rxm_value *array_member(const rxm_value *object, const char *key) {
    const rxm_value *value = rxm_value_member(object, key);
    return value && value->type == RXM_ARRAY ? value : NULL;
}

/* ------------------------------------------------------------------------ */
/* Presentations                                                             */
/* ------------------------------------------------------------------------ */

typedef enum {
    KIND_DIALOG, KIND_PROMPT, KIND_CHOICE, KIND_FORM, KIND_PROGRESS, KIND_OPEN_URL, KIND_FILES, KIND_COMPOSE_EMAIL
} primitive_kind;

typedef enum { FIELD_LINE, FIELD_TEXT, FIELD_ADDRESSES, FIELD_READ_ONLY, FIELD_ATTACHMENTS } field_kind;

typedef struct {
    char *name;
    field_kind kind;
    GtkWidget *widget;       /* GtkEntry, GtkTextView, an attachments' GtkListBox, or NULL */
    char **values;           /* read-only values, passed back as given */
    gboolean is_list;
    GPtrArray *attachments;  /* char*: the attachments as edited (given ones, then paths added) */
} form_field;

struct rxm_presentation {
    gint refs;                            /* the caller's, and each held answer's */
    GMutex mutex;                         /* guards the three flags below */
    gboolean returned;                    /* show() has returned */
    gboolean dismissed;                   /* dismiss() has begun: no more callbacks */
    gboolean answered;                    /* a result was given (or is held) */
    rxm_presentation_callbacks callbacks;
    primitive_kind kind;
    GtkWidget *window;
    GtkWidget *message_label;
    GPtrArray *action_buttons;            /* GtkButton*, in spec order */
    int cancel_action;                    /* index, or -1 */
    GtkWidget *suggested_button;          /* the window's default, or NULL */
    GPtrArray *text_fields;               /* GtkEntry* (dialog) */
    GPtrArray *choice_checks;             /* GtkCheckButton* (multiple choice) */
    GArray *picked;                       /* int, in the order chosen */
    gboolean multiple;
    int limit;
    GtkWidget *done_button;
    GtkWidget *choice_view;               /* the GtkListBox or GtkFlowBox of a choice */
    GtkWidget *search_entry;              /* its filter, or NULL */
    GCancellable *thumbnails;             /* its thumbnails being decoded, or NULL */
    GArray *fields;                       /* form_field (form) */
    GtkNativeDialog *attachment_chooser;  /* an "Add Attachment" chooser open, or NULL */
    /* Shown by a portal (files, composeEmail, openURL through OpenURI): */
    portal_request *request;              /* GTK thread only */
    guint32 portal_response;
    GVariant *portal_results;             /* a{sv}, or NULL */
    char *portal_failure;                 /* why the call failed, or NULL */
    const char *opened_via;               /* openURL started: "command" or "desktop" (GIO) */
    /* Built on the GTK thread for show(): */
    const rxm_value *spec;
    rxm_error *error;
    gboolean built;
};

static void deliver_value(rxm_presentation *presentation, const rxm_value *result);
static void unref_presentation(rxm_presentation *presentation);

static void answer_action(rxm_presentation *presentation, int action);
static void answer_cancelled(rxm_presentation *presentation);
static void answer_choice(rxm_presentation *presentation);
static void answer_opened(rxm_presentation *presentation);
static void answer_portal(rxm_presentation *presentation);

static gboolean gate_answer(rxm_presentation *presentation) {
    g_mutex_lock(&presentation->mutex);
    gboolean go = !presentation->dismissed && !presentation->answered;
    if (go) presentation->answered = TRUE;
    g_mutex_unlock(&presentation->mutex);
    return go;
}

static void deliver_value(rxm_presentation *presentation, const rxm_value *result) {
    if (presentation->callbacks.on_result)
        presentation->callbacks.on_result(presentation->callbacks.context, result);
}

/* show() has not returned yet: answer again from the loop once it has. */
typedef struct { rxm_presentation *presentation; int action; int what; } held_answer;
enum { HELD_ACTION, HELD_CANCELLED, HELD_CHOICE, HELD_OPENED, HELD_PORTAL };

static gboolean deliver_held(gpointer pointer) {
    held_answer *held = pointer;
    rxm_presentation *presentation = held->presentation;
    g_mutex_lock(&presentation->mutex);
    gboolean returned = presentation->returned;
    g_mutex_unlock(&presentation->mutex);
    if (!returned) return G_SOURCE_CONTINUE;   /* a moment more */
    switch (held->what) {
    case HELD_ACTION: answer_action(presentation, held->action); break;
    case HELD_CANCELLED: answer_cancelled(presentation); break;
    case HELD_OPENED: answer_opened(presentation); break;
    case HELD_PORTAL: answer_portal(presentation); break;
    default: answer_choice(presentation); break;
    }
    return G_SOURCE_REMOVE;
}

static void free_held(gpointer pointer) {
    held_answer *held = pointer;
    unref_presentation(held->presentation);
    g_free(held);
}

static gboolean hold_if_early(rxm_presentation *presentation, int what, int action) {
    g_mutex_lock(&presentation->mutex);
    gboolean early = !presentation->returned;
    g_mutex_unlock(&presentation->mutex);
    if (!early) return FALSE;
    held_answer *held = g_new0(held_answer, 1);
    g_atomic_int_inc(&presentation->refs);
    held->presentation = presentation;
    held->what = what;
    held->action = action;
    g_timeout_add_full(G_PRIORITY_DEFAULT, 5, deliver_held, held, free_held);
    return TRUE;
}

static char *text_view_text(GtkWidget *view) {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(view));
    GtkTextIter start, end;
    gtk_text_buffer_get_bounds(buffer, &start, &end);
    return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}

static void answer_action(rxm_presentation *presentation, int action) {
    if (hold_if_early(presentation, HELD_ACTION, action)) return;
    if (!gate_answer(presentation)) return;
    if (presentation->kind == KIND_FORM) {
        GArray *fields = presentation->fields;
        rxm_member *members = g_new0(rxm_member, fields->len ? fields->len : 1);
        GPtrArray *owned = g_ptr_array_new_with_free_func(g_free);
        GPtrArray *vectors = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
        for (guint i = 0; i < fields->len; i++) {
            form_field *field = &g_array_index(fields, form_field, i);
            members[i].key = field->name;
            if (field->kind == FIELD_LINE) {
                members[i].value = rxm_string(gtk_editable_get_text(GTK_EDITABLE(field->widget)));
            } else if (field->kind == FIELD_TEXT) {
                char *text = text_view_text(field->widget);
                g_ptr_array_add(owned, text);
                members[i].value = rxm_string(text);
            } else if (field->kind == FIELD_ADDRESSES) {
                /* Comma-separated in the entry, a list in the result. */
                char **parts = g_strsplit(gtk_editable_get_text(GTK_EDITABLE(field->widget)), ",", -1);
                guint count = 0;
                rxm_value *items = g_new0(rxm_value, g_strv_length(parts) + 1);
                for (char **part = parts; *part; part++) {
                    char *trimmed = g_strstrip(*part);
                    if (*trimmed) items[count++] = rxm_string(trimmed);
                }
                g_ptr_array_add(owned, items);
                g_ptr_array_add(vectors, parts);
                members[i].value = rxm_array(items, count);
            } else if (field->kind == FIELD_ATTACHMENTS) {
                rxm_value *items = g_new0(rxm_value, field->attachments->len + 1);
                for (guint j = 0; j < field->attachments->len; j++) items[j] = rxm_string(g_ptr_array_index(field->attachments, j));
                g_ptr_array_add(owned, items);
                members[i].value = rxm_array(items, field->attachments->len);
            } else {
                guint count = field->values ? g_strv_length(field->values) : 0;
                if (field->is_list) {
                    rxm_value *items = g_new0(rxm_value, count + 1);
                    for (guint j = 0; j < count; j++) items[j] = rxm_string(field->values[j]);
                    g_ptr_array_add(owned, items);
                    members[i].value = rxm_array(items, count);
                } else {
                    members[i].value = rxm_string(count ? field->values[0] : "");
                }
            }
        }
        rxm_member top[] = { { "action", rxm_int(action) }, { "fields", rxm_object(members, fields->len) } };
        rxm_value result = rxm_object(top, 2);
        deliver_value(presentation, &result);
        g_ptr_array_unref(owned);
        g_ptr_array_unref(vectors);
        g_free(members);
        return;
    }
    if (presentation->kind == KIND_DIALOG) {
        guint count = presentation->text_fields->len;
        rxm_value *texts = g_new0(rxm_value, count ? count : 1);
        for (guint i = 0; i < count; i++)
            texts[i] = rxm_string(gtk_editable_get_text(GTK_EDITABLE(g_ptr_array_index(presentation->text_fields, i))));
        rxm_member members[] = { { "action", rxm_int(action) }, { "textFields", rxm_array(texts, count) } };
        rxm_value result = rxm_object(members, 2);
        deliver_value(presentation, &result);
        g_free(texts);
        return;
    }
    rxm_member members[] = { { "action", rxm_int(action) } };
    rxm_value result = rxm_object(members, 1);
    deliver_value(presentation, &result);
}

static void answer_cancelled(rxm_presentation *presentation) {
    if (presentation->kind == KIND_DIALOG || presentation->kind == KIND_PROMPT || presentation->kind == KIND_FORM) {
        /* Esc or closing the window chooses the cancel action; without one, nothing. */
        if (presentation->cancel_action >= 0) answer_action(presentation, presentation->cancel_action);
        return;
    }
    if (hold_if_early(presentation, HELD_CANCELLED, -1)) return;
    if (!gate_answer(presentation)) return;
    rxm_member members[] = { { "cancelled", rxm_bool(true) } };
    rxm_value result = rxm_object(members, 1);
    deliver_value(presentation, &result);
}

static void answer_choice(rxm_presentation *presentation) {
    if (hold_if_early(presentation, HELD_CHOICE, -1)) return;
    if (!gate_answer(presentation)) return;
    GArray *picked = presentation->picked;
    rxm_value *items = g_new0(rxm_value, picked->len ? picked->len : 1);
    for (guint i = 0; i < picked->len; i++) items[i] = rxm_int(g_array_index(picked, int, i));
    rxm_member members[] = { { "selected", rxm_array(items, picked->len) } };
    rxm_value result = rxm_object(members, 1);
    deliver_value(presentation, &result);
    g_free(items);
}

static void answer_opened_via(rxm_presentation *presentation, const char *via) {
    rxm_member members[] = { { "opened", rxm_bool(true) }, { "via", rxm_string(via) } };
    rxm_value result = rxm_object(members, 2);
    deliver_value(presentation, &result);
}

static void answer_opened(rxm_presentation *presentation) {
    if (hold_if_early(presentation, HELD_OPENED, -1)) return;
    if (!gate_answer(presentation)) return;
    answer_opened_via(presentation, presentation->opened_via);
}

static void deliver_error(rxm_presentation *presentation, int32_t code, const char *message) {
    rxm_error error = {0};
    rxm_error_set_message(&error, code, message);
    if (presentation->callbacks.on_error)
        presentation->callbacks.on_error(presentation->callbacks.context, &error);
}

/* The paths of a FileChooser answer's "uris", in the order given; URIs that are
** no local file (the portal gives file:// ones for files on disk) are left out. */
static void answer_files(rxm_presentation *presentation, GVariant *results) {
    const char **uris = NULL;
    if (!results || !g_variant_lookup(results, "uris", "^a&s", &uris)) uris = NULL;
    guint count = uris ? g_strv_length((char **)uris) : 0;
    rxm_value *items = g_new0(rxm_value, count + 1);
    char **paths = g_new0(char *, count + 1);
    guint kept = 0;
    for (guint i = 0; i < count; i++) {
        char *path = g_filename_from_uri(uris[i], NULL, NULL);
        if (!path) continue;
        paths[kept] = path;
        items[kept] = rxm_string(path);
        kept++;
    }
    rxm_member members[] = { { "paths", rxm_array(items, kept) } };
    rxm_value result = rxm_object(members, 1);
    deliver_value(presentation, &result);
    g_strfreev(paths);
    g_free(items);
    g_free(uris);
}

static const char *portal_name(primitive_kind kind) {
    switch (kind) {
    case KIND_FILES: return "the FileChooser portal";
    case KIND_COMPOSE_EMAIL: return "the Email portal";
    default: return "the OpenURI portal";
    }
}

/* The portal's answer, from the loop (held until show() has returned). */
static void answer_portal(rxm_presentation *presentation) {
    if (hold_if_early(presentation, HELD_PORTAL, -1)) return;
    if (!gate_answer(presentation)) return;
    guint32 response = presentation->portal_response;
    if (response == 0 && !presentation->portal_failure) {
        if (presentation->kind == KIND_FILES) {
            answer_files(presentation, presentation->portal_results);
        } else if (presentation->kind == KIND_COMPOSE_EMAIL) {
            rxm_member members[] = { { "handedOff", rxm_bool(true) } };
            rxm_value result = rxm_object(members, 1);
            deliver_value(presentation, &result);
        } else {
            answer_opened_via(presentation, "portal");
        }
        return;
    }
    /* A file chooser closed (1: Cancel; 2: Escape or the window closed, as the GTK
    ** backend answers) picked nothing: for the user, both are a cancel. For the
    ** Email portal, 2 is the backend failing to start a mail client: an error. */
    gboolean closed = response == 1 || (response == 2 && presentation->kind == KIND_FILES);
    if (closed && !presentation->portal_failure && presentation->kind != KIND_OPEN_URL) {
        rxm_member members[] = { { "cancelled", rxm_bool(true) } };
        rxm_value result = rxm_object(members, 1);
        deliver_value(presentation, &result);
        return;
    }
    char *message = presentation->portal_failure
        ? g_strdup_printf("%s failed: %s", portal_name(presentation->kind), presentation->portal_failure)
        : g_strdup_printf("%s ended without %s (response %u)", portal_name(presentation->kind),
                          presentation->kind == KIND_OPEN_URL ? "opening the URL" : "an answer", response);
    deliver_error(presentation, RXM_ERR_IO, message);
    g_free(message);
}

static void on_portal_answer(void *context, guint32 response, GVariant *results, const char *failure) {
    rxm_presentation *presentation = context;
    presentation->portal_response = response;
    presentation->portal_results = results ? g_variant_ref(results) : NULL;
    presentation->portal_failure = failure ? g_strdup(failure) : NULL;
    answer_portal(presentation);
}

/* ------------------------------------------------------------------------ */
/* Building windows (GTK thread)                                             */
/* ------------------------------------------------------------------------ */

static void on_action_clicked(GtkButton *button, gpointer pointer) {
    rxm_presentation *presentation = pointer;
    int index = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(button), "rxm-action"));
    answer_action(presentation, index);
}

static gboolean on_close_request(GtkWindow *window, gpointer pointer) {
    (void)window;
    answer_cancelled(pointer);
    return TRUE;   /* the window goes when the presentation is dismissed */
}

static gboolean on_escape(GtkWidget *widget, GVariant *args, gpointer pointer) {
    (void)widget; (void)args;
    answer_cancelled(pointer);
    return TRUE;
}

static GtkWidget *new_window(rxm_presentation *presentation, const char *title) {
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), title && *title ? title : "rxmodal");
    gtk_window_set_modal(GTK_WINDOW(window), TRUE);
    gtk_window_set_default_size(GTK_WINDOW(window), 420, -1);
    g_signal_connect(window, "close-request", G_CALLBACK(on_close_request), presentation);
    GtkEventController *shortcuts = gtk_shortcut_controller_new();
    gtk_shortcut_controller_add_shortcut(GTK_SHORTCUT_CONTROLLER(shortcuts),
        gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_Escape, 0),
                         gtk_callback_action_new(on_escape, presentation, NULL)));
    gtk_widget_add_controller(window, shortcuts);
    return window;
}

static GtkWidget *new_box(void) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_set_margin_top(box, 18);
    gtk_widget_set_margin_bottom(box, 18);
    gtk_widget_set_margin_start(box, 18);
    gtk_widget_set_margin_end(box, 18);
    return box;
}

static GtkWidget *new_label(const char *text, gboolean heading) {
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_selectable(GTK_LABEL(label), FALSE);
    if (heading) gtk_widget_add_css_class(label, "title-4");
    return label;
}

/* The buttons of "actions", styled as GNOME's guidelines show them: the preferred
** (or else the first default) action is the suggested one and the window's default,
** destructive ones are red, and the cancel action comes first. */
static void add_actions(rxm_presentation *presentation, GtkWidget *box, const rxm_value *actions, gboolean vertical) {
    GtkWidget *row = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, 6);
    if (!vertical) gtk_widget_set_halign(row, GTK_ALIGN_END);
    presentation->action_buttons = g_ptr_array_new();
    presentation->cancel_action = -1;
    int preferred = -1, first_default = -1;
    size_t count = actions ? actions->as.array.count : 0;
    for (size_t i = 0; i < count; i++) {
        const rxm_value *action = &actions->as.array.items[i];
        char *title = copy_string(action, "title");
        GtkWidget *button = gtk_button_new_with_label(title ? title : "");
        g_free(title);
        g_object_set_data(G_OBJECT(button), "rxm-action", GINT_TO_POINTER((int)i));
        g_signal_connect(button, "clicked", G_CALLBACK(on_action_clicked), presentation);
        gtk_widget_set_sensitive(button, bool_member(action, "enabled", TRUE));
        const rxm_value *style = rxm_value_member(action, "style");
        if (is_string(style, "cancel") && presentation->cancel_action < 0) presentation->cancel_action = (int)i;
        if (is_string(style, "destructive")) gtk_widget_add_css_class(button, "destructive-action");
        if (bool_member(action, "preferred", FALSE) && preferred < 0) preferred = (int)i;
        if (!is_string(style, "cancel") && !is_string(style, "destructive") && first_default < 0) first_default = (int)i;
        g_ptr_array_add(presentation->action_buttons, button);
    }
    int suggested = preferred >= 0 ? preferred : first_default;
    /* In a row of buttons the cancel action comes first (GNOME's order); in an
    ** action sheet's stack, last, apart from the choices. */
    if (presentation->cancel_action >= 0 && !vertical)
        gtk_box_append(GTK_BOX(row), g_ptr_array_index(presentation->action_buttons, presentation->cancel_action));
    for (size_t i = 0; i < count; i++) {
        if ((int)i == presentation->cancel_action) continue;
        gtk_box_append(GTK_BOX(row), g_ptr_array_index(presentation->action_buttons, i));
    }
    if (presentation->cancel_action >= 0 && vertical) {
        GtkWidget *cancel = g_ptr_array_index(presentation->action_buttons, presentation->cancel_action);
        gtk_widget_set_margin_top(cancel, 12);
        gtk_box_append(GTK_BOX(row), cancel);
    }
    if (suggested >= 0) {
        GtkWidget *button = g_ptr_array_index(presentation->action_buttons, suggested);
        gtk_widget_add_css_class(button, "suggested-action");
        gtk_window_set_default_widget(GTK_WINDOW(presentation->window), button);
        presentation->suggested_button = button;
    }
    gtk_box_append(GTK_BOX(box), row);
}

/* The title as a heading (when there is one) and the message under it, whose label
** update() may change and shows only while it has text. */
static void add_heading(rxm_presentation *presentation, GtkWidget *box, const char *title, const char *message) {
    if (title && *title) gtk_box_append(GTK_BOX(box), new_label(title, TRUE));
    presentation->message_label = new_label(message ? message : "", FALSE);
    gtk_widget_set_visible(presentation->message_label, message && *message);
    gtk_box_append(GTK_BOX(box), presentation->message_label);
}

static void build_dialog(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    const rxm_value *actions = array_member(spec, "actions");
    if (!actions || actions->as.array.count == 0) {
        rxm_error_set(presentation->error, RXM_ERR_INVALID_ARGUMENT, "a dialog needs at least one action");
        return;
    }
    char *title = copy_string(spec, "title");
    char *message = copy_string(spec, "message");
    gboolean sheet = is_string(rxm_value_member(spec, "style"), "actionSheet");
    presentation->window = new_window(presentation, title);
    GtkWidget *box = new_box();
    add_heading(presentation, box, title, message);
    presentation->text_fields = g_ptr_array_new();
    const rxm_value *fields = array_member(spec, "textFields");
    for (size_t i = 0; fields && i < fields->as.array.count; i++) {
        const rxm_value *field = &fields->as.array.items[i];
        GtkWidget *entry = gtk_entry_new();
        char *placeholder = copy_string(field, "placeholder");
        char *text = copy_string(field, "text");
        if (placeholder) {
            gtk_entry_set_placeholder_text(GTK_ENTRY(entry), placeholder);
            gtk_accessible_update_property(GTK_ACCESSIBLE(entry), GTK_ACCESSIBLE_PROPERTY_LABEL, placeholder, -1);
        }
        if (text) gtk_editable_set_text(GTK_EDITABLE(entry), text);
        const rxm_value *kind = rxm_value_member(field, "kind");
        if (is_string(kind, "password")) {
            gtk_entry_set_visibility(GTK_ENTRY(entry), FALSE);
            gtk_entry_set_input_purpose(GTK_ENTRY(entry), GTK_INPUT_PURPOSE_PASSWORD);
        } else if (is_string(kind, "email")) {
            gtk_entry_set_input_purpose(GTK_ENTRY(entry), GTK_INPUT_PURPOSE_EMAIL);
        } else if (is_string(kind, "phone")) {
            gtk_entry_set_input_purpose(GTK_ENTRY(entry), GTK_INPUT_PURPOSE_PHONE);
        }
        gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
        g_free(placeholder);
        g_free(text);
        g_ptr_array_add(presentation->text_fields, entry);
        gtk_box_append(GTK_BOX(box), entry);
    }
    gtk_window_set_child(GTK_WINDOW(presentation->window), box);
    add_actions(presentation, box, actions, sheet);
    g_free(title);
    g_free(message);
    presentation->built = TRUE;
}

static void build_prompt(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    const rxm_value *actions = array_member(spec, "actions");
    char *title = copy_string(spec, "title");
    if (!title || !actions || actions->as.array.count == 0) {
        g_free(title);
        rxm_error_set(presentation->error, RXM_ERR_INVALID_ARGUMENT, "a prompt needs a title and at least one action");
        return;
    }
    char *message = copy_string(spec, "message");
    presentation->window = new_window(presentation, title);
    GtkWidget *box = new_box();
    add_heading(presentation, box, title, message);
    gtk_window_set_child(GTK_WINDOW(presentation->window), box);
    add_actions(presentation, box, actions, FALSE);
    g_free(title);
    g_free(message);
    presentation->built = TRUE;
}

static void update_choice_limit(rxm_presentation *presentation) {
    GPtrArray *checks = presentation->choice_checks;
    gboolean full = presentation->limit > 0 && (int)presentation->picked->len >= presentation->limit;
    for (guint i = 0; i < checks->len; i++) {
        GtkWidget *check = g_ptr_array_index(checks, i);
        gboolean active = gtk_check_button_get_active(GTK_CHECK_BUTTON(check));
        gtk_widget_set_sensitive(check, active || !full);
    }
    gtk_widget_set_sensitive(presentation->done_button, presentation->picked->len > 0);
}

static void on_choice_toggled(GtkCheckButton *check, gpointer pointer) {
    rxm_presentation *presentation = pointer;
    int index = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(check), "rxm-item"));
    GArray *picked = presentation->picked;
    if (gtk_check_button_get_active(check)) {
        g_array_append_val(picked, index);
    } else {
        for (guint i = 0; i < picked->len; i++)
            if (g_array_index(picked, int, i) == index) { g_array_remove_index(picked, i); break; }
    }
    update_choice_limit(presentation);
}

static void choose_item(rxm_presentation *presentation, int index);

static void on_choice_row_activated(GtkListBox *list, GtkListBoxRow *row, gpointer pointer) {
    (void)list;
    choose_item(pointer, gtk_list_box_row_get_index(row));
}

static void on_choice_tile_activated(GtkFlowBox *grid, GtkFlowBoxChild *tile, gpointer pointer) {
    (void)grid;
    choose_item(pointer, gtk_flow_box_child_get_index(tile));
}

/* An item activated: a click, Enter or Space on its row or tile. */
static void choose_item(rxm_presentation *presentation, int index) {
    if (index < 0) return;
    if (presentation->multiple) {
        /* Activating a row (a click, Enter or Space on it) toggles its check. */
        GtkWidget *check = g_ptr_array_index(presentation->choice_checks, index);
        if (gtk_widget_get_sensitive(check))
            gtk_check_button_set_active(GTK_CHECK_BUTTON(check), !gtk_check_button_get_active(GTK_CHECK_BUTTON(check)));
        return;
    }
    g_array_set_size(presentation->picked, 0);
    g_array_append_val(presentation->picked, index);
    answer_choice(presentation);
}

static void on_choice_done(GtkButton *button, gpointer pointer) {
    (void)button;
    answer_choice(pointer);
}

static void on_choice_cancel(GtkButton *button, gpointer pointer) {
    (void)button;
    answer_cancelled(pointer);
}

/* What a search matches in an item: its title, subtitle and detail, case-folded,
** kept on the item's row or tile. */
static void set_search_text(GtkWidget *row, const rxm_value *item) {
    GString *text = g_string_new(NULL);
    const char *keys[] = { "title", "subtitle", "detail" };
    for (size_t k = 0; k < G_N_ELEMENTS(keys); k++) {
        char *part = copy_string(item, keys[k]);
        if (part) g_string_append_printf(text, "%s\n", part);
        g_free(part);
    }
    char *folded = g_utf8_casefold(text->str, -1);
    g_string_free(text, TRUE);
    g_object_set_data_full(G_OBJECT(row), "rxm-search", folded, g_free);
}

static gboolean item_matches(GtkWidget *row, rxm_presentation *presentation) {
    if (!presentation->search_entry) return TRUE;
    const char *query = gtk_editable_get_text(GTK_EDITABLE(presentation->search_entry));
    if (!query || !*query) return TRUE;
    char *folded = g_utf8_casefold(query, -1);
    const char *text = g_object_get_data(G_OBJECT(row), "rxm-search");
    gboolean found = text && strstr(text, folded) != NULL;
    g_free(folded);
    return found;
}

static gboolean list_row_matches(GtkListBoxRow *row, gpointer pointer) { return item_matches(GTK_WIDGET(row), pointer); }
static gboolean grid_tile_matches(GtkFlowBoxChild *tile, gpointer pointer) { return item_matches(GTK_WIDGET(tile), pointer); }

static void on_search_changed(GtkSearchEntry *entry, gpointer pointer) {
    (void)entry;
    rxm_presentation *presentation = pointer;
    if (GTK_IS_LIST_BOX(presentation->choice_view)) gtk_list_box_invalidate_filter(GTK_LIST_BOX(presentation->choice_view));
    else gtk_flow_box_invalidate_filter(GTK_FLOW_BOX(presentation->choice_view));
}

/* Escape in the search: clears it, or cancels the choice when it is empty. */
static void on_search_stopped(GtkSearchEntry *entry, gpointer pointer) {
    const char *query = gtk_editable_get_text(GTK_EDITABLE(entry));
    if (query && *query) gtk_editable_set_text(GTK_EDITABLE(entry), "");
    else answer_cancelled(pointer);
}

/* Enter in the search: the first item it shows, as if activated. */
static void on_search_activated(GtkSearchEntry *entry, gpointer pointer) {
    (void)entry;
    rxm_presentation *presentation = pointer;
    for (GtkWidget *child = gtk_widget_get_first_child(presentation->choice_view); child;
         child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_get_child_visible(child) || !item_matches(child, presentation)) continue;
        if (GTK_IS_LIST_BOX_ROW(child)) choose_item(presentation, gtk_list_box_row_get_index(GTK_LIST_BOX_ROW(child)));
        else if (GTK_IS_FLOW_BOX_CHILD(child)) choose_item(presentation, gtk_flow_box_child_get_index(GTK_FLOW_BOX_CHILD(child)));
        return;
    }
}

/* The check of item `index` in a multiple choice, named after the item. */
static GtkWidget *new_item_check(rxm_presentation *presentation, int index, const char *title) {
    GtkWidget *check = gtk_check_button_new();
    g_object_set_data(G_OBJECT(check), "rxm-item", GINT_TO_POINTER(index));
    gtk_accessible_update_property(GTK_ACCESSIBLE(check), GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "", -1);
    g_signal_connect(check, "toggled", G_CALLBACK(on_choice_toggled), presentation);
    g_ptr_array_add(presentation->choice_checks, check);
    return check;
}

/* A thumbnail decoded on a worker thread (GLib's pool), shown from the GTK thread. */
typedef struct {
    GtkWidget *picture;   /* held until the picture is set */
    char *path;
} thumbnail_job;

static void free_thumbnail_job(gpointer pointer) {
    thumbnail_job *job = pointer;
    g_object_unref(job->picture);
    g_free(job->path);
    g_free(job);
}

/* On GLib's pool; skipped once the choice is gone (its cancellable). */
static void decode_thumbnail(GTask *task, gpointer source, gpointer pointer, GCancellable *cancellable) {
    (void)source;
    thumbnail_job *job = pointer;
    GError *failure = NULL;
    GdkPixbuf *pixbuf = g_cancellable_set_error_if_cancelled(cancellable, &failure) ? NULL
        : gdk_pixbuf_new_from_file_at_scale(job->path, 128, 128, TRUE, &failure);
    if (pixbuf) g_task_return_pointer(task, pixbuf, g_object_unref);
    else g_task_return_error(task, failure);
    g_atomic_int_dec_and_test(&thumbnails_decoding);
}

static void show_thumbnail(GObject *source, GAsyncResult *result, gpointer pointer) {
    (void)source; (void)pointer;
    thumbnail_job *job = g_task_get_task_data(G_TASK(result));
    GdkPixbuf *pixbuf = g_task_propagate_pointer(G_TASK(result), NULL);
    if (!pixbuf) return;   /* not an image GdkPixbuf reads: the tile keeps its placeholder */
    GdkTexture *texture = gdk_texture_new_for_pixbuf(pixbuf);
    gtk_picture_set_paintable(GTK_PICTURE(job->picture), GDK_PAINTABLE(texture));
    g_object_unref(texture);
    g_object_unref(pixbuf);
}

static void load_thumbnail(GtkWidget *picture, const char *path, GCancellable *cancellable) {
    thumbnail_job *job = g_new0(thumbnail_job, 1);
    job->picture = g_object_ref(picture);
    job->path = g_strdup(path);
    g_atomic_int_inc(&thumbnails_decoding);
    GTask *task = g_task_new(NULL, cancellable, show_thumbnail, NULL);
    g_task_set_task_data(task, job, free_thumbnail_job);
    g_task_run_in_thread(task, decode_thumbnail);
    g_object_unref(task);
}

/* Items with a "thumbnail": a grid of tiles, each its picture (decoded off the
** GTK thread) over its title, with a check when several may be picked. */
static GtkWidget *new_choice_grid(rxm_presentation *presentation, const rxm_value *items, const char *title) {
    GtkWidget *grid = gtk_flow_box_new();
    gtk_flow_box_set_selection_mode(GTK_FLOW_BOX(grid), GTK_SELECTION_NONE);
    gtk_flow_box_set_activate_on_single_click(GTK_FLOW_BOX(grid), TRUE);
    gtk_flow_box_set_homogeneous(GTK_FLOW_BOX(grid), TRUE);
    gtk_flow_box_set_max_children_per_line(GTK_FLOW_BOX(grid), 6);
    gtk_accessible_update_property(GTK_ACCESSIBLE(grid), GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "Choices", -1);
    g_signal_connect(grid, "child-activated", G_CALLBACK(on_choice_tile_activated), presentation);
    for (size_t i = 0; i < items->as.array.count; i++) {
        const rxm_value *item = &items->as.array.items[i];
        char *item_title = copy_string(item, "title");
        char *thumbnail = copy_string(item, "thumbnail");
        GtkWidget *tile = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
        GtkWidget *picture = gtk_picture_new();
        gtk_picture_set_content_fit(GTK_PICTURE(picture), GTK_CONTENT_FIT_CONTAIN);
        gtk_widget_set_size_request(picture, 128, 128);
        gtk_accessible_update_property(GTK_ACCESSIBLE(picture), GTK_ACCESSIBLE_PROPERTY_LABEL, item_title ? item_title : "", -1);
        if (thumbnail && *thumbnail) {
            if (!presentation->thumbnails) presentation->thumbnails = g_cancellable_new();
            load_thumbnail(picture, thumbnail, presentation->thumbnails);
        }
        gtk_box_append(GTK_BOX(tile), picture);
        GtkWidget *caption = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4);
        if (presentation->multiple) gtk_box_append(GTK_BOX(caption), new_item_check(presentation, (int)i, item_title));
        GtkWidget *label = new_label(item_title ? item_title : "", FALSE);
        gtk_label_set_wrap(GTK_LABEL(label), FALSE);
        gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_MIDDLE);
        gtk_label_set_max_width_chars(GTK_LABEL(label), 16);
        gtk_box_append(GTK_BOX(caption), label);
        gtk_box_append(GTK_BOX(tile), caption);
        GtkWidget *child = gtk_flow_box_child_new();
        gtk_flow_box_child_set_child(GTK_FLOW_BOX_CHILD(child), tile);
        gtk_accessible_update_property(GTK_ACCESSIBLE(child), GTK_ACCESSIBLE_PROPERTY_LABEL, item_title ? item_title : "", -1);
        set_search_text(child, item);
        gtk_flow_box_append(GTK_FLOW_BOX(grid), child);
        g_free(item_title);
        g_free(thumbnail);
    }
    return grid;
}

static gboolean has_thumbnails(const rxm_value *items) {
    for (size_t i = 0; i < items->as.array.count; i++)
        if (rxm_value_member(&items->as.array.items[i], "thumbnail")) return TRUE;
    return FALSE;
}

/* Items without pictures: a list of rows, title over subtitle, detail at the end,
** with a check when several may be picked. */
static GtkWidget *new_choice_list(rxm_presentation *presentation, const rxm_value *items, const char *title) {
    GtkWidget *list = gtk_list_box_new();
    gtk_list_box_set_selection_mode(GTK_LIST_BOX(list), GTK_SELECTION_NONE);
    gtk_list_box_set_activate_on_single_click(GTK_LIST_BOX(list), TRUE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(list), GTK_ACCESSIBLE_PROPERTY_LABEL, title ? title : "Choices", -1);
    g_signal_connect(list, "row-activated", G_CALLBACK(on_choice_row_activated), presentation);
    for (size_t i = 0; i < items->as.array.count; i++) {
        const rxm_value *item = &items->as.array.items[i];
        char *item_title = copy_string(item, "title");
        char *subtitle = copy_string(item, "subtitle");
        char *detail = copy_string(item, "detail");
        GtkWidget *row_box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
        GtkWidget *texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
        gtk_widget_set_hexpand(texts, TRUE);
        gtk_box_append(GTK_BOX(texts), new_label(item_title ? item_title : "", FALSE));
        if (subtitle && *subtitle) {
            GtkWidget *label = new_label(subtitle, FALSE);
            gtk_widget_add_css_class(label, "dim-label");
            gtk_box_append(GTK_BOX(texts), label);
        }
        if (presentation->multiple) gtk_box_append(GTK_BOX(row_box), new_item_check(presentation, (int)i, item_title));
        gtk_box_append(GTK_BOX(row_box), texts);
        if (detail && *detail) {
            GtkWidget *label = new_label(detail, FALSE);
            gtk_label_set_wrap(GTK_LABEL(label), FALSE);
            gtk_widget_add_css_class(label, "dim-label");
            gtk_box_append(GTK_BOX(row_box), label);
        }
        GtkWidget *row = gtk_list_box_row_new();
        gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), row_box);
        gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, item_title ? item_title : "", -1);
        set_search_text(row, item);
        gtk_list_box_append(GTK_LIST_BOX(list), row);
        g_free(item_title);
        g_free(subtitle);
        g_free(detail);
    }
    return list;
}

static void build_choice(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    const rxm_value *items = array_member(spec, "items");
    if (!items) {
        rxm_error_set(presentation->error, RXM_ERR_INVALID_ARGUMENT, "a choice needs \"items\"");
        return;
    }
    char *title = copy_string(spec, "title");
    char *prompt = copy_string(spec, "prompt");
    const rxm_value *limit = rxm_value_member(spec, "limit");
    presentation->multiple = bool_member(spec, "multiple", FALSE);
    presentation->limit = limit && limit->type == RXM_INT && limit->as.integer > 0 ? (int)limit->as.integer : 0;
    presentation->picked = g_array_new(FALSE, FALSE, sizeof(int));
    presentation->choice_checks = g_ptr_array_new();
    presentation->window = new_window(presentation, title);
    GtkWidget *box = new_box();
    if (title && *title) gtk_box_append(GTK_BOX(box), new_label(title, TRUE));
    if (prompt && *prompt) gtk_box_append(GTK_BOX(box), new_label(prompt, FALSE));
    gboolean pictures = has_thumbnails(items);
    gtk_window_set_default_size(GTK_WINDOW(presentation->window), pictures ? 720 : 480, pictures ? 520 : 420);
    /* A search over the items' texts, first in the window so that typing filters. */
    presentation->search_entry = gtk_search_entry_new();
    gtk_accessible_update_property(GTK_ACCESSIBLE(presentation->search_entry), GTK_ACCESSIBLE_PROPERTY_LABEL, "Search", -1);
    g_signal_connect(presentation->search_entry, "search-changed", G_CALLBACK(on_search_changed), presentation);
    g_signal_connect(presentation->search_entry, "stop-search", G_CALLBACK(on_search_stopped), presentation);
    g_signal_connect(presentation->search_entry, "activate", G_CALLBACK(on_search_activated), presentation);
    gtk_box_append(GTK_BOX(box), presentation->search_entry);
    GtkWidget *list = pictures ? new_choice_grid(presentation, items, title) : new_choice_list(presentation, items, title);
    presentation->choice_view = list;
    if (pictures) gtk_flow_box_set_filter_func(GTK_FLOW_BOX(list), grid_tile_matches, presentation, NULL);
    else gtk_list_box_set_filter_func(GTK_LIST_BOX(list), list_row_matches, presentation, NULL);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    gtk_widget_set_vexpand(scroller, TRUE);
    gtk_box_append(GTK_BOX(box), scroller);
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_halign(row, GTK_ALIGN_END);
    GtkWidget *cancel = gtk_button_new_with_label("Cancel");
    g_signal_connect(cancel, "clicked", G_CALLBACK(on_choice_cancel), presentation);
    gtk_box_append(GTK_BOX(row), cancel);
    if (presentation->multiple) {
        presentation->done_button = gtk_button_new_with_label("Done");
        gtk_widget_add_css_class(presentation->done_button, "suggested-action");
        g_signal_connect(presentation->done_button, "clicked", G_CALLBACK(on_choice_done), presentation);
        gtk_widget_set_sensitive(presentation->done_button, FALSE);
        gtk_box_append(GTK_BOX(row), presentation->done_button);
    }
    gtk_box_append(GTK_BOX(box), row);
    gtk_window_set_child(GTK_WINDOW(presentation->window), box);
    g_free(title);
    g_free(prompt);
    presentation->built = TRUE;
}

static char **string_values(const rxm_value *value, gboolean *is_list) {
    *is_list = value && value->type == RXM_ARRAY;
    if (!value) return g_new0(char *, 1);
    if (value->type == RXM_STRING) {
        char **values = g_new0(char *, 2);
        values[0] = g_strndup(value->as.string.utf8, value->as.string.length);
        return values;
    }
    if (value->type != RXM_ARRAY) return g_new0(char *, 1);
    char **values = g_new0(char *, value->as.array.count + 1);
    guint count = 0;
    for (size_t i = 0; i < value->as.array.count; i++) {
        const rxm_value *item = &value->as.array.items[i];
        if (item->type == RXM_STRING) values[count++] = g_strndup(item->as.string.utf8, item->as.string.length);
    }
    return values;
}

/* An attachments field: a row per attachment with its Remove button, and Add
** Attachment, which opens the desktop's file chooser (GTK's, or the FileChooser
** portal inside a sandbox) and appends the files picked as absolute paths. */
static form_field *field_of(rxm_presentation *presentation, GtkWidget *widget) {
    guint index = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(widget), "rxm-field"));
    return &g_array_index(presentation->fields, form_field, index);
}

static void on_remove_attachment(GtkButton *button, gpointer pointer) {
    rxm_presentation *presentation = pointer;
    form_field *field = field_of(presentation, GTK_WIDGET(button));
    GtkWidget *row = gtk_widget_get_ancestor(GTK_WIDGET(button), GTK_TYPE_LIST_BOX_ROW);
    int index = row ? gtk_list_box_row_get_index(GTK_LIST_BOX_ROW(row)) : -1;
    if (index < 0 || (guint)index >= field->attachments->len) return;
    g_ptr_array_remove_index(field->attachments, (guint)index);
    gtk_list_box_remove(GTK_LIST_BOX(field->widget), row);
}

static void append_attachment_row(rxm_presentation *presentation, guint field_index, const char *name) {
    form_field *field = &g_array_index(presentation->fields, form_field, field_index);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *label = new_label(name, FALSE);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_MIDDLE);
    gtk_widget_set_hexpand(label, TRUE);
    gtk_box_append(GTK_BOX(box), label);
    GtkWidget *remove = gtk_button_new_with_label("Remove");
    char *accessible = g_strdup_printf("Remove %s", name);
    gtk_accessible_update_property(GTK_ACCESSIBLE(remove), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
    g_free(accessible);
    g_object_set_data(G_OBJECT(remove), "rxm-field", GUINT_TO_POINTER(field_index));
    g_signal_connect(remove, "clicked", G_CALLBACK(on_remove_attachment), presentation);
    gtk_box_append(GTK_BOX(box), remove);
    GtkWidget *row = gtk_list_box_row_new();
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), box);
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(row), FALSE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
    gtk_list_box_append(GTK_LIST_BOX(field->widget), row);
    g_ptr_array_add(field->attachments, g_strdup(name));
}

/* GtkFileChooserNative is what GTK 4.8 (Debian 12) has; later versions deprecate
** it for GtkFileDialog but keep it working. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void on_attachment_chosen(GtkNativeDialog *dialog, int response, gpointer pointer) {
    rxm_presentation *presentation = pointer;
    guint field_index = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(dialog), "rxm-field"));
    if (response == GTK_RESPONSE_ACCEPT) {
        GListModel *files = gtk_file_chooser_get_files(GTK_FILE_CHOOSER(dialog));
        for (guint i = 0; i < g_list_model_get_n_items(files); i++) {
            GFile *file = g_list_model_get_item(files, i);
            char *path = g_file_get_path(file);
            if (path) append_attachment_row(presentation, field_index, path);
            g_free(path);
            g_object_unref(file);
        }
        g_object_unref(files);
    }
    presentation->attachment_chooser = NULL;
    g_object_unref(dialog);
}

static void on_add_attachment(GtkButton *button, gpointer pointer) {
    rxm_presentation *presentation = pointer;
    if (presentation->attachment_chooser) return;   /* one at a time */
    GtkFileChooserNative *chooser = gtk_file_chooser_native_new("Add Attachment", GTK_WINDOW(presentation->window),
                                                                GTK_FILE_CHOOSER_ACTION_OPEN, "_Add", "_Cancel");
    gtk_file_chooser_set_select_multiple(GTK_FILE_CHOOSER(chooser), TRUE);
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(chooser), TRUE);
    g_object_set_data(G_OBJECT(chooser), "rxm-field", g_object_get_data(G_OBJECT(button), "rxm-field"));
    g_signal_connect(chooser, "response", G_CALLBACK(on_attachment_chosen), presentation);
    presentation->attachment_chooser = GTK_NATIVE_DIALOG(chooser);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(chooser));
}
G_GNUC_END_IGNORE_DEPRECATIONS

static GtkWidget *new_attachments_editor(rxm_presentation *presentation, guint field_index, char **given, const char *label) {
    form_field *field = &g_array_index(presentation->fields, form_field, field_index);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4);
    field->widget = gtk_list_box_new();
    gtk_list_box_set_selection_mode(GTK_LIST_BOX(field->widget), GTK_SELECTION_NONE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(field->widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    gtk_box_append(GTK_BOX(box), field->widget);
    for (char **name = given; name && *name; name++) append_attachment_row(presentation, field_index, *name);
    GtkWidget *add = gtk_button_new_with_label("Add Attachment…");
    gtk_widget_set_halign(add, GTK_ALIGN_START);
    g_object_set_data(G_OBJECT(add), "rxm-field", GUINT_TO_POINTER(field_index));
    g_signal_connect(add, "clicked", G_CALLBACK(on_add_attachment), presentation);
    gtk_box_append(GTK_BOX(box), add);
    return box;
}

/* What is wrong with a field, under it: in the error style, and the field's
** accessible description, with the field marked invalid. */
static void attach_field_error(GtkWidget *grid, int row, GtkWidget *field_widget, const char *error) {
    GtkWidget *label = new_label(error, FALSE);
    gtk_widget_add_css_class(label, "error");
    gtk_grid_attach(GTK_GRID(grid), label, 1, row, 1, 1);
    if (field_widget) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(field_widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error, -1);
        gtk_accessible_update_state(GTK_ACCESSIBLE(field_widget), GTK_ACCESSIBLE_STATE_INVALID, GTK_ACCESSIBLE_INVALID_TRUE, -1);
    }
}

static void build_form(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    const rxm_value *fields = array_member(spec, "fields");
    const rxm_value *actions = array_member(spec, "actions");
    if (!fields || !actions || actions->as.array.count == 0) {
        rxm_error_set(presentation->error, RXM_ERR_INVALID_ARGUMENT, "a form needs \"fields\" and at least one action");
        return;
    }
    char *title = copy_string(spec, "title");
    presentation->window = new_window(presentation, title);
    gtk_window_set_default_size(GTK_WINDOW(presentation->window), 560, 480);
    GtkWidget *box = new_box();
    if (title && *title) gtk_box_append(GTK_BOX(box), new_label(title, TRUE));
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 8);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
    presentation->fields = g_array_sized_new(FALSE, TRUE, sizeof(form_field), (guint)fields->as.array.count);
    int grid_row = 0;
    for (size_t i = 0; i < fields->as.array.count; i++) {
        const rxm_value *spec_field = &fields->as.array.items[i];
        form_field field = {0};
        field.name = copy_string(spec_field, "name");
        char *label_text = copy_string(spec_field, "label");
        if (!field.name) field.name = g_strdup_printf("field%zu", i);
        const rxm_value *kind = rxm_value_member(spec_field, "kind");
        const rxm_value *value = rxm_value_member(spec_field, "value");
        GtkWidget *label = new_label(label_text ? label_text : field.name, FALSE);
        gtk_widget_set_valign(label, GTK_ALIGN_START);
        GtkWidget *widget;
        if (is_string(kind, "text")) {
            field.kind = FIELD_TEXT;
            field.widget = gtk_text_view_new();
            gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(field.widget), GTK_WRAP_WORD_CHAR);
            if (value && value->type == RXM_STRING)
                gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(field.widget)),
                                         value->as.string.utf8, (int)value->as.string.length);
            widget = gtk_scrolled_window_new();
            gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(widget), field.widget);
            gtk_widget_set_size_request(widget, -1, 160);
            gtk_widget_set_vexpand(widget, TRUE);
        } else if (is_string(kind, "addresses") || is_string(kind, "line")) {
            field.kind = is_string(kind, "addresses") ? FIELD_ADDRESSES : FIELD_LINE;
            field.widget = gtk_entry_new();
            gboolean is_list;
            char **values = string_values(value, &is_list);
            char *joined = g_strjoinv(", ", values);
            gtk_editable_set_text(GTK_EDITABLE(field.widget), joined);
            g_free(joined);
            g_strfreev(values);
            widget = field.widget;
        } else if (is_string(kind, "attachments")) {
            /* Edited in place: the field is in the array first, so that its rows can find it. */
            field.kind = FIELD_ATTACHMENTS;
            field.attachments = g_ptr_array_new_with_free_func(g_free);
            g_array_append_val(presentation->fields, field);
            gboolean is_list;
            char **given = string_values(value, &is_list);
            widget = new_attachments_editor(presentation, (guint)i, given, label_text ? label_text : field.name);
            g_strfreev(given);
            field = g_array_index(presentation->fields, form_field, i);
        } else {
            field.kind = FIELD_READ_ONLY;
            field.values = string_values(value, &field.is_list);
            char *joined = g_strjoinv("\n", field.values);
            widget = new_label(*joined ? joined : "None", FALSE);
            if (!*joined) gtk_widget_add_css_class(widget, "dim-label");
            gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           label_text ? label_text : field.name, -1);
            gtk_label_set_selectable(GTK_LABEL(widget), TRUE);
            g_free(joined);
        }
        if (field.widget)
            gtk_accessible_update_property(GTK_ACCESSIBLE(field.widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           label_text ? label_text : field.name, -1);
        gtk_widget_set_hexpand(widget, TRUE);
        gtk_grid_attach(GTK_GRID(grid), label, 0, grid_row, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), widget, 1, grid_row, 1, 1);
        grid_row++;
        char *error = copy_string(spec_field, "error");
        if (error && *error) attach_field_error(grid, grid_row++, field.widget ? field.widget : widget, error);
        g_free(error);
        if (field.kind != FIELD_ATTACHMENTS) g_array_append_val(presentation->fields, field);
        g_free(label_text);
    }
    gtk_box_append(GTK_BOX(box), grid);
    gtk_window_set_child(GTK_WINDOW(presentation->window), box);
    add_actions(presentation, box, actions, FALSE);
    g_free(title);
    presentation->built = TRUE;
}

static void build_progress(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    char *title = copy_string(spec, "title");
    char *message = copy_string(spec, "message");
    presentation->window = new_window(presentation, title);
    GtkWidget *box = new_box();
    if (title && *title) gtk_box_append(GTK_BOX(box), new_label(title, TRUE));
    GtkWidget *spinner = gtk_spinner_new();
    gtk_spinner_start(GTK_SPINNER(spinner));
    gtk_box_append(GTK_BOX(box), spinner);
    presentation->message_label = new_label(message ? message : "", FALSE);
    gtk_box_append(GTK_BOX(box), presentation->message_label);
    GtkWidget *cancel = gtk_button_new_with_label("Cancel");
    gtk_widget_set_halign(cancel, GTK_ALIGN_END);
    g_signal_connect(cancel, "clicked", G_CALLBACK(on_choice_cancel), presentation);
    gtk_box_append(GTK_BOX(box), cancel);
    gtk_window_set_child(GTK_WINDOW(presentation->window), box);
    g_free(title);
    g_free(message);
    presentation->built = TRUE;
}

/* Starts the browser, without a shell: the spec's "browser" command, else the first
** entry of $BROWSER, each split on blanks with the URL appended; else the desktop's
** OpenURI portal when the session has one (answered once the desktop opened it);
** else the desktop's handler for the URL through GIO. "Opened" means started; the
** answer follows once show() has returned, and says which way ("via"). */
static void build_open_url(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    char *url = copy_string(spec, "url");
    if (!url || !*url) {
        g_free(url);
        rxm_error_set(presentation->error, RXM_ERR_INVALID_ARGUMENT, "openURL needs a \"url\"");
        return;
    }
    char *command = copy_string(spec, "browser");
    if (!command && g_getenv("BROWSER") && *g_getenv("BROWSER")) {
        char **entries = g_strsplit(g_getenv("BROWSER"), ":", 2);
        command = g_strdup(entries[0]);
        g_strfreev(entries);
    }
    GError *failure = NULL;
    gboolean started;
    gboolean has_command = command && *g_strstrip(command);
    if (!has_command && portal_version("org.freedesktop.portal.OpenURI", NULL) > 0) {
        /* Answered by the portal's Response once the desktop has opened it. */
        char *parent = copy_string(spec, "parentWindow");
        GVariantBuilder options;
        g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
        presentation->request = portal_request_start("org.freedesktop.portal.OpenURI", "OpenURI", parent, url,
                                                     &options, NULL, on_portal_answer, presentation);
        presentation->built = TRUE;
        g_free(parent);
        g_free(command);
        g_free(url);
        return;
    }
    presentation->opened_via = has_command ? "command" : "desktop";
    if (has_command) {
        char **words = g_strsplit_set(command, " \t", -1);
        GPtrArray *argv = g_ptr_array_new();
        for (char **word = words; *word; word++) if (**word) g_ptr_array_add(argv, *word);
        g_ptr_array_add(argv, url);
        g_ptr_array_add(argv, NULL);
        started = g_spawn_async(NULL, (char **)argv->pdata, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDIN_FROM_DEV_NULL,
                                NULL, NULL, NULL, &failure);
        g_ptr_array_unref(argv);
        g_strfreev(words);
    } else {
        started = g_app_info_launch_default_for_uri(url, NULL, &failure);
    }
    if (!started) {
        rxm_error_set(presentation->error, RXM_ERR_IO, "openURL: cannot start a browser: %s",
                      failure ? failure->message : "unknown error");
    } else {
        presentation->built = TRUE;
    }
    if (failure) g_error_free(failure);
    g_free(command);
    g_free(url);
}

static void add_strings_option(GVariantBuilder *options, const char *key, const rxm_value *list) {
    if (!list || list->type != RXM_ARRAY || list->as.array.count == 0) return;
    GVariantBuilder strings;
    g_variant_builder_init(&strings, G_VARIANT_TYPE_STRING_ARRAY);
    for (size_t i = 0; i < list->as.array.count; i++) {
        const rxm_value *item = &list->as.array.items[i];
        if (item->type != RXM_STRING) continue;
        char *text = g_strndup(item->as.string.utf8, item->as.string.length);
        g_variant_builder_add(&strings, "s", text);
        g_free(text);
    }
    g_variant_builder_add(options, "{sv}", key, g_variant_builder_end(&strings));
}

static void add_string_option(GVariantBuilder *options, const char *key, const rxm_value *spec) {
    char *text = copy_string(spec, key);
    if (text) g_variant_builder_add(options, "{sv}", key, g_variant_new_string(text));
    g_free(text);
}

/* The session's version of a portal, or FALSE after filling the error: a surface
** without it refuses the primitive (RXM_ERR_UNSUPPORTED), as the header allows, so
** that a plugin can take another way. */
static gboolean require_portal(rxm_presentation *presentation, const char *interface, const char *what) {
    char *why = NULL;
    if (portal_version(interface, &why) > 0) return TRUE;
    rxm_error_set(presentation->error, RXM_ERR_UNSUPPORTED, "the desktop surface has no %s here: %s offers no %s (%s)",
                  what, "xdg-desktop-portal", interface, why ? why : "unknown reason");
    g_free(why);
    return FALSE;
}

/* "files": the desktop's file chooser, through the FileChooser portal. */
static void build_files(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    if (!require_portal(presentation, "org.freedesktop.portal.FileChooser", "file chooser")) return;
    char *title = copy_string(spec, "title");
    char *parent = copy_string(spec, "parentWindow");
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&options, "{sv}", "modal", g_variant_new_boolean(TRUE));
    g_variant_builder_add(&options, "{sv}", "multiple", g_variant_new_boolean(bool_member(spec, "multiple", FALSE)));
    char *accept = copy_string(spec, "acceptLabel");
    if (accept) g_variant_builder_add(&options, "{sv}", "accept_label", g_variant_new_string(accept));
    const rxm_value *types = array_member(spec, "mimeTypes");
    if (types && types->as.array.count > 0) {
        /* One filter, a(sa(us)): its name and its patterns, 1 meaning a MIME type. */
        char *name = copy_string(spec, "filterName");
        GVariantBuilder patterns;
        g_variant_builder_init(&patterns, G_VARIANT_TYPE("a(us)"));
        for (size_t i = 0; i < types->as.array.count; i++) {
            const rxm_value *type = &types->as.array.items[i];
            if (type->type != RXM_STRING) continue;
            char *text = g_strndup(type->as.string.utf8, type->as.string.length);
            g_variant_builder_add(&patterns, "(us)", 1, text);
            g_free(text);
        }
        GVariant *filter = g_variant_ref_sink(g_variant_new("(s@a(us))", name ? name : "Files", g_variant_builder_end(&patterns)));
        g_variant_builder_add(&options, "{sv}", "filters", g_variant_new_array(G_VARIANT_TYPE("(sa(us))"), &filter, 1));
        g_variant_builder_add(&options, "{sv}", "current_filter", filter);
        g_variant_unref(filter);
        g_free(name);
    }
    presentation->request = portal_request_start("org.freedesktop.portal.FileChooser", "OpenFile", parent,
                                                 title && *title ? title : "Open", &options, NULL,
                                                 on_portal_answer, presentation);
    presentation->built = TRUE;
    g_free(accept);
    g_free(parent);
    g_free(title);
}

/* "composeEmail": the message handed to the user's mail client, through the Email
** portal. Attachments go as file descriptors, opened here, so that the portal
** reads exactly the files named (and a sandboxed host can hand files it can read). */
static void build_compose_email(rxm_presentation *presentation) {
    const rxm_value *spec = presentation->spec;
    if (!require_portal(presentation, "org.freedesktop.portal.Email", "mail client")) return;
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE_VARDICT);
    add_strings_option(&options, "addresses", array_member(spec, "to"));
    add_strings_option(&options, "cc", array_member(spec, "cc"));
    add_strings_option(&options, "bcc", array_member(spec, "bcc"));
    add_string_option(&options, "subject", spec);
    add_string_option(&options, "body", spec);
    const rxm_value *attachments = array_member(spec, "attachments");
    GUnixFDList *fds = NULL;
    if (attachments && attachments->as.array.count > 0) {
        fds = g_unix_fd_list_new();
        GVariantBuilder handles;
        g_variant_builder_init(&handles, G_VARIANT_TYPE("ah"));
        for (size_t i = 0; i < attachments->as.array.count; i++) {
            const rxm_value *item = &attachments->as.array.items[i];
            if (item->type != RXM_STRING) continue;
            char *path = g_strndup(item->as.string.utf8, item->as.string.length);
            int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
            if (fd < 0) {
                rxm_error_set(presentation->error, RXM_ERR_IO, "composeEmail: cannot attach %s: %s", path, g_strerror(errno));
                g_free(path);
                g_variant_builder_clear(&handles);
                g_variant_builder_clear(&options);
                g_object_unref(fds);
                return;
            }
            gint index = g_unix_fd_list_append(fds, fd, NULL);
            close(fd);
            g_variant_builder_add(&handles, "h", index);
            g_free(path);
        }
        g_variant_builder_add(&options, "{sv}", "attachment_fds", g_variant_builder_end(&handles));
    }
    char *parent = copy_string(spec, "parentWindow");
    presentation->request = portal_request_start("org.freedesktop.portal.Email", "ComposeEmail", parent, NULL,
                                                 &options, fds, on_portal_answer, presentation);
    presentation->built = TRUE;
    if (fds) g_object_unref(fds);
    g_free(parent);
}

/* Makes the window transient for the host's window named by a portal-style handle,
** once GTK has realized it. An unknown kind of handle, or one for another backend
** than the display's, is ignored: the modal is shown, only not attached. */
static void attach_to_parent(GtkWidget *window, const char *handle) {
    if (!handle || !*handle) return;
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    if (!surface) return;
#ifdef GDK_WINDOWING_X11
    if (g_str_has_prefix(handle, "x11:") && GDK_IS_X11_SURFACE(surface)) {
        char *end = NULL;
        unsigned long parent = strtoul(handle + 4, &end, 0);
        if (parent == 0 || !end || *end) return;
        Display *display = gdk_x11_display_get_xdisplay(gdk_surface_get_display(surface));
        XSetTransientForHint(display, gdk_x11_surface_get_xid(surface), (Window)parent);
        return;
    }
#endif
#ifdef GDK_WINDOWING_WAYLAND
    if (g_str_has_prefix(handle, "wayland:") && GDK_IS_WAYLAND_TOPLEVEL(surface)) {
        gdk_wayland_toplevel_set_transient_for_exported(GDK_TOPLEVEL(surface), (char *)handle + 8);
        return;
    }
#endif
}

static void build_on_gtk_thread(void *pointer) {
    rxm_presentation *presentation = pointer;
    switch (presentation->kind) {
    case KIND_DIALOG: build_dialog(presentation); break;
    case KIND_PROMPT: build_prompt(presentation); break;
    case KIND_CHOICE: build_choice(presentation); break;
    case KIND_FORM: build_form(presentation); break;
    case KIND_PROGRESS: build_progress(presentation); break;
    case KIND_OPEN_URL:
        build_open_url(presentation);
        if (presentation->built && !presentation->request) answer_opened(presentation);   /* held until show() returns */
        return;
    case KIND_FILES: build_files(presentation); return;
    case KIND_COMPOSE_EMAIL: build_compose_email(presentation); return;
    }
    if (presentation->built) {
        /* Return takes the default action: from a text field (which activates the
        ** default), or with the default button focused when there is no field. */
        if (presentation->text_fields && presentation->text_fields->len > 0)
            gtk_window_set_focus(GTK_WINDOW(presentation->window), g_ptr_array_index(presentation->text_fields, 0));
        else if (presentation->suggested_button)
            gtk_window_set_focus(GTK_WINDOW(presentation->window), presentation->suggested_button);
        gtk_widget_realize(presentation->window);
        char *parent = copy_string(presentation->spec, "parentWindow");
        attach_to_parent(presentation->window, parent);
        g_free(parent);
        gtk_window_present(GTK_WINDOW(presentation->window));
    } else if (presentation->window) {
        gtk_window_destroy(GTK_WINDOW(presentation->window));
        presentation->window = NULL;
    }
}

static void destroy_on_gtk_thread(void *pointer) {
    rxm_presentation *presentation = pointer;
    if (presentation->thumbnails) g_cancellable_cancel(presentation->thumbnails);
    /* The search entry reports a change a moment after it (a timeout of its own),
    ** which may come after the presentation is gone: nothing of it may call us. */
    if (presentation->search_entry) {
        g_signal_handlers_disconnect_by_data(presentation->search_entry, presentation);
        if (GTK_IS_LIST_BOX(presentation->choice_view))
            gtk_list_box_set_filter_func(GTK_LIST_BOX(presentation->choice_view), NULL, NULL, NULL);
        else
            gtk_flow_box_set_filter_func(GTK_FLOW_BOX(presentation->choice_view), NULL, NULL, NULL);
        presentation->search_entry = NULL;
    }
    portal_request_cancel(presentation->request);   /* closes a portal dialog still open */
    presentation->request = NULL;
    if (presentation->attachment_chooser) {
        GtkNativeDialog *chooser = presentation->attachment_chooser;
        presentation->attachment_chooser = NULL;
        g_signal_handlers_disconnect_by_data(chooser, presentation);
        gtk_native_dialog_destroy(chooser);
        g_object_unref(chooser);
    }
    if (presentation->window) gtk_window_destroy(GTK_WINDOW(presentation->window));
    presentation->window = NULL;
}

static void unref_presentation(rxm_presentation *presentation) {
    if (!g_atomic_int_dec_and_test(&presentation->refs)) return;
    if (presentation->action_buttons) g_ptr_array_unref(presentation->action_buttons);
    if (presentation->text_fields) g_ptr_array_unref(presentation->text_fields);
    if (presentation->choice_checks) g_ptr_array_unref(presentation->choice_checks);
    if (presentation->picked) g_array_unref(presentation->picked);
    if (presentation->fields) {
        for (guint i = 0; i < presentation->fields->len; i++) {
            form_field *field = &g_array_index(presentation->fields, form_field, i);
            g_free(field->name);
            g_strfreev(field->values);
            if (field->attachments) g_ptr_array_unref(field->attachments);
        }
        g_array_unref(presentation->fields);
    }
    if (presentation->portal_results) g_variant_unref(presentation->portal_results);
    if (presentation->thumbnails) g_object_unref(presentation->thumbnails);
    g_free(presentation->portal_failure);
    g_mutex_clear(&presentation->mutex);
    g_free(presentation);
}

/* ------------------------------------------------------------------------ */
/* The rxm_surface table                                                     */
/* ------------------------------------------------------------------------ */

static rxm_presentation *surface_show(void *context, const rxm_value *spec,
                                      rxm_presentation_callbacks callbacks, rxm_error *error) {
    (void)context;
    const rxm_value *primitive = rxm_value_member(spec, "primitive");
    primitive_kind kind;
    if (is_string(primitive, "dialog")) kind = KIND_DIALOG;
    else if (is_string(primitive, "prompt")) kind = KIND_PROMPT;
    else if (is_string(primitive, "choice")) kind = KIND_CHOICE;
    else if (is_string(primitive, "form")) kind = KIND_FORM;
    else if (is_string(primitive, "progress")) kind = KIND_PROGRESS;
    else if (is_string(primitive, "openURL")) kind = KIND_OPEN_URL;
    else if (is_string(primitive, "files")) kind = KIND_FILES;
    else if (is_string(primitive, "composeEmail")) kind = KIND_COMPOSE_EMAIL;
    else {
        rxm_error_set(error, RXM_ERR_NO_SURFACE, "the desktop surface does not show \"%.*s\"",
                      primitive && primitive->type == RXM_STRING ? (int)primitive->as.string.length : 7,
                      primitive && primitive->type == RXM_STRING ? primitive->as.string.utf8 : "unknown");
        return NULL;
    }
    if (!ensure_gtk(error)) return NULL;
    rxm_presentation *presentation = g_new0(rxm_presentation, 1);
    presentation->refs = 1;
    g_mutex_init(&presentation->mutex);
    presentation->callbacks = callbacks;
    presentation->kind = kind;
    presentation->spec = spec;
    presentation->error = error;
    on_gtk_thread_and_wait(build_on_gtk_thread, presentation);
    presentation->spec = NULL;
    presentation->error = NULL;
    if (!presentation->built) {
        if (error && error->code == RXM_OK)
            rxm_error_set(error, RXM_ERR_INTERNAL, "the desktop surface could not build its window");
        unref_presentation(presentation);
        return NULL;
    }
    g_mutex_lock(&presentation->mutex);
    presentation->returned = TRUE;
    g_mutex_unlock(&presentation->mutex);
    return presentation;
}

/* A patch, copied out of the caller's value so that it can be applied later on the
** GTK thread. */
typedef struct {
    rxm_presentation *presentation;   /* a reference of its own */
    char *title;                      /* NULL: unchanged */
    char *message;
    GArray *enabled;                  /* gboolean per action, or NULL */
} update_call;

static update_call *copy_patch(rxm_presentation *presentation, const rxm_value *patch) {
    update_call *call = g_new0(update_call, 1);
    g_atomic_int_inc(&presentation->refs);
    call->presentation = presentation;
    call->title = copy_string(patch, "title");
    call->message = copy_string(patch, "message");
    const rxm_value *actions = array_member(patch, "actions");
    if (actions) {
        call->enabled = g_array_sized_new(FALSE, FALSE, sizeof(gboolean), (guint)actions->as.array.count);
        for (size_t i = 0; i < actions->as.array.count; i++) {
            gboolean enabled = bool_member(&actions->as.array.items[i], "enabled", TRUE);
            g_array_append_val(call->enabled, enabled);
        }
    }
    return call;
}

static void free_update(gpointer pointer) {
    update_call *call = pointer;
    unref_presentation(call->presentation);
    g_free(call->title);
    g_free(call->message);
    if (call->enabled) g_array_unref(call->enabled);
    g_free(call);
}

/* On the GTK thread; a presentation taken down meanwhile has no window left. */
static gboolean apply_update(gpointer pointer) {
    update_call *call = pointer;
    rxm_presentation *presentation = call->presentation;
    if (!presentation->window) return G_SOURCE_REMOVE;
    if (call->title) gtk_window_set_title(GTK_WINDOW(presentation->window), call->title);
    if (call->message && presentation->message_label) {
        gtk_label_set_text(GTK_LABEL(presentation->message_label), call->message);
        gtk_widget_set_visible(presentation->message_label, *call->message != 0);
    }
    for (guint i = 0; call->enabled && presentation->action_buttons && i < call->enabled->len
                      && i < presentation->action_buttons->len; i++) {
        gtk_widget_set_sensitive(g_ptr_array_index(presentation->action_buttons, i), g_array_index(call->enabled, gboolean, i));
    }
    return G_SOURCE_REMOVE;
}

/* Applied on the GTK thread without waiting for it: a caller may hold a lock that a
** callback running there is waiting for (a picker updating its progress under its
** lock while the user's Cancel reaches it), and waiting would deadlock the two.
** Updates keep their order, and one that comes after a dismissal finds no window. */
static int surface_update(void *context, rxm_presentation *presentation, const rxm_value *patch, rxm_error *error) {
    (void)context;
    if (!presentation || !patch || patch->type != RXM_OBJECT)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "update needs a presentation and a patch object");
    update_call *call = copy_patch(presentation, patch);
    if (on_gtk_thread()) {
        apply_update(call);
        free_update(call);
    } else {
        g_main_context_invoke_full(NULL, G_PRIORITY_DEFAULT, apply_update, call, free_update);
    }
    return RXM_OK;
}

static void surface_dismiss(void *context, rxm_presentation *presentation) {
    (void)context;
    if (!presentation) return;
    g_mutex_lock(&presentation->mutex);
    presentation->dismissed = TRUE;
    g_mutex_unlock(&presentation->mutex);
    on_gtk_thread_and_wait(destroy_on_gtk_thread, presentation);
    /* A held answer still queued keeps the presentation until it has run. */
    unref_presentation(presentation);
}

static const rxm_surface desktop_surface = {
    sizeof(rxm_surface), NULL, "desktop", surface_show, surface_update, surface_dismiss,
};

/* The surface, for the life of the process. Never fails here: opening the display
** happens at the first show(), which reports a missing one as RXM_ERR_NO_SURFACE. */
RXM_GTK_EXPORT const rxm_surface *rxm_surface_gtk_open(void) {
    return &desktop_surface;
}
