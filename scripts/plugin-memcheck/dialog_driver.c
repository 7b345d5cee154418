/*
** dialog_driver.c — drives a dialog plugin (alert or actionSheet) through its
** descriptor only, from C, as a host would, so that valgrind can check the
** plugin's memory handling: every configuration and presentation freed, no
** invalid read or write, on the normal paths, the error paths, the dispose
** races and the paths a careless host takes (config_free without dispose).
**
**     dialog_driver path/to/librxmodal-alert.so [race rounds, 30 by default]
**
** Exits 0 when every scenario behaved as expected, 1 with a message otherwise.
** scripts/plugin-memcheck runs it under valgrind.
*/
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rxmodal_plugin.h"

static const rxm_plugin_descriptor *plugin;
static int failures;

#define EXPECT(condition, ...) do { \
    if (!(condition)) { failures++; fprintf(stderr, "dialog_driver:%d: ", __LINE__); \
                        fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* ---- calling methods by name ------------------------------------------- */

static const rxm_method *method(const char *name) {
    size_t i;
    for (i = 0; i < plugin->method_count; i++)
        if (strcmp(plugin->methods[i].name, name) == 0) return &plugin->methods[i];
    return NULL;
}

typedef int (*method_s)(void *, const char *, rxm_error *);
typedef int (*method_ss)(void *, const char *, const char *, rxm_error *);
typedef int (*method_sss)(void *, const char *, const char *, const char *, rxm_error *);
typedef int (*method_i)(void *, int64_t, rxm_error *);
typedef int (*method_ib)(void *, int64_t, bool, rxm_error *);
typedef int (*method_v)(void *, const rxm_value *, rxm_error *);

static int call_s(void *config, const char *name, const char *a) {
    rxm_error error;
    return ((method_s)method(name)->function)(config, a, &error);
}
static int call_ss(void *config, const char *name, const char *a, const char *b) {
    rxm_error error;
    return ((method_ss)method(name)->function)(config, a, b, &error);
}
static int call_sss(void *config, const char *name, const char *a, const char *b, const char *c) {
    rxm_error error;
    return ((method_sss)method(name)->function)(config, a, b, c, &error);
}
static int call_i(void *config, const char *name, int64_t a) {
    rxm_error error;
    return ((method_i)method(name)->function)(config, a, &error);
}
static int call_ib(void *config, const char *name, int64_t a, bool b) {
    rxm_error error;
    return ((method_ib)method(name)->function)(config, a, b, &error);
}

static int call_v(void *config, const char *name, const rxm_value *a) {
    rxm_error error;
    return ((method_v)method(name)->function)(config, a, &error);
}

/* [{"title": t0, "style": s0}, {"title": t1, "style": s1, "enabled": false}] */
static int set_two_actions(void *config, const char *t0, const char *s0, const char *t1, const char *s1) {
    rxm_member first[2], second[3];
    rxm_value items[2], list;
    first[0].key = "title"; first[0].value = rxm_string(t0);
    first[1].key = "style"; first[1].value = rxm_string(s0);
    second[0].key = "title"; second[0].value = rxm_string(t1);
    second[1].key = "style"; second[1].value = rxm_string(s1);
    second[2].key = "enabled"; second[2].value = rxm_bool(false);
    items[0] = rxm_object(first, 2);
    items[1] = rxm_object(second, 3);
    list = rxm_array(items, 2);
    return call_v(config, "setActions", &list);
}

/* ---- a surface that remembers one presentation ------------------------- */

typedef struct fake_surface {
    pthread_mutex_t lock;
    rxm_presentation_callbacks callbacks;
    int shows, updates, dismissals;
    bool answer_inside_show;
    bool fail_show;
    size_t spec_actions;
} fake_surface;

static rxm_presentation *fake_show(void *context, const rxm_value *spec, rxm_presentation_callbacks callbacks,
                                   rxm_error *error);

static void answer(fake_surface *surface, int64_t action) {
    rxm_member member = { "action", rxm_int(action) };
    rxm_value result = rxm_object(&member, 1);
    rxm_presentation_callbacks callbacks;
    pthread_mutex_lock(&surface->lock);
    callbacks = surface->callbacks;
    pthread_mutex_unlock(&surface->lock);
    callbacks.on_result(callbacks.context, &result);
}

static rxm_presentation *fake_show(void *context, const rxm_value *spec, rxm_presentation_callbacks callbacks,
                                   rxm_error *error) {
    fake_surface *surface = context;
    const rxm_value *actions = rxm_value_member(spec, "actions");
    if (surface->fail_show) {
        rxm_error_set(error, RXM_ERR_NO_SURFACE, "no terminal");
        return NULL;
    }
    pthread_mutex_lock(&surface->lock);
    surface->callbacks = callbacks;
    surface->shows++;
    surface->spec_actions = actions && actions->type == RXM_ARRAY ? actions->as.array.count : 0;
    pthread_mutex_unlock(&surface->lock);
    if (surface->answer_inside_show) answer(surface, 0);
    return (rxm_presentation *)surface;
}

static int fake_update(void *context, rxm_presentation *presentation, const rxm_value *patch, rxm_error *error) {
    fake_surface *surface = context;
    (void)error;
    EXPECT(presentation == (rxm_presentation *)surface, "update of an unknown presentation");
    EXPECT(rxm_value_member(patch, "actions") != NULL || rxm_value_member(patch, "title") != NULL
           || rxm_value_member(patch, "message") != NULL, "a patch without actions, title or message");
    pthread_mutex_lock(&surface->lock);
    EXPECT(surface->dismissals == 0, "update after dismissal");
    surface->updates++;
    pthread_mutex_unlock(&surface->lock);
    return RXM_OK;
}

static void fake_dismiss(void *context, rxm_presentation *presentation) {
    fake_surface *surface = context;
    EXPECT(presentation == (rxm_presentation *)surface, "dismissal of an unknown presentation");
    pthread_mutex_lock(&surface->lock);
    surface->dismissals++;
    pthread_mutex_unlock(&surface->lock);
}

static rxm_surface make_surface(fake_surface *fake) {
    rxm_surface surface;
    memset(fake, 0, sizeof *fake);
    pthread_mutex_init(&fake->lock, NULL);
    surface.struct_size = sizeof surface;
    surface.context = fake;
    surface.name = "driver";
    surface.show = fake_show;
    surface.update = fake_update;
    surface.dismiss = fake_dismiss;
    return surface;
}

/* ---- an observer that counts ------------------------------------------- */

typedef struct counts {
    pthread_mutex_t lock;
    int next, error, completed;
    rxm_disposable dispose_inside_next;
} counts;

static void count_next(void *context, const rxm_value *value) {
    counts *c = context;
    EXPECT(rxm_value_member(value, "title") != NULL, "a result without title");
    pthread_mutex_lock(&c->lock);
    c->next++;
    pthread_mutex_unlock(&c->lock);
    if (c->dispose_inside_next.dispose) c->dispose_inside_next.dispose(c->dispose_inside_next.context);
}
static void count_error(void *context, const rxm_error *error) {
    counts *c = context;
    (void)error;
    pthread_mutex_lock(&c->lock);
    c->error++;
    pthread_mutex_unlock(&c->lock);
}
static void count_completed(void *context) {
    counts *c = context;
    pthread_mutex_lock(&c->lock);
    c->completed++;
    pthread_mutex_unlock(&c->lock);
}

static rxm_observer make_observer(counts *c) {
    rxm_observer observer;
    memset(c, 0, sizeof *c);
    pthread_mutex_init(&c->lock, NULL);
    observer.context = c;
    observer.on_next = count_next;
    observer.on_error = count_error;
    observer.on_completed = count_completed;
    return observer;
}

/* ---- scenarios ----------------------------------------------------------- */

static void *configured(void) {
    rxm_error error;
    void *config = plugin->config_new(&error);
    EXPECT(config != NULL, "config_new failed");
    EXPECT(call_s(config, "setTitle", "Title") == RXM_OK, "setTitle");
    EXPECT(call_s(config, "setTitle", "A longer title that replaces the first") == RXM_OK, "setTitle again");
    EXPECT(call_s(config, "setMessage", "Message") == RXM_OK, "setMessage");
    EXPECT(call_ss(config, "addAction", "OK", "default") == RXM_OK, "addAction");
    EXPECT(call_ss(config, "addAction", "Cancel", "cancel") == RXM_OK, "addAction cancel");
    EXPECT(call_ss(config, "addAction", "Delete", "destructive") == RXM_OK, "addAction destructive");
    EXPECT(call_i(config, "setPreferredAction", 0) == RXM_OK, "setPreferredAction");
    if (strcmp(plugin->kind, "alert") == 0) {
        EXPECT(call_sss(config, "addTextField", "email", "e-mail", "") == RXM_OK, "addTextField");
        EXPECT(call_sss(config, "addTextField", "password", "password", "x") == RXM_OK, "addTextField");
    } else {
        EXPECT(call_s(config, "setSource", "toolbar") == RXM_OK, "setSource");
        EXPECT(call_sss(config, "addTextField", "plain", "", "") == RXM_ERR_INVALID_ARGUMENT, "addTextField refused");
    }
    return config;
}

static void refusals(void) {
    rxm_error error;
    void *config = plugin->config_new(&error);
    fake_surface fake;
    rxm_surface surface = make_surface(&fake);
    counts c;
    rxm_disposable disposable;
    EXPECT(call_ss(config, "addAction", "OK", "primary") == RXM_ERR_INVALID_ARGUMENT, "unknown style");
    EXPECT(call_i(config, "setPreferredAction", 3) == RXM_ERR_INVALID_ARGUMENT, "preferred out of range");
    disposable = plugin->present(config, &surface, make_observer(&c), &error);
    EXPECT(disposable.dispose == NULL && error.code == RXM_ERR_INVALID_ARGUMENT, "no actions refused");
    EXPECT(call_ss(config, "addAction", "Cancel", "cancel") == RXM_OK, "cancel");
    EXPECT(call_ss(config, "addAction", "Close", "cancel") == RXM_ERR_INVALID_ARGUMENT, "second cancel");
    fake.fail_show = true;
    disposable = plugin->present(config, &surface, make_observer(&c), &error);
    EXPECT(disposable.dispose == NULL && error.code == RXM_ERR_NO_SURFACE, "failed show reported");
    plugin->config_free(config);
}

static void answered_then_disposed(bool inside_show) {
    rxm_error error;
    void *config = configured();
    fake_surface fake;
    rxm_surface surface = make_surface(&fake);
    counts c;
    rxm_disposable disposable;
    fake.answer_inside_show = inside_show;
    disposable = plugin->present(config, &surface, make_observer(&c), &error);
    EXPECT(fake.spec_actions == 3, "spec shows 3 actions");
    if (!inside_show) answer(&fake, 1);
    EXPECT(c.next == 1 && c.completed == 1, "value then completed");
    disposable.dispose(disposable.context);
    disposable.dispose(disposable.context);
    EXPECT(fake.dismissals == 1, "one dismissal");
    plugin->config_free(config);
}

static void disposed_before_answer(void) {
    rxm_error error;
    void *config = configured();
    fake_surface fake;
    rxm_surface surface = make_surface(&fake);
    counts c;
    rxm_disposable disposable = plugin->present(config, &surface, make_observer(&c), &error);
    disposable.dispose(disposable.context);
    answer(&fake, 0);
    EXPECT(c.next == 0 && c.completed == 0 && fake.dismissals == 1, "nothing after dispose, one dismissal");
    plugin->config_free(config);
}

static void disposed_inside_next(void) {
    rxm_error error;
    void *config = configured();
    fake_surface fake;
    rxm_surface surface = make_surface(&fake);
    counts c;
    rxm_observer observer = make_observer(&c);
    rxm_disposable disposable = plugin->present(config, &surface, observer, &error);
    c.dispose_inside_next = disposable;
    answer(&fake, 0);
    EXPECT(c.next == 1 && c.completed == 0 && fake.dismissals == 1, "dispose inside on_next stops completion");
    plugin->config_free(config);
}

static void updated_while_shown_then_left_to_config_free(void) {
    rxm_error error;
    void *config = configured();
    fake_surface fake;
    rxm_surface surface = make_surface(&fake);
    counts c;
    (void)plugin->present(config, &surface, make_observer(&c), &error);
    EXPECT(call_ib(config, "setActionEnabled", 2, false) == RXM_OK, "setActionEnabled while shown");
    EXPECT(fake.updates == 1, "one update");
    plugin->config_free(config);   /* never disposed: config_free takes it down */
    EXPECT(fake.dismissals == 1, "config_free dismissed the presentation");
}

static void changed_while_shown(void) {
    rxm_error error;
    void *config = configured();
    fake_surface fake;
    rxm_surface surface = make_surface(&fake);
    counts c;
    rxm_disposable disposable = plugin->present(config, &surface, make_observer(&c), &error);
    EXPECT(call_s(config, "setTitle", "Loaded") == RXM_OK, "setTitle while shown");
    EXPECT(call_s(config, "setMessage", "") == RXM_OK, "setMessage removed while shown");
    EXPECT(set_two_actions(config, "Edit", "default", "Close", "cancel") == RXM_OK, "setActions while shown");
    EXPECT(set_two_actions(config, "No", "cancel", "Close", "cancel") == RXM_ERR_INVALID_ARGUMENT, "two cancels refused");
    EXPECT(set_two_actions(config, "", "default", "Close", "cancel") == RXM_ERR_INVALID_ARGUMENT, "empty title refused");
    EXPECT(set_two_actions(config, "Edit", "primary", "Close", "cancel") == RXM_ERR_INVALID_ARGUMENT, "bad style refused");
    EXPECT(fake.updates == 3, "three updates, got %d", fake.updates);
    answer(&fake, 1);
    EXPECT(c.error == 1 && c.next == 0, "the new list's disabled action refused");
    disposable.dispose(disposable.context);
    EXPECT(fake.dismissals == 1, "one dismissal");
    plugin->config_free(config);
}

typedef struct race {
    void *config;
    fake_surface *fake;
    rxm_disposable disposable;
    int worker;
    bool use_set_actions;
} race;

static void *race_worker(void *argument) {
    race *r = argument;
    switch (r->worker) {
    case 0:
        if (r->use_set_actions) set_two_actions(r->config, "Edit", "default", "Close", "cancel");
        else call_ib(r->config, "setActionEnabled", 0, false);
        break;
    case 1: answer(r->fake, 1); break;
    default: r->disposable.dispose(r->disposable.context); break;
    }
    return NULL;
}

static void races(int rounds) {
    int round, i;
    for (round = 0; round < rounds; round++) {
        rxm_error error;
        void *config = configured();
        fake_surface fake;
        rxm_surface surface = make_surface(&fake);
        counts c;
        pthread_t threads[3];
        race workers[3];
        rxm_disposable disposable = plugin->present(config, &surface, make_observer(&c), &error);
        for (i = 0; i < 3; i++) {
            workers[i].config = config;
            workers[i].fake = &fake;
            workers[i].disposable = disposable;
            workers[i].worker = (i + round) % 3;
            workers[i].use_set_actions = round % 2 == 1;
            pthread_create(&threads[i], NULL, race_worker, &workers[i]);
        }
        for (i = 0; i < 3; i++) pthread_join(threads[i], NULL);
        disposable.dispose(disposable.context);
        EXPECT(fake.dismissals == 1, "round %d: one dismissal", round);
        /* Action 1 is Cancel in the old list and a disabled Close in the new one. */
        EXPECT(c.next <= 1 && c.completed <= c.next && c.error <= 1 && c.next + c.error <= 1, "round %d: grammar", round);
        plugin->config_free(config);
    }
}

int main(int argc, char **argv) {
    void *library;
    rxm_plugin_entry_function entry;
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s path/to/plugin.so [race rounds]\n", argv[0]);
        return 2;
    }
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "dialog_driver: %s\n", dlerror());
        return 2;
    }
    *(void **)&entry = dlsym(library, RXM_PLUGIN_ENTRY_SYMBOL);
    plugin = entry ? entry(RXM_PLUGIN_ABI_MAJOR, RXM_PLUGIN_ABI_MINOR) : NULL;
    if (!plugin) {
        fprintf(stderr, "dialog_driver: %s is not a plugin\n", argv[1]);
        return 2;
    }
    refusals();
    answered_then_disposed(false);
    answered_then_disposed(true);
    disposed_before_answer();
    disposed_inside_next();
    updated_while_shown_then_left_to_config_free();
    changed_while_shown();
    races(argc == 3 ? atoi(argv[2]) : 30);
    dlclose(library);
    if (failures) fprintf(stderr, "dialog_driver: %d failed expectation(s) for %s\n", failures, argv[1]);
    return failures ? 1 : 0;
}
