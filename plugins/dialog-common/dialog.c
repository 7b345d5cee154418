/*
** dialog.c — configuration, validation and presentation of a dialog (alert or
** action sheet) on an rxm_surface, for the alert and actionSheet plugins.
**
** LOCKING
**   One mutex per configuration protects the configuration and every
**   presentation made from it. It is never held while calling into the surface
**   or the observer: a surface may answer from inside show() or update(), and an
**   observer may dispose from inside on_next, so holding it there would
**   deadlock. Instead each presentation records which thread is inside the
**   surface (show, update) and which is inside the observer (a surface
**   callback); dispose() waits for those calls when they run on other threads,
**   and when they run on its own thread it leaves the dismissal to the call in
**   progress, which performs it as soon as the surface returns.
**
** LIFETIME
**   The configuration is reference counted: one reference for the host (dropped
**   by config_free) and one for each call in progress that must outlive a
**   config_free made from inside it (a surface callback, present, an update).
**   Presentations live in the configuration until it is destroyed, so that
**   their disposables stay idempotent however often the host calls them.
*/
#include "rxm_dialog.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Data                                                                      */
/* ------------------------------------------------------------------------ */

enum { ACTION_DEFAULT = 0, ACTION_CANCEL = 1, ACTION_DESTRUCTIVE = 2 };
static const char *const action_style_names[] = { "default", "cancel", "destructive" };

enum { FIELD_PLAIN = 0, FIELD_EMAIL = 1, FIELD_PASSWORD = 2, FIELD_PHONE = 3 };
static const char *const field_kind_names[] = { "plain", "email", "password", "phone" };

typedef struct dialog_action {
    char *title;
    int style;
    bool enabled;
} dialog_action;

/* An action list is immutable once made and shared by reference: the
** configuration holds the current one, each presentation the one its surface
** shows (and, during an update, the one being sent). References are counted
** under the configuration's lock. */
typedef struct action_list {
    size_t references;
    size_t count;
    dialog_action items[];
} action_list;

typedef struct dialog_text_field {
    int kind;
    char *placeholder;
    char *text;
} dialog_text_field;

typedef struct dialog_session dialog_session;

typedef struct dialog_config {
    pthread_mutex_t lock;
    pthread_cond_t changed;        /* a session left the surface or the observer */
    unsigned references;
    rxm_dialog_style style;
    char *title;                   /* NULL: none */
    char *message;
    char *source;
    dialog_text_field *fields;
    size_t field_count, field_capacity;
    action_list *actions;          /* the current list; NULL: none yet */
    int64_t preferred;             /* -1: none */
    dialog_session *sessions;      /* every presentation, newest first */
} dialog_config;

struct dialog_session {
    dialog_session *next;
    dialog_config *config;
    const rxm_surface *surface;
    rxm_observer observer;
    rxm_presentation *presentation;
    action_list *shown_actions;    /* the list the surface last accepted (show or update) */
    action_list *pending_actions;  /* the list an update() in progress is sending, or NULL */
    size_t field_count;
    bool shown;                    /* show() returned a presentation */
    bool answered;                 /* the one surface callback was accepted */
    bool disposed;
    bool dismissed;                /* surface->dismiss was called (or show failed) */
    bool in_surface;               /* show() or update() is running */
    pthread_t surface_thread;
    bool in_callback;              /* the observer is being called */
    pthread_t callback_thread;
};

/* ------------------------------------------------------------------------ */
/* Helpers                                                                   */
/* ------------------------------------------------------------------------ */

static char *copy_string(const char *string) {
    size_t length = strlen(string);
    char *copy = malloc(length + 1);
    if (copy) memcpy(copy, string, length + 1);
    return copy;
}

/* A user string for an error message: at most 60 bytes, cut on a UTF-8
** character boundary so that the message stays valid UTF-8. */
typedef struct { char text[72]; } quoted;
static quoted quote(const char *string) {
    quoted result;
    size_t length = strlen(string), cut = length;
    if (cut > 60) {
        cut = 60;
        while (cut > 0 && ((unsigned char)string[cut] & 0xC0) == 0x80) cut--;
    }
    memcpy(result.text, string, cut);
    if (cut < length) memcpy(result.text + cut, "\xE2\x80\xA6", 4);   /* "…" */
    else result.text[cut] = '\0';
    return result;
}

