/*
** transcript_bounded.c — a long-lived scripted presenter whose transcript is
** taken (rxm_presenter_take_transcript_json) as it goes keeps its memory
** bounded: 400 presentations, taken every 10, and each take holds only what
** happened since the one before. One line per check,
**     <check>: ok            or      <check>: FAILED (<why>)
** and exits 1 if any failed. Plugins come from $RXMODAL_PLUGIN_PATH (alert).
*/
#define _POSIX_C_SOURCE 200809L
#include <rxmodal.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PRESENTATIONS 400
#define TAKE_EVERY 10

static int failures = 0;

static void report(const char *check, int ok, const char *why) {
    if (ok) printf("%s: ok\n", check);
    else { printf("%s: FAILED (%s)\n", check, why); failures++; }
}

static size_t heap_in_use(void) {
    malloc_trim(0);
    return mallinfo2().uordblks;
}

/* Occurrences of `needle` in `text`. */
static int occurrences(const char *text, const char *needle) {
    int count = 0;
    for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle)) count++;
    return count;
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    rxm_presenter *presenter = NULL;
    char why[300];

    /* One step per presentation: a script as long as the run. */
    static char script[PRESENTATIONS * 24 + 8];
    strcpy(script, "[");
    for (int i = 0; i < PRESENTATIONS; i++) strcat(script, i ? ",{\"choose\": \"OK\"}" : "{\"choose\": \"OK\"}");
    strcat(script, "]");

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "setTitle", "[\"A long-lived presenter\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"OK\", \"default\"]", &error) != RXM_OK
        || rxm_presenter_new_scripted(script, &presenter, &error) != RXM_OK) {
        fprintf(stderr, "transcript_bounded: %s\n", error.message);
        return 2;
    }

    size_t heap_after_first_take = 0, longest = 0, shortest = (size_t)-1;
    int records = 0, first_index_ok = 1;
    rxm_observer observer = { NULL, NULL, NULL, NULL };
    for (int i = 1; i <= PRESENTATIONS; i++) {
        rxm_subscription *subscription = NULL;
        rxm_modal_subscribe(alert, presenter, NULL, observer, &subscription, &error);
        rxm_subscription_wait(subscription, 5000, NULL);
        rxm_subscription_free(subscription);
        if (i % TAKE_EVERY) continue;
        char *taken = NULL;
        if (rxm_presenter_take_transcript_json(presenter, &taken, &error) != RXM_OK) {
            report("take the transcript", 0, error.message);
            break;
        }
        size_t length = strlen(taken);
        if (length > longest) longest = length;
        if (length < shortest) shortest = length;
        records += occurrences(taken, "\"index\":");
        /* The first record of each take continues the count of the one before. */
        char expected[40];
        snprintf(expected, sizeof expected, "\"index\":%d,", i - TAKE_EVERY);
        if (!strstr(taken, expected)) first_index_ok = 0;
        rxm_free(taken);
        if (i == 5 * TAKE_EVERY) heap_after_first_take = heap_in_use();
    }
    size_t heap_at_end = heap_in_use();

    snprintf(why, sizeof why, "%d records taken for %d presentations", records, PRESENTATIONS);
    report("every presentation is taken exactly once", records == PRESENTATIONS && first_index_ok, why);
    snprintf(why, sizeof why, "takes of %zu to %zu bytes", shortest, longest);
    report("each take holds only what happened since the last", longest < 2 * shortest, why);
    /* Kept, the transcript of 350 presentations would be about 500 KB. */
    snprintf(why, sizeof why, "%zu bytes in use after 50 presentations, %zu after %d", heap_after_first_take, heap_at_end, PRESENTATIONS);
    report("the presenter's memory stays bounded",
           heap_at_end <= heap_after_first_take || heap_at_end - heap_after_first_take < 96 * 1024, why);

    char *rest = NULL;
    rxm_presenter_transcript_json(presenter, &rest, NULL);
    report("nothing is left after the last take", rest && strcmp(rest, "[]") == 0, rest ? rest : "no transcript");
    rxm_free(rest);

    rxm_presenter_free(presenter);
    rxm_modal_free(alert);
    rxm_registry_close(registry);
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
