/*
** A modal-kind plugin for the registry's tests and benchmark, compiled at test
** time with the system C compiler into real shared objects:
**
**     cc -shared -fPIC -I<repo>/Include -DKIND='"name"' [-DVARIANT_…] test_plugin.c
**
** Without a VARIANT_ macro it is a well-formed plugin with two configuration
** methods and a precondition. Each VARIANT_ macro breaks it in exactly one way
** the loader must refuse (or, for VARIANT_WITH_AUTHORIZATION and
** VARIANT_CONFIG_NEW_FAILS, adds a behaviour the tests exercise).
**
** It counts configurations in globals readable through test_plugin_live_configs()
** and test_plugin_config_frees(), so tests can prove config_free ran exactly once.
*/
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rxmodal_plugin.h"

#ifndef KIND
#define KIND "testgood"
#endif

static int live_configs = 0;
static int config_frees = 0;

__attribute__((visibility("default"))) int test_plugin_live_configs(void) { return live_configs; }
__attribute__((visibility("default"))) int test_plugin_config_frees(void) { return config_frees; }

typedef struct test_config {
    char title[128];
    int64_t count;
} test_config;

static void *config_new(rxm_error *error) {
#ifdef VARIANT_CONFIG_NEW_FAILS
    rxm_error_set(error, RXM_ERR_IO, "no configuration today");
    return NULL;
#else
    test_config *config = calloc(1, sizeof *config);
    if (!config) { rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory"); return NULL; }
    live_configs++;
    return config;
#endif
}

static void config_free(void *config) {
    if (!config) return;
    live_configs--;
    config_frees++;
    free(config);
}

static int set_title(void *config, const char *title, rxm_error *error) {
    (void)error;
    test_config *c = config;
    strncpy(c->title, title, sizeof c->title - 1);
    return RXM_OK;
}

static int set_count(void *config, int64_t count, rxm_error *error) {
    (void)error;
    ((test_config *)config)->count = count;
    return RXM_OK;
}

static int precondition(const void *config, rxm_error *error) {
    const test_config *c = config;
    if (c->count < 0) return rxm_error_set(error, RXM_ERR_UNSUPPORTED, "count %lld is negative", (long long)c->count);
    if (c->count == 13) return rxm_error_set(error, RXM_ERR_IO, "thirteen is unlucky");
    return RXM_OK;
}

static rxm_disposable present(void *config, const rxm_surface *surface, rxm_observer observer, rxm_error *error) {
    (void)config; (void)surface; (void)observer;
    rxm_disposable nothing = { NULL, NULL };
    rxm_error_set(error, RXM_ERR_UNSUPPORTED, "the registry's test plugin presents nothing");
    return nothing;
}

#if defined(VARIANT_WITH_AUTHORIZATION) || defined(VARIANT_HALF_AUTHORIZATION)
static rxm_authorization_status authorization_status(const void *config) {
    return ((const test_config *)config)->count > 0 ? RXM_AUTHORIZATION_AUTHORIZED : RXM_AUTHORIZATION_DENIED;
}
__attribute__((unused)) static rxm_disposable request_authorization(const void *config, const rxm_surface *surface,
                                            rxm_authorization_callback callback) {
    (void)config; (void)surface; (void)callback;
    rxm_disposable nothing = { NULL, NULL };
    return nothing;
}
#endif

#define FN(f) ((void (*)(void))(f))

static const rxm_method methods[] = {
#if defined(VARIANT_METHOD_NULL_NAME)
    { NULL, "s", FN(set_title), "title", "Sets the title." },
#elif defined(VARIANT_METHOD_NULL_SIGNATURE)
    { "setTitle", NULL, FN(set_title), "title", "Sets the title." },
#elif defined(VARIANT_METHOD_NULL_FUNCTION)
    { "setTitle", "s", NULL, "title", "Sets the title." },
#elif defined(VARIANT_BAD_SIGNATURE)
    { "setTitle", "sx", FN(set_title), "title,extra", "Sets the title." },
#elif defined(VARIANT_ARGUMENT_NAMES_MISMATCH)
    { "setTitle", "s", FN(set_title), "title,subtitle", "Sets the title." },
#else
    { "setTitle", "s", FN(set_title), "title", "Sets the title shown at the top." },
#endif
#if defined(VARIANT_DUPLICATE_METHODS)
    { "setTitle", "i", FN(set_count), "count", "Sets the title again." },
#else
    { "setCount", "i", FN(set_count), "count", "Sets how many; a negative count is unsupported." },
#endif
};

static const rxm_plugin_descriptor descriptor = {
#ifdef VARIANT_SMALL_STRUCT
    .struct_size = 8,
#else
    .struct_size = sizeof(rxm_plugin_descriptor),
#endif
#ifdef VARIANT_ABI_MAJOR_2
    .abi_major = 2,
#else
    .abi_major = RXM_PLUGIN_ABI_MAJOR,
#endif
    .abi_minor = RXM_PLUGIN_ABI_MINOR,
#if defined(VARIANT_NULL_KIND)
    .kind = NULL,
#elif defined(VARIANT_BAD_KIND_NAME)
    .kind = "bad kind!",
#else
    .kind = KIND,
#endif
    .version = "1.2.3",
    .summary = "A plugin for the registry's tests.",
    .result_description = "nothing: it never presents",
#ifndef VARIANT_NULL_CONFIG_NEW
    .config_new = config_new,
#endif
#ifndef VARIANT_NULL_CONFIG_FREE
    .config_free = config_free,
#endif
#ifdef VARIANT_NULL_METHODS_WITH_COUNT
    .methods = NULL,
#else
    .methods = methods,
#endif
    .method_count = sizeof methods / sizeof methods[0],
    .precondition = precondition,
#if defined(VARIANT_WITH_AUTHORIZATION)
    .authorization_status = authorization_status,
    .request_authorization = request_authorization,
#elif defined(VARIANT_HALF_AUTHORIZATION)
    .authorization_status = authorization_status,
#endif
#ifndef VARIANT_NULL_PRESENT
    .present = present,
#endif
};

#ifdef VARIANT_CONSTRUCTOR_LEAVES_MARKER
#include <fcntl.h>
/* Leaves /tmp/rxmodal-constructor-ran-<KIND> the moment the object is mapped:
** proof, for the loader's race test, that this code ran. */
__attribute__((constructor)) static void leave_marker(void) {
    int descriptor = open("/tmp/rxmodal-constructor-ran-" KIND, O_WRONLY | O_CREAT, 0644);
    if (descriptor >= 0) close(descriptor);
}
#endif

#ifdef VARIANT_NO_ENTRY
__attribute__((visibility("default"))) const rxm_plugin_descriptor *rxm_plugin_entry_misspelled(uint32_t major, uint32_t minor)
#else
__attribute__((visibility("default"))) const rxm_plugin_descriptor *rxm_plugin_entry(uint32_t major, uint32_t minor)
#endif
{
    (void)major; (void)minor;
#if defined(VARIANT_ENTRY_CRASHES)
    raise(SIGSEGV);
    return NULL;
#elif defined(VARIANT_ENTRY_EXITS)
    exit(42);
#elif defined(VARIANT_ENTRY_HANGS)
    for (;;) pause();
#elif defined(VARIANT_ENTRY_WILD_POINTER)
    return (const rxm_plugin_descriptor *)(uintptr_t)0x10;
#elif defined(VARIANT_ENTRY_NULL)
    return NULL;
#elif defined(VARIANT_DESCRIBES_ENVIRONMENT)
    /* Words its result after where it runs, as a plugin may say what it found. */
    static rxm_plugin_descriptor described;
    described = descriptor;
    const char *note = getenv("RXMODAL_TEST_PLUGIN_NOTE");
    described.result_description = note ? note : "no note";
    return &described;
#else
    return &descriptor;
#endif
}
