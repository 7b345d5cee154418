/*
** poll_loop.c — a host with its own event loop. The modal's callbacks are
** queued on an rxm_loop; the host polls the loop's file descriptor along with
** its own (here, a tick every 10 ms) and dispatches the callbacks on its own
** thread when the descriptor is readable. GLib (g_unix_fd_add) and libuv
** (uv_poll_start) hosts do the same with their loops.
**
**     RXMODAL_SCRIPT='[{"choose": "Archive", "afterMilliseconds": 50}]' ./poll_loop
*/
#include <rxmodal.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>

typedef struct host {
    pthread_t thread;
    int done;
    int wrong_thread;
} host;

static void check_thread(host *h) {
    if (!pthread_equal(pthread_self(), h->thread)) h->wrong_thread = 1;
}

static void on_next(void *context, const rxm_value *value) {
    host *h = context;
    char *json = NULL;
    check_thread(h);
    if (rxm_value_to_json(value, &json, NULL) == RXM_OK) printf("next: %s\n", json);
    rxm_free(json);
}

static void on_error(void *context, const rxm_error *error) {
    host *h = context;
    check_thread(h);
    printf("error: %s\n", error->message);
    h->done = 1;
}

static void on_completed(void *context) {
    host *h = context;
    check_thread(h);
    printf("completed\n");
    h->done = 1;
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *sheet = NULL;
    rxm_presenter *presenter = NULL;
    rxm_loop *loop = NULL;
    rxm_subscription *subscription = NULL;
    host h = { pthread_self(), 0, 0 };
    int ticks = 0, status = 1;

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "actionSheet", &sheet, &error) != RXM_OK
        || rxm_modal_call_json(sheet, "setTitle", "[\"Message\"]", &error) != RXM_OK
        || rxm_modal_call_json(sheet, "addAction", "[\"Archive\", \"default\"]", &error) != RXM_OK
        || rxm_modal_call_json(sheet, "addAction", "[\"Delete\", \"destructive\"]", &error) != RXM_OK
        || rxm_modal_call_json(sheet, "addAction", "[\"Cancel\", \"cancel\"]", &error) != RXM_OK
        || rxm_presenter_new_default(&presenter, &error) != RXM_OK
        || rxm_loop_new(&loop, &error) != RXM_OK) {
        fprintf(stderr, "poll_loop: %s\n", error.message);
        goto done;
    }
    rxm_observer observer = { &h, on_next, on_error, on_completed };
    if (rxm_modal_subscribe(sheet, presenter, loop, observer, &subscription, &error) != RXM_OK) {
        fprintf(stderr, "poll_loop: %s\n", error.message);
        goto done;
    }

    /* The host's loop: its own work on a timeout, the modal's when the fd is readable. */
    while (!h.done) {
        struct pollfd fds[1] = { { rxm_loop_fd(loop), POLLIN, 0 } };
        int ready = poll(fds, 1, 10);
        if (ready < 0) break;
        if (ready == 0) { ticks++; continue; }
        rxm_loop_dispatch(loop);
    }
    printf("callbacks on the host thread: %s\n", h.wrong_thread ? "no" : "yes");
    printf("host ticks while waiting: %s\n", ticks > 0 ? "some" : "none");
    status = h.wrong_thread ? 1 : 0;

done:
    rxm_subscription_free(subscription);
    rxm_loop_free(loop);
    rxm_presenter_free(presenter);
    rxm_modal_free(sheet);
    rxm_registry_close(registry);
    return status;
}