/* Grows an array to hold one more element; false when out of memory. */
static bool reserve(void **items, size_t *capacity, size_t count, size_t element_size) {
    size_t new_capacity;
    void *grown;
    if (count < *capacity) return true;
    new_capacity = *capacity ? *capacity * 2 : 4;
    if (new_capacity > ((size_t)-1) / element_size) return false;
    grown = realloc(*items, new_capacity * element_size);
    if (!grown) return false;
    *items = grown;
    *capacity = new_capacity;
    return true;
}

static int out_of_memory(rxm_error *error) {
    return rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
}

static int no_config(rxm_error *error) {
    return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no configuration (NULL)");
}

static int null_argument(rxm_error *error, const char *name) {
    return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "%s must not be NULL", name);
}

static void lock(dialog_config *config) { pthread_mutex_lock(&config->lock); }
static void unlock(dialog_config *config) { pthread_mutex_unlock(&config->lock); }

static size_t count_of(const action_list *list) { return list ? list->count : 0; }

/* A list of `count` actions with empty titles, one reference; NULL when out of memory. */
static action_list *list_new(size_t count) {
    action_list *list;
    if (count > (((size_t)-1) - sizeof *list) / sizeof(dialog_action)) return NULL;
    list = calloc(1, sizeof *list + count * sizeof(dialog_action));
    if (!list) return NULL;
    list->references = 1;
    list->count = count;
    return list;
}

static void list_free(action_list *list) {
    size_t i;
    for (i = 0; i < list->count; i++) free(list->items[i].title);
    free(list);
}

/* With the lock held (or before the list is shared). */
static action_list *list_retain(action_list *list) {
    if (list) list->references++;
    return list;
}

/* With the lock held (or before the list is shared). */
static void list_release(action_list *list) {
    if (list && --list->references == 0) list_free(list);
}

/* A copy of the first `count` actions of `source` and `extra` empty slots; NULL when out of memory. */
static action_list *list_copy(const action_list *source, size_t extra) {
    size_t i, count = count_of(source);
    action_list *list = list_new(count + extra);
    if (!list) return NULL;
    for (i = 0; i < count; i++) {
        list->items[i] = source->items[i];
        list->items[i].title = copy_string(source->items[i].title);
        if (!list->items[i].title) {
            list->count = i;
            list_free(list);
            return NULL;
        }
    }
    return list;
}

static void config_destroy(dialog_config *config) {
    size_t i;
    dialog_session *session = config->sessions;
    while (session) {
        dialog_session *next = session->next;
        list_release(session->shown_actions);
        list_release(session->pending_actions);
        free(session);
        session = next;
    }
    for (i = 0; i < config->field_count; i++) {
        free(config->fields[i].placeholder);
        free(config->fields[i].text);
    }
    list_release(config->actions);
    free(config->fields);
    free(config->title);
    free(config->message);
    free(config->source);
    pthread_cond_destroy(&config->changed);
    pthread_mutex_destroy(&config->lock);
    free(config);
}

/* Drops a reference taken with `references++` under the lock. */
static void config_unpin(dialog_config *config) {
    bool last;
    lock(config);
    last = --config->references == 0;
    unlock(config);
    if (last) config_destroy(config);
}

/* Replaces an optional string; an empty string removes it. */
static int replace_string(dialog_config *config, char **slot, const char *value, rxm_error *error) {
    char *copy = NULL;
    if (value[0] != '\0' && !(copy = copy_string(value))) return out_of_memory(error);
    lock(config);
    free(*slot);
    *slot = copy;
    unlock(config);
    return RXM_OK;
}

/* ------------------------------------------------------------------------ */
/* Configuration                                                             */
/* ------------------------------------------------------------------------ */

void *rxm_dialog_config_new(rxm_dialog_style style, rxm_error *error) {
    dialog_config *config = calloc(1, sizeof *config);
    if (!config) {
        out_of_memory(error);
        return NULL;
    }
    if (pthread_mutex_init(&config->lock, NULL) != 0) {
        free(config);
        rxm_error_set(error, RXM_ERR_INTERNAL, "cannot create a mutex");
        return NULL;
    }
    if (pthread_cond_init(&config->changed, NULL) != 0) {
        pthread_mutex_destroy(&config->lock);
        free(config);
        rxm_error_set(error, RXM_ERR_INTERNAL, "cannot create a condition variable");
        return NULL;
    }
    config->references = 1;
    config->style = style;
    config->preferred = -1;
    return config;
}

static void session_dispose(void *context);

