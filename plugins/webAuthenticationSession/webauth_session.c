/*
** webauth_session.c — one web authentication session: a loopback listener on a
** random port, the browser (started by the plugin or by the surface's openURL),
** a "waiting — Cancel" prompt on the surface, and the one callback it waits for.
**
** THREADS
**   Each session has one worker thread that owns everything that happens:
**   the listener and its connections, the surface presentations, the browser and
**   the observer calls. Surface callbacks and dispose only record what happened
**   under the session's lock and wake the worker through a pipe, so no lock is
**   ever held while calling the surface or the observer.
**
**   dispose() from another thread wakes the worker and joins it: when it
**   returns, the listener is closed (its port free) and every presentation is
**   dismissed. dispose() from the worker itself (from inside an observer call)
**   takes everything down at once, on that thread.
**
** LIFETIME
**   Sessions belong to their configuration, so that a disposable stays
**   callable (and idempotent) until the configuration is freed; config_free
**   joins their workers (or, when called from a worker, leaves that session
**   for the worker to free as it exits).
**
** SECRETS
**   The callback's query (the authorization code) is never logged or shown:
**   the prompt shows the authorization request URL, which carries no code, and
**   the callback URL goes to the observer alone.
*/
#define _GNU_SOURCE
#include "webauth_internal.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_CLIENTS 8
#define CLIENT_SECONDS 10

typedef struct wa_session session;

typedef struct slot {
    session *owner;
    int which;                      /* 0: openURL, 1: prompt */
} slot;

typedef struct client {
    int fd;                         /* -1: free */
    size_t length;
    double deadline;
    char buffer[WA_MAX_REQUEST];
} client;

typedef enum { ANSWER_NONE = 0, ANSWER_RESULT, ANSWER_ERROR } answer_kind;

struct wa_session {
    session *next;                  /* in the configuration's list */
    pthread_mutex_t lock;

    /* Fixed once present() returns. */
    char *url;                      /* the authorization request, with the bound port */
    char *path;                     /* the callback path */
    char *state;
    char *origin;                   /* "http://127.0.0.1:PORT"; "" for a custom scheme */
    char *socket_path;              /* a custom scheme's delivery socket; NULL: loopback HTTP */
    char *browser_command;          /* NULL: the surface's openURL */
    bool ephemeral;
    double deadline;                /* monotonic seconds; 0: none */
    const rxm_surface *surface;
    rxm_observer observer;
    int wake[2];
    pthread_t worker;

    /* Guarded by lock. */
    bool disposed;
    bool torn_down;
    bool joined;
    bool orphaned;                  /* config_free ran on the worker: it frees the session */
    answer_kind answers[2];
    int64_t prompt_action;
    rxm_error surface_errors[2];
    bool opened;

    /* The worker's own. */
    int listener;
    rxm_presentation *presentations[2];
    slot slots[2];
    client clients[MAX_CLIENTS];
    wa_browser browser;
    bool finished;                  /* a terminal event was sent */
};

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static void wake(session *s) {
    char byte = 1;
    ssize_t ignored = write(s->wake[1], &byte, 1);
    (void)ignored;
}

/* ---- surface callbacks (any thread) ------------------------------------- */

static void on_surface_result(void *context, const rxm_value *result) {
    slot *from = context;
    session *s = from->owner;
    pthread_mutex_lock(&s->lock);
    if (s->answers[from->which] == ANSWER_NONE) {
        s->answers[from->which] = ANSWER_RESULT;
        if (from->which == 0) {
            const rxm_value *opened = rxm_value_member(result, "opened");
            s->opened = opened && opened->type == RXM_BOOL && opened->as.boolean;
        } else {
            const rxm_value *action = rxm_value_member(result, "action");
            s->prompt_action = action && action->type == RXM_INT ? action->as.integer : -1;
        }
    }
    pthread_mutex_unlock(&s->lock);
    wake(s);
}

static void on_surface_error(void *context, const rxm_error *error) {
    slot *from = context;
    session *s = from->owner;
    pthread_mutex_lock(&s->lock);
    if (s->answers[from->which] == ANSWER_NONE) {
        s->answers[from->which] = ANSWER_ERROR;
        s->surface_errors[from->which] = *error;
        s->surface_errors[from->which].message[RXM_ERROR_MESSAGE_SIZE - 1] = '\0';
    }
    pthread_mutex_unlock(&s->lock);
    wake(s);
}

/* ---- the worker ----------------------------------------------------------- */

