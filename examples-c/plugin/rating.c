/*
** rating.c — a modal kind written in C with rxmodal_plugin.h alone: "rating"
** asks for a number of stars, shown as a choice ("★", "★★", …) on whatever
** surface the host gives it. It emits {"stars": n} then completes, or
** {"cancelled": true} then completes when the user backs out (cancel is a value,
** as for the seed's composers).
**
**     cc -std=c99 -fPIC -shared -fvisibility=hidden -I<include dir> rating.c -o librxmodal-rating.so
**
** Methods: setTitle "s" (the question), setMaximum "i" (1…10 stars, default 5).
*/
#include <rxmodal_plugin.h>
#include <stdlib.h>
#include <string.h>

typedef struct rating_config {
    char *title;
    int64_t maximum;
} rating_config;

/* One presentation: what the surface calls back with, and what dispose needs. */
typedef struct rating_presentation {
    const rxm_surface *surface;
    rxm_presentation *shown;
    rxm_observer observer;
} rating_presentation;

static void *rating_config_new(rxm_error *error) {
    rating_config *config = calloc(1, sizeof *config);
    if (!config) { rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory"); return NULL; }
    config->title = NULL;
    config->maximum = 5;
    return config;
}

static void rating_config_free(void *config) {
    rating_config *c = config;
    if (!c) return;
    free(c->title);
    free(c);
}

static int rating_set_title(void *config, const char *title, rxm_error *error) {
    rating_config *c = config;
    size_t length = strlen(title);
    char *copy = malloc(length + 1);
    if (!copy) return rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
    memcpy(copy, title, length + 1);
    free(c->title);
    c->title = copy;
    return RXM_OK;
}

static int rating_set_maximum(void *config, int64_t maximum, rxm_error *error) {
    if (maximum < 1 || maximum > 10)
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "setMaximum: %lld is not between 1 and 10", (long long)maximum);
    ((rating_config *)config)->maximum = maximum;
    return RXM_OK;
}

/* The surface answered. Read everything needed first: the host may dispose
** (and so free `p`) from inside the observer calls below. */
static void rating_on_result(void *context, const rxm_value *result) {
    rating_presentation *p = context;
    rxm_observer observer = p->observer;
    const rxm_value *selected = rxm_value_member(result, "selected");
    rxm_member member;
    if (selected && selected->type == RXM_ARRAY && selected->as.array.count == 1
        && selected->as.array.items[0].type == RXM_INT) {
        member.key = "stars";
        member.value = rxm_int(selected->as.array.items[0].as.integer + 1);
    } else {
        member.key = "cancelled";
        member.value = rxm_bool(true);
    }
    rxm_value value = rxm_object(&member, 1);
    observer.on_next(observer.context, &value);
    observer.on_completed(observer.context);
}

static void rating_on_error(void *context, const rxm_error *error) {
    rating_presentation *p = context;
    rxm_observer observer = p->observer;
    observer.on_error(observer.context, error);
}

/* Dismissing waits for a surface callback running on another thread, and no
** callback starts after it: then the presentation can be freed. */
static void rating_dispose(void *context) {
    rating_presentation *p = context;
    p->surface->dismiss(p->surface->context, p->shown);
    free(p);
}

static rxm_disposable rating_present(void *config, const rxm_surface *surface, rxm_observer observer,
                                     rxm_error *error) {
    rating_config *c = config;
    rxm_disposable none = { NULL, NULL };
    static const char *const stars[] = { "★", "★★", "★★★", "★★★★", "★★★★★",
                                         "★★★★★★", "★★★★★★★", "★★★★★★★★", "★★★★★★★★★", "★★★★★★★★★★" };
    rxm_member items[10][1];
    rxm_value item_values[10];
    for (int64_t i = 0; i < c->maximum; i++) {
        items[i][0].key = "title";
        items[i][0].value = rxm_string(stars[i]);
        item_values[i] = rxm_object(items[i], 1);
    }
    rxm_member members[] = {
        { "primitive", rxm_string("choice") },
        { "title", rxm_string(c->title ? c->title : "How many stars?") },
        { "items", rxm_array(item_values, (size_t)c->maximum) },
    };
    rxm_value spec = rxm_object(members, sizeof members / sizeof members[0]);

    rating_presentation *p = calloc(1, sizeof *p);
    if (!p) { rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory"); return none; }
    p->surface = surface;
    p->observer = observer;
    rxm_presentation_callbacks callbacks = { p, rating_on_result, rating_on_error };
    p->shown = surface->show(surface->context, &spec, callbacks, error);
    if (!p->shown) { free(p); return none; }
    rxm_disposable disposable = { p, rating_dispose };
    return disposable;
}

static const rxm_method rating_methods[] = {
    { "setTitle", "s", (void (*)(void))rating_set_title, "title", "The question above the stars." },
    { "setMaximum", "i", (void (*)(void))rating_set_maximum, "maximum", "How many stars can be given, 1 to 10 (default 5)." },
};

static const rxm_plugin_descriptor rating_descriptor = {
    sizeof(rxm_plugin_descriptor),
    RXM_PLUGIN_ABI_MAJOR,
    RXM_PLUGIN_ABI_MINOR,
    "rating",
    "1.0.0",
    "Asks for a rating in stars (an example plugin written in C).",
    "one value, then completed: {\"stars\": i} or {\"cancelled\": true}",
    rating_config_new,
    rating_config_free,
    rating_methods,
    sizeof rating_methods / sizeof rating_methods[0],
    NULL,
    NULL,
    NULL,
    rating_present,
};

RXM_PLUGIN_EXPORT const rxm_plugin_descriptor *rxm_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor);

const rxm_plugin_descriptor *rxm_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == RXM_PLUGIN_ABI_MAJOR ? &rating_descriptor : NULL;
}