void rxm_dialog_config_free(void *opaque) {
    dialog_config *config = opaque;
    if (!config) return;
    /* The host disposes every presentation before freeing its configuration;
    ** if it did not, take down what is still shown rather than leak it. */
    for (;;) {
        dialog_session *session;
        lock(config);
        for (session = config->sessions; session && session->disposed; session = session->next) {}
        unlock(config);
        if (!session) break;
        session_dispose(session);
    }
    config_unpin(config);
}

int rxm_dialog_set_source(void *opaque, const char *source, rxm_error *error) {
    dialog_config *config = opaque;
    if (!config) return no_config(error);
    if (!source) return null_argument(error, "source");
    if (config->style != RXM_DIALOG_ACTION_SHEET)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "only an action sheet has a source");
    if (source[0] == '\0')
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "the source must not be empty");
    return replace_string(config, &config->source, source, error);
}

static int find_name(const char *const *names, int count, const char *name) {
    int i;
    for (i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0) return i;
    return -1;
}

int rxm_dialog_add_text_field(void *opaque, const char *kind, const char *placeholder, const char *text,
                              rxm_error *error) {
    dialog_config *config = opaque;
    dialog_text_field field;
    void *fields;
    if (!config) return no_config(error);
    if (!kind) return null_argument(error, "kind");
    if (!placeholder) return null_argument(error, "placeholder");
    if (!text) return null_argument(error, "text");
    if (config->style != RXM_DIALOG_ALERT)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "an action sheet has no text fields (as in UIKit): use an alert");
    field.kind = find_name(field_kind_names, 4, kind);
    if (field.kind < 0)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "unknown text field kind \xE2\x80\x9C%s\xE2\x80\x9D: expected plain, email, password or phone",
                             quote(kind).text);
    field.placeholder = copy_string(placeholder);
    field.text = copy_string(text);
    lock(config);
    fields = config->fields;
    if (!field.placeholder || !field.text
        || !reserve(&fields, &config->field_capacity, config->field_count, sizeof field)) {
        config->fields = fields;
        unlock(config);
        free(field.placeholder);
        free(field.text);
        return out_of_memory(error);
    }
    config->fields = fields;
    config->fields[config->field_count++] = field;
    unlock(config);
    return RXM_OK;
}

/* The style named `style`, or an error like addAction's. */
static int parse_style(const char *style, rxm_error *error) {
    int found = find_name(action_style_names, 3, style);
    if (found < 0)
        rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                      "unknown action style \xE2\x80\x9C%s\xE2\x80\x9D: expected default, cancel or destructive",
                      quote(style).text);
    return found;
}

/* RXM_OK unless `list` (of which the first `count` actions are filled) has
** a cancel action before index `count` while the action at `count` is one too. */
static int check_single_cancel(const dialog_action *actions, size_t count, int style, rxm_error *error) {
    size_t i;
    if (style != ACTION_CANCEL) return RXM_OK;
    for (i = 0; i < count; i++) {
        if (actions[i].style == ACTION_CANCEL)
            return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                                 "a dialog has at most one cancel action, and action %zu "
                                 "(\xE2\x80\x9C%s\xE2\x80\x9D) is one already", i, quote(actions[i].title).text);
    }
    return RXM_OK;
}

int rxm_dialog_add_action(void *opaque, const char *title, const char *style, rxm_error *error) {
    dialog_config *config = opaque;
    action_list *list, *old;
    int parsed, status;
    if (!config) return no_config(error);
    if (!title) return null_argument(error, "title");
    if (!style) return null_argument(error, "style");
    if (title[0] == '\0') return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "an action needs a title");
    parsed = parse_style(style, error);
    if (parsed < 0) return RXM_ERR_INVALID_ARGUMENT;
    /* Methods run serially, so the current list does not change under us. */
    old = config->actions;
    status = check_single_cancel(old ? old->items : NULL, count_of(old), parsed, error);
    if (status != RXM_OK) return status;
    list = list_copy(old, 1);
    if (!list) return out_of_memory(error);
    list->items[list->count - 1].title = copy_string(title);
    list->items[list->count - 1].style = parsed;
    list->items[list->count - 1].enabled = true;
    if (!list->items[list->count - 1].title) {
        list->count--;
        list_free(list);
        return out_of_memory(error);
    }
    lock(config);
    config->actions = list;
    list_release(old);
    unlock(config);
    return RXM_OK;
}

