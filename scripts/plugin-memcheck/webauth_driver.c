/*
** webauth_driver.c — drives the webAuthenticationSession plugin through its
** descriptor only, from C, as a host would, so that valgrind can check its
** memory and thread handling: a callback with dispose and config_free from
** inside on_completed (on the plugin's thread), dispose while waiting, Cancel on
** the surface, config_free without dispose, bad requests, and refused URLs.
**
**     webauth_driver path/to/librxmodal-webAuthenticationSession.so
**
** Exits 0 when every scenario behaved as expected. scripts/plugin-memcheck/run-webauth
** runs it under valgrind.
*/
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "rxmodal_plugin.h"

static const rxm_plugin_descriptor *plugin;
static int failures;

#define EXPECT(condition, ...) do { \
    if (!(condition)) { failures++; fprintf(stderr, "webauth_driver:%d: ", __LINE__); \
                        fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static const rxm_method *method(const char *name) {
    size_t i;
    for (i = 0; i < plugin->method_count; i++) if (strcmp(plugin->methods[i].name, name) == 0) return &plugin->methods[i];
    return NULL;
}

static int call_s(void *config, const char *name, const char *argument) {
    rxm_error error;
    return ((int (*)(void *, const char *, rxm_error *))method(name)->function)(config, argument, &error);
}

static void sleep_ms(int ms) {
    struct timespec pause = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&pause, NULL);
}

/* ---- a fake surface: answers openURL at once (from a thread), a prompt
** after `cancel_after_ms` if not negative, else never. ---------------------- */

typedef struct fake_presentation {
    rxm_presentation_callbacks callbacks;
    int primitive;                  /* 0 openURL, 1 prompt */
    int answer_after_ms;            /* -1: never */
    pthread_t thread;
    bool has_thread;
    pthread_mutex_t lock;
    bool dismissed;
} fake_presentation;

typedef struct fake_surface {
    pthread_mutex_t lock;
    char url[4096];
    int shown, dismissed;
    int cancel_after_ms;
} fake_surface;