static bool is_disposed(session *s) {
    bool disposed;
    pthread_mutex_lock(&s->lock);
    disposed = s->disposed;
    pthread_mutex_unlock(&s->lock);
    return disposed;
}

static void fail(session *s, int32_t code, const char *message) {
    rxm_error error;
    if (s->finished) return;
    s->finished = true;
    rxm_error_set_message(&error, code, message);
    if (!is_disposed(s) && s->observer.on_error) s->observer.on_error(s->observer.context, &error);
}

static void close_listener(session *s) {
    int i;
    if (s->listener >= 0) {
        close(s->listener);
        if (s->socket_path) unlink(s->socket_path);
    }
    s->listener = -1;
    for (i = 0; i < MAX_CLIENTS; i++) {
        if (s->clients[i].fd >= 0) close(s->clients[i].fd);
        s->clients[i].fd = -1;
    }
}

static void dismiss(session *s, int which) {
    if (s->presentations[which]) s->surface->dismiss(s->surface->context, s->presentations[which]);
    s->presentations[which] = NULL;
}

/* Takes everything down, on the worker's thread; once. */
static void tear_down(session *s) {
    pthread_mutex_lock(&s->lock);
    if (s->torn_down) { pthread_mutex_unlock(&s->lock); return; }
    s->torn_down = true;
    pthread_mutex_unlock(&s->lock);
    close_listener(s);
    dismiss(s, 1);
    dismiss(s, 0);
    wa_browser_finish(&s->browser);
}

static bool show(session *s, int which, const rxm_value *spec) {
    rxm_error error;
    rxm_presentation_callbacks callbacks;
    memset(&error, 0, sizeof error);
    callbacks.context = &s->slots[which];
    callbacks.on_result = on_surface_result;
    callbacks.on_error = on_surface_error;
    s->presentations[which] = s->surface->show(s->surface->context, spec, callbacks, &error);
    if (!s->presentations[which]) {
        char message[RXM_ERROR_MESSAGE_SIZE];
        error.message[RXM_ERROR_MESSAGE_SIZE - 1] = '\0';
        snprintf(message, sizeof message, "presentationContextNotProvided: the %s surface cannot show the %s: %.400s",
                 s->surface->name ? s->surface->name : "", which == 0 ? "browser" : "waiting prompt", error.message);
        fail(s, RXM_ERR_NO_SURFACE, message);
        return false;
    }
    return true;
}

static void show_prompt(session *s) {
    char message[4096];
    rxm_member action_members[] = {
        { "title", rxm_string("Cancel") },
        { "style", rxm_string("cancel") },
    };
    rxm_value actions[1];
    rxm_member members[4];
    rxm_value spec;
    actions[0] = rxm_object(action_members, 2);
    snprintf(message, sizeof message,
             "Waiting for you to sign in in your browser. If no browser opened, visit:\n%s", s->url);
    members[0].key = "primitive"; members[0].value = rxm_string("prompt");
    members[1].key = "title";     members[1].value = rxm_string("Sign in with your browser");
    members[2].key = "message";   members[2].value = rxm_string(message);
    members[3].key = "actions";   members[3].value = rxm_array(actions, 1);
    spec = rxm_object(members, 4);
    show(s, 1, &spec);
}

static void start(session *s) {
    if (s->browser_command) {
        rxm_error error;
        if (wa_browser_start(s->browser_command, s->url, s->ephemeral, &s->browser, &error) != RXM_OK) {
            fail(s, error.code, error.message);
            return;
        }
        show_prompt(s);
    } else {
        rxm_member members[3] = {
            { "primitive", rxm_string("openURL") },
            { "url", rxm_string(s->url) },
            { "ephemeral", rxm_bool(s->ephemeral) },
        };
        rxm_value spec = rxm_object(members, 3);
        show(s, 0, &spec);
    }
}