static int index_out_of_range(rxm_error *error, int64_t index, size_t count) {
    if (count == 0)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "action index %lld is out of range: the dialog has no actions yet", (long long)index);
    return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                         "action index %lld is out of range: the dialog has %zu action%s (0 to %zu)",
                         (long long)index, count, count == 1 ? "" : "s", count - 1);
}

int rxm_dialog_set_preferred_action(void *opaque, int64_t index, rxm_error *error) {
    dialog_config *config = opaque;
    if (!config) return no_config(error);
    lock(config);
    if (index < -1 || (index >= 0 && (uint64_t)index >= count_of(config->actions))) {
        size_t count = count_of(config->actions);
        unlock(config);
        if (index < -1)
            return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                                 "action index %lld is out of range: use -1 for no preferred action",
                                 (long long)index);
        return index_out_of_range(error, index, count);
    }
    config->preferred = index;
    unlock(config);
    return RXM_OK;
}

/* ------------------------------------------------------------------------ */
/* Specs                                                                     */
/* ------------------------------------------------------------------------ */

/* Storage for the value trees of one spec or patch. */
typedef struct spec_storage {
    rxm_value *action_values;
    rxm_member *action_members;
    rxm_value *field_values;
    rxm_member *field_members;
} spec_storage;

static void spec_storage_free(spec_storage *storage) {
    free(storage->action_values);
    free(storage->action_members);
    free(storage->field_values);
    free(storage->field_members);
}

/* The "actions" array of `list`, with `preferred` marked. */
static bool build_actions(const action_list *list, int64_t preferred, spec_storage *storage, rxm_value *out) {
    size_t i, count = count_of(list);
    storage->action_values = calloc(count ? count : 1, sizeof(rxm_value));
    storage->action_members = calloc(count ? count * 4 : 1, sizeof(rxm_member));
    if (!storage->action_values || !storage->action_members) return false;
    for (i = 0; i < count; i++) {
        const dialog_action *action = &list->items[i];
        rxm_member *members = &storage->action_members[i * 4];
        members[0].key = "title";
        members[0].value = rxm_string(action->title);
        members[1].key = "style";
        members[1].value = rxm_string(action_style_names[action->style]);
        members[2].key = "enabled";
        members[2].value = rxm_bool(action->enabled);
        members[3].key = "preferred";
        members[3].value = rxm_bool(preferred == (int64_t)i);
        storage->action_values[i] = rxm_object(members, 4);
    }
    *out = rxm_array(storage->action_values, count);
    return true;
}

/* The whole "dialog" spec, as rxmodal_plugin.h documents it. */
static bool build_spec(const dialog_config *config, spec_storage *storage, rxm_member members[7], rxm_value *spec) {
    size_t count = 0, i;
    members[count].key = "primitive";
    members[count++].value = rxm_string("dialog");
    members[count].key = "style";
    members[count++].value = rxm_string(config->style == RXM_DIALOG_ALERT ? "alert" : "actionSheet");
    if (config->title) {
        members[count].key = "title";
        members[count++].value = rxm_string(config->title);
    }
    if (config->message) {
        members[count].key = "message";
        members[count++].value = rxm_string(config->message);
    }
    if (config->source) {
        members[count].key = "source";
        members[count++].value = rxm_string(config->source);
    }
    if (config->field_count > 0) {
        storage->field_values = calloc(config->field_count, sizeof(rxm_value));
        storage->field_members = calloc(config->field_count * 3, sizeof(rxm_member));
        if (!storage->field_values || !storage->field_members) return false;
        for (i = 0; i < config->field_count; i++) {
            const dialog_text_field *field = &config->fields[i];
            rxm_member *field_members = &storage->field_members[i * 3];
            field_members[0].key = "kind";
            field_members[0].value = rxm_string(field_kind_names[field->kind]);
            field_members[1].key = "placeholder";
            field_members[1].value = rxm_string(field->placeholder);
            field_members[2].key = "text";
            field_members[2].value = rxm_string(field->text);
            storage->field_values[i] = rxm_object(field_members, 3);
        }
        members[count].key = "textFields";
        members[count++].value = rxm_array(storage->field_values, config->field_count);
    }
    members[count].key = "actions";
    if (!build_actions(config->actions, config->preferred, storage, &members[count++].value)) return false;
    *spec = rxm_object(members, count);
    return true;
}

/* ------------------------------------------------------------------------ */
/* Presentation                                                              */
/* ------------------------------------------------------------------------ */

