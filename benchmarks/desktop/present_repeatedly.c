/*
** present_repeatedly — shows an alert on the desktop presenter N times, each for a
** moment, for bench-desktop: before each subscription it prints "subscribe T" (T
** the CLOCK_MONOTONIC time in nanoseconds), so that a listener on the X server can
** time the window's mapping from it; it prints the process's resident memory
** before the first presentation and after the last ("rss-before", "rss-after", in
** KiB).
*/
#define _POSIX_C_SOURCE 200809L
#include <rxmodal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void on_next(void *context, const rxm_value *result) { (void)context; (void)result; }
static void on_error(void *context, const rxm_error *error) {
    (void)context;
    fprintf(stderr, "error: %s\n", error->message);
}
static void on_completed(void *context) { (void)context; }

static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static long resident_kib(void) {
    long pages = 0, resident = 0;
    FILE *statm = fopen("/proc/self/statm", "r");
    if (!statm) return -1;
    if (fscanf(statm, "%ld %ld", &pages, &resident) != 2) resident = -1;
    fclose(statm);
    return resident * 4;   /* 4 KiB pages on the machines this runs on */
}

int main(int argc, char **argv) {
    int count = argc > 1 ? atoi(argv[1]) : 10;
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    rxm_presenter *presenter = NULL;
    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "setTitle", "[\"Bench\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"OK\", \"default\"]", &error) != RXM_OK
        || rxm_presenter_new_desktop(&presenter, &error) != RXM_OK) {
        fprintf(stderr, "setting up: %s\n", error.message);
        return 1;
    }
    printf("rss-before %ld\n", resident_kib());
    fflush(stdout);
    for (int i = 0; i < count; i++) {
        rxm_subscription *subscription = NULL;
        rxm_observer observer = { NULL, on_next, on_error, on_completed };
        printf("subscribe %lld\n", monotonic_ns());
        fflush(stdout);
        if (rxm_modal_subscribe(alert, presenter, NULL, observer, &subscription, &error) != RXM_OK) {
            fprintf(stderr, "subscribing: %s\n", error.message);
            return 1;
        }
        /* Shown for a moment, then disposed: the window goes. */
        if (rxm_subscription_wait(subscription, 400, &error) != RXM_ERR_TIMEOUT) {
            fprintf(stderr, "the alert ended by itself\n");
            return 1;
        }
        rxm_subscription_dispose(subscription, &error);
        rxm_subscription_free(subscription);
    }
    printf("rss-after %ld\n", resident_kib());
    fflush(stdout);
    rxm_presenter_free(presenter);
    rxm_modal_free(alert);
    rxm_registry_close(registry);
    return 0;
}