/* Acts on what the surface answered since the last look. */
static void handle_answers(session *s) {
    answer_kind answers[2];
    rxm_error errors[2];
    bool opened;
    int64_t action;
    pthread_mutex_lock(&s->lock);
    memcpy(answers, s->answers, sizeof answers);
    memcpy(errors, s->surface_errors, sizeof errors);
    opened = s->opened;
    action = s->prompt_action;
    /* Each answer is handled once. */
    if (answers[0] != ANSWER_NONE && s->presentations[0] == NULL) answers[0] = ANSWER_NONE;
    pthread_mutex_unlock(&s->lock);

    if (answers[0] != ANSWER_NONE && s->presentations[0]) {
        dismiss(s, 0);
        if (answers[0] == ANSWER_ERROR || !opened) {
            char message[RXM_ERROR_MESSAGE_SIZE];
            snprintf(message, sizeof message, "presentationContextNotProvided: no browser could be opened: %.400s",
                     answers[0] == ANSWER_ERROR ? errors[0].message : "the surface did not open the URL");
            fail(s, RXM_ERR_NO_SURFACE, message);
            return;
        }
        show_prompt(s);
    }
    if (answers[1] != ANSWER_NONE && s->presentations[1] && !s->finished) {
        if (answers[1] == ANSWER_ERROR) {
            fail(s, errors[1].code ? errors[1].code : RXM_ERR_INTERNAL, errors[1].message);
        } else {
            (void)action;   /* the prompt's only action is Cancel */
            fail(s, RXM_ERR_CANCELLED, "canceledLogin: the user cancelled the sign-in");
        }
    }
}

static void accept_clients(session *s) {
    for (;;) {
        int fd = accept4(s->listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC), i;
        if (fd < 0) return;
        for (i = 0; i < MAX_CLIENTS && s->clients[i].fd >= 0; i++) {}
        if (i == MAX_CLIENTS) {
            /* Too many at once: make room by dropping the oldest, so that idle
            ** connections cannot keep the browser's callback out. */
            int oldest = 0, j;
            for (j = 1; j < MAX_CLIENTS; j++) {
                if (s->clients[j].deadline < s->clients[oldest].deadline) oldest = j;
            }
            close(s->clients[oldest].fd);
            i = oldest;
        }
        s->clients[i].fd = fd;
        s->clients[i].length = 0;
        s->clients[i].deadline = now() + CLIENT_SECONDS;
    }
}

static void respond(session *s, client *c, wa_request_verdict verdict) {
    const char *response = s->socket_path ? wa_scheme_response(verdict) : wa_response(verdict);
    ssize_t ignored = send(c->fd, response, strlen(response), MSG_NOSIGNAL);
    (void)ignored;
    shutdown(c->fd, SHUT_WR);
    close(c->fd);
    c->fd = -1;
}

static void deliver(session *s, const char *target) {
    size_t url_length = strlen(s->origin) + strlen(target) + 1;
    size_t redirect_length = strlen(s->origin) + strlen(s->path) + 1;
    char *url = malloc(url_length), *redirect = malloc(redirect_length);
    if (!url || !redirect) {
        free(url); free(redirect);
        fail(s, RXM_ERR_INTERNAL, "out of memory");
        return;
    }
    snprintf(url, url_length, "%s%s", s->origin, target);
    snprintf(redirect, redirect_length, "%s%s", s->origin, s->path);
    s->finished = true;
    if (!is_disposed(s)) {
        rxm_member members[2] = {
            { "url", rxm_string(url) },
            { "redirectURI", rxm_string(redirect) },
        };
        rxm_value value = rxm_object(members, 2);
        if (s->observer.on_next) s->observer.on_next(s->observer.context, &value);
        if (!is_disposed(s) && s->observer.on_completed) s->observer.on_completed(s->observer.context);
    }
    /* The target held the code: wipe it before freeing. */
    memset(url, 0, url_length);
    free(url);
    free(redirect);
}

static void serve_client(session *s, client *c) {
    ssize_t count = recv(c->fd, c->buffer + c->length, WA_MAX_REQUEST - c->length, 0);
    wa_request_verdict verdict;
    char *target = NULL;
    if (count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR)) {
        close(c->fd);
        c->fd = -1;
        return;
    }
    if (count < 0) return;
    c->length += (size_t)count;
    verdict = s->socket_path ? wa_judge_scheme_callback(c->buffer, c->length, s->path, s->state, &target)
                             : wa_judge_request(c->buffer, c->length, s->path, s->state,
                                                s->origin + strlen("http://"), &target);
    if (verdict == WA_REQUEST_INCOMPLETE) return;
    respond(s, c, verdict);
    memset(c->buffer, 0, c->length);
    if (verdict == WA_REQUEST_CALLBACK) {
        /* One callback only: nothing else is accepted after it. */
        close_listener(s);
        deliver(s, target);
        memset(target, 0, strlen(target));
    }
    free(target);
}

static void session_free(session *s) {
    close(s->wake[0]);
    close(s->wake[1]);
    pthread_mutex_destroy(&s->lock);
    free(s->url); free(s->path); free(s->state); free(s->origin); free(s->browser_command); free(s->socket_path);
    free(s);
}