/* Called with the lock held when a call into the surface returns: performs a
** dismissal that dispose() left to this thread. Returns the presentation to
** dismiss (after unlocking), or NULL. */
static rxm_presentation *leave_surface(dialog_session *session) {
    session->in_surface = false;
    pthread_cond_broadcast(&session->config->changed);
    if (session->disposed && session->shown && !session->dismissed) {
        session->dismissed = true;
        return session->presentation;
    }
    return NULL;
}

static void session_dispose(void *context) {
    dialog_session *session = context;
    dialog_config *config;
    rxm_presentation *presentation = NULL;
    pthread_t self = pthread_self();
    if (!session) return;
    config = session->config;
    lock(config);
    if (session->disposed) {
        unlock(config);
        return;
    }
    session->disposed = true;
    /* No observer call may start after dispose returns, and the surface must not
    ** be dismissed while another thread is inside show() or update(). */
    while ((session->in_surface && !pthread_equal(session->surface_thread, self))
           || (session->in_callback && !pthread_equal(session->callback_thread, self)))
        pthread_cond_wait(&config->changed, &config->lock);
    /* When this thread is itself inside show() or update() (the surface answered
    ** from inside it and the observer disposed), the dismissal happens as soon as
    ** the surface returns: see leave_surface. */
    if (!session->in_surface && session->shown && !session->dismissed) {
        session->dismissed = true;
        presentation = session->presentation;
    }
    unlock(config);
    if (presentation) session->surface->dismiss(session->surface->context, presentation);
}

/* Accepts the one surface callback of a presentation, or refuses a late or
** second one. On acceptance the configuration is pinned until callback_done. */
static bool callback_begin(dialog_session *session) {
    dialog_config *config = session->config;
    lock(config);
    if (session->answered || session->disposed) {
        unlock(config);
        return false;
    }
    session->answered = true;
    session->in_callback = true;
    session->callback_thread = pthread_self();
    config->references++;
    return true;   /* still locked */
}

static void callback_done(dialog_session *session) {
    dialog_config *config = session->config;
    bool last;
    lock(config);
    session->in_callback = false;
    pthread_cond_broadcast(&config->changed);
    last = --config->references == 0;
    unlock(config);
    if (last) config_destroy(config);
}

static bool still_subscribed(dialog_session *session) {
    bool subscribed;
    lock(session->config);
    subscribed = !session->disposed;
    unlock(session->config);
    return subscribed;
}

static void session_on_result(void *context, const rxm_value *result) {
    dialog_session *session = context;
    dialog_config *config = session->config;
    const rxm_value *action = rxm_value_member(result, "action");
    const rxm_value *texts = rxm_value_member(result, "textFields");
    rxm_error problem;
    rxm_value *items = NULL;
    rxm_member members[4];
    rxm_value value;
    const char *title = NULL;
    int style = 0;
    size_t i, field_count = session->field_count;
    bool failed = false;
    action_list *list;

    if (!callback_begin(session)) return;
    /* The answer's index refers to the list the surface had when it answered:
    ** the one it last accepted, or the one being sent when it answers from
    ** inside that update() on the same thread. An answer from another thread
    ** while an update is in progress refers to the list before it. Held until
    ** the value was delivered. */
    list = session->pending_actions && session->in_surface && pthread_equal(session->surface_thread, pthread_self())
               ? session->pending_actions : session->shown_actions;
    list_retain(list);
    problem.code = RXM_OK;
    problem.message[0] = '\0';
    if (!action || action->type != RXM_INT) {
        failed = true;
        rxm_error_set(&problem, RXM_ERR_INVALID_ARGUMENT, "the surface answered without an integer \"action\"");
    } else if (action->as.integer < 0 || (uint64_t)action->as.integer >= count_of(list)) {
        failed = true;
        rxm_error_set(&problem, RXM_ERR_INVALID_ARGUMENT,
                      "the surface answered action %lld, but the dialog shows %zu action%s",
                      (long long)action->as.integer, count_of(list), count_of(list) == 1 ? "" : "s");
    } else if (!list->items[action->as.integer].enabled) {
        failed = true;
        rxm_error_set(&problem, RXM_ERR_INVALID_ARGUMENT,
                      "the surface answered action %lld (\xE2\x80\x9C%s\xE2\x80\x9D), which is disabled",
                      (long long)action->as.integer, quote(list->items[action->as.integer].title).text);
    } else {
        title = list->items[action->as.integer].title;
        style = list->items[action->as.integer].style;
    }
    if (!failed && texts) {
        if (texts->type != RXM_ARRAY || texts->as.array.count != field_count) {
            failed = true;
            rxm_error_set(&problem, RXM_ERR_INVALID_ARGUMENT,
                          "the surface answered %s for \"textFields\", but the dialog shows %zu text field%s",
                          texts->type == RXM_ARRAY ? "a different number of strings" : "a non-array",
                          field_count, field_count == 1 ? "" : "s");
        } else {
            for (i = 0; i < field_count && !failed; i++) {
                if (texts->as.array.items[i].type != RXM_STRING) {
                    failed = true;
                    rxm_error_set(&problem, RXM_ERR_INVALID_ARGUMENT,
                                  "the surface answered a non-string for text field %zu", i);
                }
            }
        }
    }
    if (!failed && !texts && field_count > 0) {
        /* The surface reported no text: the fields keep their initial text. */
        items = calloc(field_count, sizeof *items);
        if (!items) {
            failed = true;
            out_of_memory(&problem);
        } else {
            for (i = 0; i < field_count; i++) items[i] = rxm_string(config->fields[i].text);
        }
    }
    unlock(config);

    if (failed) {
        session->observer.on_error(session->observer.context, &problem);
    } else {
        members[0].key = "action";
        members[0].value = rxm_int(action->as.integer);
        members[1].key = "title";
        members[1].value = rxm_string(title);
        members[2].key = "style";
        members[2].value = rxm_string(action_style_names[style]);
        members[3].key = "textFields";
        members[3].value = texts ? *texts : rxm_array(items, field_count);
        value = rxm_object(members, 4);
        session->observer.on_next(session->observer.context, &value);
        if (still_subscribed(session)) session->observer.on_completed(session->observer.context);
    }
    free(items);
    lock(config);
    list_release(list);
    unlock(config);
    callback_done(session);
}