static void *answer(void *argument) {
    fake_presentation *p = argument;
    sleep_ms(p->answer_after_ms);
    pthread_mutex_lock(&p->lock);
    if (!p->dismissed) {
        rxm_member opened[] = { { "opened", rxm_bool(true) } };
        rxm_member action[] = { { "action", rxm_int(0) } };
        rxm_value result = p->primitive == 0 ? rxm_object(opened, 1) : rxm_object(action, 1);
        /* Held during the callback, so that dismiss waits for it (the surface contract). */
        p->callbacks.on_result(p->callbacks.context, &result);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static rxm_presentation *fake_show(void *context, const rxm_value *spec, rxm_presentation_callbacks callbacks, rxm_error *error) {
    fake_surface *surface = context;
    const rxm_value *primitive = rxm_value_member(spec, "primitive");
    fake_presentation *p = calloc(1, sizeof *p);
    (void)error;
    pthread_mutex_init(&p->lock, NULL);
    p->callbacks = callbacks;
    p->primitive = strcmp(primitive->as.string.utf8, "openURL") == 0 ? 0 : 1;
    pthread_mutex_lock(&surface->lock);
    surface->shown++;
    if (p->primitive == 0) {
        const rxm_value *url = rxm_value_member(spec, "url");
        snprintf(surface->url, sizeof surface->url, "%s", url->as.string.utf8);
    }
    p->answer_after_ms = p->primitive == 0 ? 1 : surface->cancel_after_ms;
    pthread_mutex_unlock(&surface->lock);
    if (p->answer_after_ms >= 0) p->has_thread = pthread_create(&p->thread, NULL, answer, p) == 0;
    return (rxm_presentation *)p;
}

static int fake_update(void *context, rxm_presentation *presentation, const rxm_value *patch, rxm_error *error) {
    (void)context; (void)presentation; (void)patch; (void)error;
    return RXM_OK;
}

static void fake_dismiss(void *context, rxm_presentation *presentation) {
    fake_surface *surface = context;
    fake_presentation *p = (fake_presentation *)presentation;
    bool own_thread = p->has_thread && pthread_equal(pthread_self(), p->thread);
    if (!own_thread) pthread_mutex_lock(&p->lock);
    p->dismissed = true;
    if (!own_thread) pthread_mutex_unlock(&p->lock);
    if (p->has_thread) {
        if (own_thread) pthread_detach(p->thread);
        else pthread_join(p->thread, NULL);
    }
    pthread_mutex_lock(&surface->lock);
    surface->dismissed++;
    pthread_mutex_unlock(&surface->lock);
    if (!own_thread) { pthread_mutex_destroy(&p->lock); free(p); }
    /* From the answering thread itself the presentation leaks on purpose: the
    ** thread still holds its lock. The session never dismisses from there. */
}

/* ---- an observer that records, and optionally ends from inside ------------- */

typedef struct recorder {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int values, errors, completions;
    int32_t error_code;
    char url[1024];
    rxm_disposable disposable;
    void *config_to_free;           /* freed from inside on_completed when set */
    bool dispose_inside;
} recorder;

static void on_next(void *context, const rxm_value *value) {
    recorder *r = context;
    const rxm_value *url = rxm_value_member(value, "url");
    pthread_mutex_lock(&r->lock);
    r->values++;
    if (url && url->type == RXM_STRING) snprintf(r->url, sizeof r->url, "%s", url->as.string.utf8);
    pthread_mutex_unlock(&r->lock);
}

static void finish(recorder *r) {
    if (r->dispose_inside) r->disposable.dispose(r->disposable.context);
    if (r->config_to_free) plugin->config_free(r->config_to_free);
    pthread_mutex_lock(&r->lock);
    pthread_cond_broadcast(&r->changed);
    pthread_mutex_unlock(&r->lock);
}

static void on_error(void *context, const rxm_error *error) {
    recorder *r = context;
    pthread_mutex_lock(&r->lock);
    r->errors++;
    r->error_code = error->code;
    pthread_mutex_unlock(&r->lock);
    finish(r);
}

static void on_completed(void *context) {
    recorder *r = context;
    pthread_mutex_lock(&r->lock);
    r->completions++;
    pthread_mutex_unlock(&r->lock);
    finish(r);
}

static bool wait_terminal(recorder *r, int seconds) {
    struct timespec deadline;
    bool done;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += seconds;
    pthread_mutex_lock(&r->lock);
    while (r->errors + r->completions == 0) {
        if (pthread_cond_timedwait(&r->changed, &r->lock, &deadline) != 0) break;
    }
    done = r->errors + r->completions > 0;
    pthread_mutex_unlock(&r->lock);
    return done;
}

/* ---- helpers --------------------------------------------------------------- */

static int port_of(fake_surface *surface) {
    int i;
    for (i = 0; i < 500; i++) {
        char *at;
        pthread_mutex_lock(&surface->lock);
        at = strstr(surface->url, "127.0.0.1%3A");
        if (at) { int port = atoi(at + 12); pthread_mutex_unlock(&surface->lock); return port; }
        pthread_mutex_unlock(&surface->lock);
        sleep_ms(2);
    }
    return -1;
}

/* Sends "<line> HTTP/1.1" with the listener's Host and `headers` (NULL: none
** at all, not even Host); the answer's status, 0 when nothing listens. */
static int exchange_with(int port, const char *line, const char *headers) {
    int fd = socket(AF_INET, SOCK_STREAM, 0), status = -1;
    struct sockaddr_in address;
    char answer[2048], request[1024];
    ssize_t count;
    if (headers) snprintf(request, sizeof request, "%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%s\r\n", line, port, headers);
    else snprintf(request, sizeof request, "%s HTTP/1.1\r\n\r\n", line);
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) { close(fd); return 0; }
    send(fd, request, strlen(request), MSG_NOSIGNAL);
    count = recv(fd, answer, sizeof answer - 1, 0);
    if (count > 12) { answer[count] = '\0'; status = atoi(answer + 9); }
    close(fd);
    return status;
}

static int exchange(int port, const char *line) { return exchange_with(port, line, ""); }

static void *new_config(const char *url) {
    rxm_error error;
    void *config = plugin->config_new(&error);
    EXPECT(call_s(config, "setURL", url) == RXM_OK, "setURL");
    return config;
}

static rxm_surface make_surface(fake_surface *fake) {
    rxm_surface surface;
    memset(fake, 0, sizeof *fake);
    pthread_mutex_init(&fake->lock, NULL);
    fake->cancel_after_ms = -1;
    surface.struct_size = sizeof surface;
    surface.context = fake;
    surface.name = "fake";
    surface.show = fake_show;
    surface.update = fake_update;
    surface.dismiss = fake_dismiss;
    return surface;
}

static rxm_observer observer_for(recorder *r) {
    rxm_observer observer = { r, on_next, on_error, on_completed };
    memset(r, 0, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->changed, NULL);
    return observer;
}

#define URL "https://auth.example/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb&state=S123"

/* ---- scenarios ------------------------------------------------------------- */

static void callback_ending_inside(void) {
    fake_surface fake; rxm_surface surface = make_surface(&fake);
    recorder r; rxm_observer observer = observer_for(&r);
    rxm_error error;
    void *config = new_config(URL);
    int port;
    r.dispose_inside = true;
    r.config_to_free = config;
    r.disposable = plugin->present(config, &surface, observer, &error);
    port = port_of(&fake);
    EXPECT(port > 0, "no port");
    EXPECT(exchange(port, "GET /cb?code=x&state=wrong") == 404, "wrong state");
    EXPECT(exchange(port, "POST /cb?code=x&state=S123") == 404, "POST");
    EXPECT(exchange(port, "GET /other") == 404, "path");
    EXPECT(exchange(port, "GET /cb?code=x&state=S123&state=x") == 400, "repeated state");
    EXPECT(exchange(port, "GET /cb?code=x&st%ZZate=S123") == 400, "malformed name");
    EXPECT(exchange_with(port, "GET /cb?code=x&state=S123", NULL) == 400, "no Host");
    EXPECT(exchange_with(port, "GET /cb?code=x&state=S123", "Host: attacker.example\r\n") == 400, "two Hosts");
    EXPECT(exchange(port, "GET /cb?code=secret&state=S123") == 200, "callback");
    EXPECT(wait_terminal(&r, 5), "no terminal event");
    EXPECT(r.values == 1 && r.completions == 1, "values %d completions %d", r.values, r.completions);
    EXPECT(strstr(r.url, "/cb?code=secret&state=S123") != NULL, "url %s", r.url);
    sleep_ms(50);   /* the worker frees the orphaned session as it exits */
    EXPECT(exchange(port, "GET /cb?code=secret&state=S123") == 0, "listener still open");
}

static void dispose_while_waiting(void) {
    fake_surface fake; rxm_surface surface = make_surface(&fake);
    recorder r; rxm_observer observer = observer_for(&r);
    rxm_error error;
    void *config = new_config(URL);
    rxm_disposable disposable = plugin->present(config, &surface, observer, &error);
    int port = port_of(&fake);
    sleep_ms(20);
    disposable.dispose(disposable.context);
    disposable.dispose(disposable.context);   /* idempotent */
    EXPECT(exchange(port, "GET /cb?code=x&state=S123") == 0, "listener open after dispose");
    EXPECT(r.values + r.errors + r.completions == 0, "events after dispose");
    EXPECT(fake.shown == fake.dismissed, "shown %d dismissed %d", fake.shown, fake.dismissed);
    plugin->config_free(config);
}

static void cancel_on_surface(void) {
    fake_surface fake; rxm_surface surface = make_surface(&fake);
    recorder r; rxm_observer observer = observer_for(&r);
    rxm_error error;
    void *config = new_config(URL);
    rxm_disposable disposable;
    fake.cancel_after_ms = 10;
    disposable = plugin->present(config, &surface, observer, &error);
    EXPECT(wait_terminal(&r, 5), "no terminal event");
    EXPECT(r.errors == 1 && r.error_code == RXM_ERR_CANCELLED, "errors %d code %d", r.errors, r.error_code);
    disposable.dispose(disposable.context);
    plugin->config_free(config);
}

static void careless_host(void) {
    fake_surface fake; rxm_surface surface = make_surface(&fake);
    recorder r; rxm_observer observer = observer_for(&r);
    rxm_error error;
    void *config = new_config(URL);
    plugin->present(config, &surface, observer, &error);
    port_of(&fake);
    plugin->config_free(config);   /* without dispose */
}

static void refused(void) {
    static const char *const urls[] = {
        "https://auth.example/authorize?client_id=a&redirect_uri=http%3A%2F%2F127.0.0.1%2Fcb",
        "https://auth.example/authorize?client_id=a&state=s",
        "https://auth.example/authorize?redirect_uri=http%3A%2F%2Fevil.example%2Fcb&state=s",
        "https://auth.example/authorize?redirect_uri=%ZZ&state=s",
    };
    size_t i;
    for (i = 0; i < sizeof urls / sizeof urls[0]; i++) {
        fake_surface fake; rxm_surface surface = make_surface(&fake);
        recorder r; rxm_observer observer = observer_for(&r);
        rxm_error error;
        void *config = new_config(urls[i]);
        rxm_disposable disposable;
        memset(&error, 0, sizeof error);
        disposable = plugin->present(config, &surface, observer, &error);
        EXPECT(disposable.dispose == NULL && error.code == RXM_ERR_INVALID_ARGUMENT, "%s: code %d", urls[i], error.code);
        plugin->config_free(config);
    }
}

int main(int argc, char **argv) {
    void *handle;
    rxm_plugin_entry_function entry;
    if (argc < 2) { fprintf(stderr, "usage: webauth_driver plugin.so\n"); return 2; }
    handle = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!handle) { fprintf(stderr, "%s\n", dlerror()); return 2; }
    entry = (rxm_plugin_entry_function)dlsym(handle, RXM_PLUGIN_ENTRY_SYMBOL);
    plugin = entry(RXM_PLUGIN_ABI_MAJOR, RXM_PLUGIN_ABI_MINOR);
    callback_ending_inside();
    dispose_while_waiting();
    cancel_on_surface();
    careless_host();
    refused();
    sleep_ms(100);
    dlclose(handle);
    if (failures) fprintf(stderr, "webauth_driver: %d failure(s)\n", failures);
    else fprintf(stderr, "webauth_driver: every scenario behaved as expected\n");
    return failures ? 1 : 0;
}