static void *run(void *argument) {
    session *s = argument;
    start(s);
    while (!is_disposed(s)) {
        struct pollfd fds[2 + MAX_CLIENTS];
        nfds_t count = 0;
        double wait = -1, current;
        int i, ready;

        if (!s->finished) handle_answers(s);
        current = now();
        if (!s->finished && s->deadline > 0) {
            if (current >= s->deadline) {
                close_listener(s);
                fail(s, RXM_ERR_TIMEOUT, "the sign-in did not finish in time (timeout)");
                continue;
            }
            wait = s->deadline - current;
        }
        fds[count].fd = s->wake[0]; fds[count].events = POLLIN; count++;
        if (!s->finished && s->listener >= 0) { fds[count].fd = s->listener; fds[count].events = POLLIN; count++; }
        for (i = 0; i < MAX_CLIENTS; i++) {
            client *c = &s->clients[i];
            if (c->fd < 0) continue;
            if (current >= c->deadline) { close(c->fd); c->fd = -1; continue; }
            if (wait < 0 || c->deadline - current < wait) wait = c->deadline - current;
            fds[count].fd = c->fd; fds[count].events = POLLIN; count++;
        }
        ready = poll(fds, count, wait < 0 ? -1 : (int)(wait * 1000) + 1);
        if (ready <= 0) continue;
        if (fds[0].revents) {
            char drain[64];
            while (read(s->wake[0], drain, sizeof drain) > 0) {}
        }
        if (s->finished) continue;
        if (s->listener >= 0 && count > 1 && fds[1].fd == s->listener && fds[1].revents) accept_clients(s);
        for (i = 0; i < MAX_CLIENTS && !s->finished && s->listener >= 0; i++) {
            nfds_t j;
            client *c = &s->clients[i];
            if (c->fd < 0) continue;
            for (j = 1; j < count; j++) {
                if (fds[j].fd == c->fd && fds[j].revents) { serve_client(s, c); break; }
            }
        }
    }
    tear_down(s);
    pthread_mutex_lock(&s->lock);
    if (s->orphaned) {
        pthread_mutex_unlock(&s->lock);
        pthread_detach(pthread_self());
        session_free(s);
        return NULL;
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* ---- binding -------------------------------------------------------------- */

/* Binds 127.0.0.1, else [::1], on a port the system picks; the origin in *origin. */
static int bind_loopback(char **origin, rxm_error *error) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    char text[64];
    if (fd >= 0) {
        struct sockaddr_in address;
        socklen_t length = sizeof address;
        memset(&address, 0, sizeof address);
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (bind(fd, (struct sockaddr *)&address, sizeof address) == 0 && listen(fd, 16) == 0 &&
            getsockname(fd, (struct sockaddr *)&address, &length) == 0) {
            snprintf(text, sizeof text, "http://127.0.0.1:%u", (unsigned)ntohs(address.sin_port));
            *origin = wa_copy(text);
            return fd;
        }
        close(fd);
    }
    fd = socket(AF_INET6, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd >= 0) {
        struct sockaddr_in6 address;
        socklen_t length = sizeof address;
        int only = 1;
        memset(&address, 0, sizeof address);
        address.sin6_family = AF_INET6;
        address.sin6_addr = in6addr_loopback;
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &only, sizeof only);
        if (bind(fd, (struct sockaddr *)&address, sizeof address) == 0 && listen(fd, 16) == 0 &&
            getsockname(fd, (struct sockaddr *)&address, &length) == 0) {
            snprintf(text, sizeof text, "http://[::1]:%u", (unsigned)ntohs(address.sin6_port));
            *origin = wa_copy(text);
            return fd;
        }
        close(fd);
    }
    rxm_error_set(error, RXM_ERR_IO, "cannot listen on the loopback interface (127.0.0.1 or [::1]): %s", strerror(errno));
    return -1;
}

/* ---- present / dispose ----------------------------------------------------- */

static void dispose(void *context) {
    session *s = context;
    bool on_worker;
    pthread_mutex_lock(&s->lock);
    if (s->disposed) { pthread_mutex_unlock(&s->lock); return; }
    s->disposed = true;
    on_worker = pthread_equal(pthread_self(), s->worker);
    pthread_mutex_unlock(&s->lock);
    if (on_worker) {
        tear_down(s);
        return;
    }
    wake(s);
    pthread_join(s->worker, NULL);
    pthread_mutex_lock(&s->lock);
    s->joined = true;
    pthread_mutex_unlock(&s->lock);
}