static void session_on_error(void *context, const rxm_error *error) {
    dialog_session *session = context;
    rxm_error fallback;
    if (!callback_begin(session)) return;
    unlock(session->config);
    if (!error) {
        rxm_error_set(&fallback, RXM_ERR_INTERNAL, "the surface failed without saying why");
        error = &fallback;
    }
    session->observer.on_error(session->observer.context, error);
    callback_done(session);
}

rxm_disposable rxm_dialog_present(void *opaque, const rxm_surface *surface, rxm_observer observer,
                                  rxm_error *error) {
    dialog_config *config = opaque;
    rxm_disposable none = { NULL, NULL };
    rxm_disposable disposable;
    dialog_session *session;
    spec_storage storage = { NULL, NULL, NULL, NULL };
    rxm_member members[7];
    rxm_value spec;
    rxm_presentation_callbacks callbacks;
    rxm_presentation *presentation, *dismiss_now;
    rxm_error show_error;

    if (!config) {
        no_config(error);
        return none;
    }
    if (!surface || surface->struct_size < sizeof(rxm_surface) || !surface->show || !surface->dismiss) {
        rxm_error_set(error, RXM_ERR_NO_SURFACE, "the surface cannot show dialogs (no show or dismiss function)");
        return none;
    }
    if (!observer.on_next || !observer.on_error || !observer.on_completed) {
        rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "the observer lacks on_next, on_error or on_completed");
        return none;
    }
    session = calloc(1, sizeof *session);
    if (!session) {
        out_of_memory(error);
        return none;
    }
    lock(config);
    if (count_of(config->actions) == 0) {
        unlock(config);
        free(session);
        rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "a dialog needs at least one action");
        return none;
    }
    if (!build_spec(config, &storage, members, &spec)) {
        unlock(config);
        spec_storage_free(&storage);
        free(session);
        out_of_memory(error);
        return none;
    }
    session->config = config;
    session->surface = surface;
    session->observer = observer;
    session->shown_actions = list_retain(config->actions);
    session->field_count = config->field_count;
    session->in_surface = true;
    session->surface_thread = pthread_self();
    session->next = config->sessions;
    config->sessions = session;
    config->references++;
    unlock(config);

    callbacks.context = session;
    callbacks.on_result = session_on_result;
    callbacks.on_error = session_on_error;
    show_error.code = RXM_OK;
    show_error.message[0] = '\0';
    presentation = surface->show(surface->context, &spec, callbacks, &show_error);
    spec_storage_free(&storage);

    lock(config);
    if (!presentation) {
        session->disposed = true;
        session->dismissed = true;
        leave_surface(session);
        unlock(config);
        config_unpin(config);
        if (show_error.code == RXM_OK)
            rxm_error_set(error, RXM_ERR_NO_SURFACE, "the surface could not show the dialog");
        else if (error)
            *error = show_error;
        return none;
    }
    session->presentation = presentation;
    session->shown = true;
    dismiss_now = leave_surface(session);
    unlock(config);
    if (dismiss_now) surface->dismiss(surface->context, dismiss_now);
    config_unpin(config);
    disposable.context = session;
    disposable.dispose = session_dispose;
    return disposable;
}


