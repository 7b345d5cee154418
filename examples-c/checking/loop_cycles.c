/*
** loop_cycles.c — frees loops and subscriptions while callbacks are still
** queued on the loop, 200 times, and checks that open file descriptors and the
** heap in use stay flat: queued callbacks must not keep a freed loop (its two
** descriptors) or subscription alive. Prints one line per check,
**     <check>: ok            or      <check>: FAILED (<why>)
** and exits 1 if any failed. Plugins come from $RXMODAL_PLUGIN_PATH (alert).
*/
#define _POSIX_C_SOURCE 200809L
#include <rxmodal.h>
#include <dirent.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures = 0;

static void report(const char *check, int ok, const char *why) {
    if (ok) printf("%s: ok\n", check);
    else { printf("%s: FAILED (%s)\n", check, why); failures++; }
}

static int open_descriptors(void) {
    int count = 0;
    DIR *folder = opendir("/proc/self/fd");
    if (!folder) return -1;
    while (readdir(folder)) count++;
    closedir(folder);
    return count;
}

static size_t heap_in_use(void) {
    malloc_trim(0);
    return mallinfo2().uordblks;
}

static void sleep_ms(long ms) {
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

static void on_next(void *context, const rxm_value *value) { (void)context; (void)value; }

/* One presentation answered at once, whose callbacks are queued on a loop that
** is never dispatched; the loop and then the subscription are freed (or the
** other way round, every other cycle). */
static void cycle(rxm_modal *alert, int loop_first) {
    rxm_presenter *presenter = NULL;
    rxm_loop *loop = NULL;
    rxm_subscription *subscription = NULL;
    rxm_observer observer = { NULL, on_next, NULL, NULL };
    rxm_presenter_new_scripted("[{\"choose\": \"OK\"}]", &presenter, NULL);
    rxm_loop_new(&loop, NULL);
    rxm_modal_subscribe(alert, presenter, loop, observer, &subscription, NULL);
    /* Wait until the answer is queued (the descriptor is readable). */
    for (int i = 0; i < 500; i++) {
        char *transcript = NULL;
        rxm_presenter_transcript_json(presenter, &transcript, NULL);
        int answered = transcript && strstr(transcript, "\"answeredAt\"");
        rxm_free(transcript);
        if (answered) break;
        sleep_ms(1);
    }
    sleep_ms(2);
    if (loop_first) { rxm_loop_free(loop); rxm_subscription_free(subscription); }
    else { rxm_subscription_free(subscription); rxm_loop_free(loop); }
    rxm_presenter_free(presenter);
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    char why[200];
    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"OK\", \"default\"]", &error) != RXM_OK) {
        fprintf(stderr, "loop_cycles: %s\n", error.message);
        return 2;
    }
    /* Warm up: threads, caches and the runtime's own allocations settle. */
    for (int i = 0; i < 20; i++) cycle(alert, i % 2);
    sleep_ms(50);
    int descriptors_before = open_descriptors();
    size_t heap_before = heap_in_use();
    for (int i = 0; i < 200; i++) cycle(alert, i % 2);
    sleep_ms(50);
    int descriptors_after = open_descriptors();
    size_t heap_after = heap_in_use();

    snprintf(why, sizeof why, "%d before, %d after 200 cycles", descriptors_before, descriptors_after);
    report("freeing a loop with callbacks queued closes its descriptors", descriptors_after <= descriptors_before, why);
    /* A leaked loop, delivery and subscription cost well over 1 KB each cycle;
    ** 64 KB leaves room for the allocator's own bookkeeping. */
    snprintf(why, sizeof why, "%zu bytes in use before, %zu after 200 cycles", heap_before, heap_after);
    report("freeing a loop with callbacks queued frees its memory",
           heap_after <= heap_before || heap_after - heap_before < 64 * 1024, why);

    rxm_modal_free(alert);
    rxm_registry_close(registry);
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