void wa_sessions_free(wa_config *config) {
    session *s = config->sessions;
    while (s) {
        session *next = s->next;
        bool on_worker, joined;
        dispose(s);
        pthread_mutex_lock(&s->lock);
        on_worker = pthread_equal(pthread_self(), s->worker);
        joined = s->joined;
        if (on_worker) s->orphaned = true;
        pthread_mutex_unlock(&s->lock);
        if (!on_worker) {
            if (!joined) pthread_join(s->worker, NULL);
            session_free(s);
        }
        s = next;
    }
    config->sessions = NULL;
}

rxm_disposable wa_session_present(void *config_pointer, const rxm_surface *surface,
                                  rxm_observer observer, rxm_error *error) {
    wa_config *config = config_pointer;
    rxm_disposable none = { NULL, NULL }, disposable;
    wa_redirect redirect = { NULL };
    session *s;
    char *redirect_uri = NULL, *state = NULL, *redirect_value = NULL;
    int i;

    if (!config->url) {
        rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no authorization URL: call setURL first");
        return none;
    }
    if (wa_query_value(config->url, "redirect_uri", &redirect_value) != 1) {
        rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "the authorization URL has no redirect_uri parameter");
        return none;
    }
    if (config->callback_scheme) {
        size_t scheme_length = strlen(config->callback_scheme);
        if (strncasecmp(redirect_value, config->callback_scheme, scheme_length) != 0 || redirect_value[scheme_length] != ':' ||
            strpbrk(redirect_value, "?#")) {
            rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                          "redirect_uri must be a %s: URI without query or fragment, as the callback scheme says", config->callback_scheme);
            free(redirect_value);
            return none;
        }
        redirect.path = redirect_value;   /* the whole URI is what the callback must start with */
    } else {
        if (wa_parse_loopback_redirect(redirect_value, &redirect, error) != RXM_OK) {
            free(redirect_value);
            return none;
        }
        free(redirect_value);
    }
    if (wa_query_value(config->url, "state", &state) != 1 || !*state) {
        free(state);
        free(redirect.path);
        rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                      "the authorization URL has no state parameter: one is needed to recognize the callback (RFC 6749 \xC2\xA7" "10.12)");
        return none;
    }

    s = calloc(1, sizeof *s);
    if (!s) {
        free(state); free(redirect.path);
        rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
        return none;
    }
    s->listener = -1;
    for (i = 0; i < MAX_CLIENTS; i++) s->clients[i].fd = -1;
    s->path = redirect.path;
    s->state = state;
    s->surface = surface;
    s->observer = observer;
    s->ephemeral = config->ephemeral;
    s->deadline = config->timeout > 0 ? now() + config->timeout : 0;
    s->browser_command = wa_browser_command(config) ? wa_copy(wa_browser_command(config)) : NULL;
    s->slots[0].owner = s; s->slots[0].which = 0;
    s->slots[1].owner = s; s->slots[1].which = 1;
    pthread_mutex_init(&s->lock, NULL);
    if (pipe2(s->wake, O_NONBLOCK | O_CLOEXEC) != 0) {
        rxm_error_set(error, RXM_ERR_IO, "cannot make a pipe: %s", strerror(errno));
        pthread_mutex_destroy(&s->lock);
        free(s->path); free(s->state); free(s->browser_command); free(s);
        return none;
    }
    if (config->callback_scheme) {
        s->listener = wa_bind_scheme_socket(config->callback_scheme, &s->socket_path, error);
        s->origin = wa_copy("");
        if (s->listener >= 0) s->url = wa_copy(config->url);
        if (s->listener >= 0 && (!s->url || !s->origin || !s->socket_path)) rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
    } else {
        s->listener = bind_loopback(&s->origin, error);
    }
    if (!config->callback_scheme && s->listener >= 0 && s->origin) {
        size_t length = strlen(s->origin) + strlen(s->path) + 1;
        redirect_uri = malloc(length);
        if (redirect_uri) {
            snprintf(redirect_uri, length, "%s%s", s->origin, s->path);
            s->url = wa_replace_redirect_uri(config->url, redirect_uri);
        }
        free(redirect_uri);
        if (!s->url) rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
    }
    if (!s->url || pthread_create(&s->worker, NULL, run, s) != 0) {
        if (s->url) rxm_error_set(error, RXM_ERR_INTERNAL, "cannot start the session's thread");
        close_listener(s);
        session_free(s);
        return none;
    }
    s->next = config->sessions;
    config->sessions = s;
    disposable.context = s;
    disposable.dispose = dispose;
    return disposable;
}