/* ------------------------------------------------------------------------ */
/* Changes while shown                                                       */
/* ------------------------------------------------------------------------ */

/* Sends every presentation still waiting for an answer the patch of `key`
** ("title", "message" or "actions") built from the configuration as it is now.
** Methods run serially with present() and with each other, so the session list
** and the configuration's fields do not change under us; only the sessions'
** flags do, under the lock, which is never held while calling the surface.
** Returns the first failure of a presentation that was still waiting (an update
** refused because it was answered or disposed meanwhile is no error). */
static int send_patch(dialog_config *config, const char *key, rxm_error *error) {
    dialog_session *session;
    size_t live = 0;
    int status = RXM_OK;
    bool actions = strcmp(key, "actions") == 0;
    lock(config);
    for (session = config->sessions; session; session = session->next) {
        if (session->shown && !session->answered && !session->disposed && !session->in_surface) {
            session->in_surface = true;
            session->surface_thread = pthread_self();
            if (actions) session->pending_actions = list_retain(config->actions);
            live++;
        }
    }
    if (live == 0) {
        unlock(config);
        return RXM_OK;
    }
    config->references++;
    unlock(config);

    for (session = config->sessions; session; session = session->next) {
        spec_storage storage = { NULL, NULL, NULL, NULL };
        rxm_member member;
        rxm_value patch;
        rxm_error update_error;
        rxm_presentation *dismiss_now;
        action_list *replaced = NULL;
        int result = RXM_OK;
        bool mine;
        lock(config);
        mine = session->in_surface && pthread_equal(session->surface_thread, pthread_self());
        unlock(config);
        if (!mine) continue;
        update_error.code = RXM_OK;
        update_error.message[0] = '\0';
        member.key = key;
        if (actions) {
            if (!build_actions(session->pending_actions, config->preferred, &storage, &member.value))
                result = out_of_memory(&update_error);
        } else {
            const char *text = strcmp(key, "title") == 0 ? config->title : config->message;
            /* An empty string removed it: the patch says so with null. */
            member.value = text ? rxm_string(text) : rxm_null();
        }
        if (result != RXM_OK) {
            /* already failed */
        } else if (!session->surface->update) {
            result = rxm_error_set(&update_error, RXM_ERR_UNSUPPORTED,
                                   "the surface cannot change a dialog while it is shown");
        } else {
            patch = rxm_object(&member, 1);
            result = session->surface->update(session->surface->context, session->presentation, &patch,
                                              &update_error);
            if (result != RXM_OK && update_error.code == RXM_OK) {
                update_error.code = result;
                strcpy(update_error.message, "the surface could not update the dialog");
            }
        }
        spec_storage_free(&storage);
        lock(config);
        if (result != RXM_OK && status == RXM_OK && !session->answered && !session->disposed) {
            status = result;
            if (error) *error = update_error;
        }
        if (session->pending_actions) {
            /* The surface accepted the list: later answers refer to it. An
            ** answer already accepted keeps the list it used (retained by it). */
            if (result == RXM_OK) {
                replaced = session->shown_actions;
                session->shown_actions = session->pending_actions;
            } else {
                replaced = session->pending_actions;
            }
            session->pending_actions = NULL;
            list_release(replaced);
        }
        dismiss_now = leave_surface(session);
        unlock(config);
        if (dismiss_now) session->surface->dismiss(session->surface->context, dismiss_now);
    }
    config_unpin(config);
    return status;
}

int rxm_dialog_set_title(void *config, const char *title, rxm_error *error) {
    int status;
    if (!config) return no_config(error);
    if (!title) return null_argument(error, "title");
    status = replace_string(config, &((dialog_config *)config)->title, title, error);
    return status == RXM_OK ? send_patch(config, "title", error) : status;
}

int rxm_dialog_set_message(void *config, const char *message, rxm_error *error) {
    int status;
    if (!config) return no_config(error);
    if (!message) return null_argument(error, "message");
    status = replace_string(config, &((dialog_config *)config)->message, message, error);
    return status == RXM_OK ? send_patch(config, "message", error) : status;
}

int rxm_dialog_set_action_enabled(void *opaque, int64_t index, bool enabled, rxm_error *error) {
    dialog_config *config = opaque;
    action_list *list, *old;
    if (!config) return no_config(error);
    old = config->actions;
    if (index < 0 || (uint64_t)index >= count_of(old)) return index_out_of_range(error, index, count_of(old));
    if (!(list = list_copy(old, 0))) return out_of_memory(error);
    list->items[index].enabled = enabled;
    lock(config);
    config->actions = list;
    list_release(old);
    unlock(config);
    return send_patch(config, "actions", error);
}

/* One item of setActions' array, validated as addAction validates its arguments. */
static int parse_action_item(const rxm_value *item, size_t index, dialog_action *out, rxm_error *error) {
    const rxm_value *title = rxm_value_member(item, "title");
    const rxm_value *style = rxm_value_member(item, "style");
    const rxm_value *enabled = rxm_value_member(item, "enabled");
    size_t i;
    if (!item || item->type != RXM_OBJECT)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "actions[%zu] must be an object {\"title\", \"style\", \"enabled\"?}", index);
    for (i = 0; i < item->as.object.count; i++) {
        const char *key = item->as.object.members[i].key;
        if (!key || (strcmp(key, "title") != 0 && strcmp(key, "style") != 0 && strcmp(key, "enabled") != 0))
            return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                                 "actions[%zu] has an unknown key \xE2\x80\x9C%s\xE2\x80\x9D: expected title, style and enabled",
                                 index, key ? quote(key).text : "(NULL)");
    }
    if (!title || title->type != RXM_STRING || !title->as.string.utf8)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "actions[%zu] needs a string \"title\"", index);
    if (title->as.string.length == 0 || strlen(title->as.string.utf8) != title->as.string.length)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "actions[%zu]: an action needs a title (non-empty, without NUL)", index);
    if (!style || style->type != RXM_STRING || !style->as.string.utf8)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "actions[%zu] needs a string \"style\" (default, cancel or destructive)", index);
    if (enabled && enabled->type != RXM_BOOL)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "actions[%zu]: \"enabled\" must be a bool", index);
    out->style = parse_style(style->as.string.utf8, error);
    if (out->style < 0) return RXM_ERR_INVALID_ARGUMENT;
    out->enabled = enabled ? enabled->as.boolean : true;
    out->title = (char *)title->as.string.utf8;   /* borrowed until copied */
    return RXM_OK;
}

int rxm_dialog_set_actions(void *opaque, const rxm_value *actions, rxm_error *error) {
    dialog_config *config = opaque;
    action_list *list, *old;
    const char *preferred_title = NULL;
    int64_t preferred = -1;
    size_t i, count;
    int status;
    if (!config) return no_config(error);
    if (!actions) return null_argument(error, "actions");
    if (actions->type != RXM_ARRAY)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "actions must be an array of {\"title\", \"style\", \"enabled\"?}");
    count = actions->as.array.count;
    if (count == 0) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "a dialog needs at least one action");
    if (!(list = list_new(count))) return out_of_memory(error);
    for (i = 0; i < count; i++) {
        dialog_action parsed;
        status = parse_action_item(&actions->as.array.items[i], i, &parsed, error);
        if (status == RXM_OK) status = check_single_cancel(list->items, i, parsed.style, error);
        if (status != RXM_OK) {
            list_free(list);
            return status;
        }
        list->items[i] = parsed;
        if (!(list->items[i].title = copy_string(parsed.title))) {
            list_free(list);
            return out_of_memory(error);
        }
    }
    old = config->actions;
    /* The preferred action stays preferred if the new list has an action of the
    ** same title (the first such); otherwise there is none. */
    if (config->preferred >= 0 && (uint64_t)config->preferred < count_of(old))
        preferred_title = old->items[config->preferred].title;
    for (i = 0; preferred_title && i < count; i++) {
        if (strcmp(list->items[i].title, preferred_title) == 0) {
            preferred = (int64_t)i;
            break;
        }
    }
    lock(config);
    config->actions = list;
    config->preferred = preferred;
    list_release(old);
    unlock(config);
    return send_patch(config, "actions", error);
}
