/*
** observer_destroy.c — the destroy function of rxm_modal_subscribe_with_destroy
** is called exactly once, after the last callback has returned: after the
** terminal callback, on dispose (from another thread or from inside a
** callback), when a loop's queued callbacks are dropped, when subscribing is
** refused, and by rxm_stop_callbacks (also after other subscriptions were freed). One line per check,
**     <check>: ok            or      <check>: FAILED (<why>)
** and exits 1 if any failed. Plugins come from $RXMODAL_PLUGIN_PATH (alert).
*/
#define _POSIX_C_SOURCE 200809L
#include <rxmodal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures = 0;

static void report(const char *check, int ok, const char *why) {
    if (ok) printf("%s: ok\n", check);
    else { printf("%s: FAILED (%s)\n", check, why); failures++; }
}

static void sleep_ms(long ms) {
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

/* What happened to one observer, in order: 'n'ext, 'e'rror, 'c'ompleted,
** 'd'estroy, and 'r' when a callback returned. */
typedef struct journal {
    pthread_mutex_t lock;
    char events[32];
    int dispose_in_next;
    rxm_subscription *subscription;
} journal;

static void journal_init(journal *j) {
    memset(j, 0, sizeof *j);
    pthread_mutex_init(&j->lock, NULL);
}

static void note(journal *j, char event) {
    pthread_mutex_lock(&j->lock);
    size_t length = strlen(j->events);
    if (length + 1 < sizeof j->events) j->events[length] = event;
    pthread_mutex_unlock(&j->lock);
}

static void read_journal(journal *j, char *out) {
    pthread_mutex_lock(&j->lock);
    strcpy(out, j->events);
    pthread_mutex_unlock(&j->lock);
}

static void on_next(void *context, const rxm_value *value) {
    journal *j = context;
    (void)value;
    note(j, 'n');
    if (j->dispose_in_next) {
        rxm_subscription_dispose(j->subscription, NULL);
        sleep_ms(20);   /* destroy must not run while this callback still runs */
    }
    note(j, 'r');
}

static void on_error(void *context, const rxm_error *error) {
    (void)error;
    note(context, 'e');
    note(context, 'r');
}

static void on_completed(void *context) {
    note(context, 'c');
    note(context, 'r');
}

static void destroy(void *context) { note(context, 'd'); }

static const rxm_observer observer_template = { NULL, on_next, on_error, on_completed };

static rxm_observer observer_for(journal *j) {
    rxm_observer o = observer_template;
    o.context = j;
    return o;
}

static void settle(journal *j, const char *until) {
    char seen[32];
    for (int i = 0; i < 500; i++) {
        read_journal(j, seen);
        if (strcmp(seen, until) == 0) return;
        sleep_ms(2);
    }
}

static void expect(const char *check, journal *j, const char *wanted) {
    char seen[32], why[100];
    settle(j, wanted);
    sleep_ms(20);   /* a second destroy would come now */
    read_journal(j, seen);
    snprintf(why, sizeof why, "events \"%s\", expected \"%s\"", seen, wanted);
    report(check, strcmp(seen, wanted) == 0, why);
}

/* A subscription of `alert` on a new scripted presenter, with or without loop. */
static rxm_presenter *subscribe(rxm_modal *alert, const char *script, rxm_loop *loop, journal *j) {
    rxm_presenter *presenter = NULL;
    rxm_error error;
    if (rxm_presenter_new_scripted(script, &presenter, &error) != RXM_OK
        || rxm_modal_subscribe_with_destroy(alert, presenter, loop, observer_for(j), destroy, &j->subscription, &error) != RXM_OK) {
        fprintf(stderr, "observer_destroy: %s\n", error.message);
        exit(2);
    }
    return presenter;
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"OK\", \"default\"]", &error) != RXM_OK) {
        fprintf(stderr, "observer_destroy: %s\n", error.message);
        return 2;
    }

    {
        journal j;
        journal_init(&j);
        rxm_presenter *presenter = subscribe(alert, "[{\"choose\": \"OK\"}]", NULL, &j);
        rxm_subscription_wait(j.subscription, 5000, NULL);
        expect("destroy once, after on_completed has returned", &j, "nrcrd");
        rxm_subscription_free(j.subscription);
        expect("freeing an ended subscription does not destroy again", &j, "nrcrd");
        rxm_presenter_free(presenter);
    }
    {
        journal j;
        journal_init(&j);
        rxm_presenter *presenter = subscribe(alert, "[{\"expect\": {\"title\": \"Elsewhere\"}, \"choose\": \"OK\"}]", NULL, &j);
        rxm_subscription_wait(j.subscription, 5000, NULL);
        expect("destroy once, after on_error has returned", &j, "erd");
        rxm_subscription_free(j.subscription);
        rxm_presenter_free(presenter);
    }
    {
        journal j;
        journal_init(&j);
        rxm_presenter *presenter = subscribe(alert, "[{\"stayOpen\": true}]", NULL, &j);
        rxm_subscription_dispose(j.subscription, NULL);
        char seen[32];
        read_journal(&j, seen);
        report("dispose from another thread destroys before it returns", strcmp(seen, "d") == 0, seen);
        rxm_subscription_free(j.subscription);
        expect("and only once", &j, "d");
        rxm_presenter_free(presenter);
    }
    {
        journal j;
        journal_init(&j);
        j.dispose_in_next = 1;
        rxm_presenter *presenter = subscribe(alert, "[{\"choose\": \"OK\"}]", NULL, &j);
        expect("dispose inside on_next destroys after that callback returns", &j, "nrd");
        rxm_subscription_free(j.subscription);
        rxm_presenter_free(presenter);
    }
    {
        /* Callbacks queued on a loop that is freed undispatched, then the subscription. */
        journal j;
        journal_init(&j);
        rxm_loop *loop = NULL;
        rxm_loop_new(&loop, NULL);
        rxm_presenter *presenter = subscribe(alert, "[{\"choose\": \"OK\"}]", loop, &j);
        sleep_ms(50);
        rxm_loop_free(loop);
        rxm_subscription_free(j.subscription);
        expect("queued callbacks dropped: no callback, one destroy", &j, "d");
        rxm_presenter_free(presenter);
    }
    {
        journal j;
        journal_init(&j);
        rxm_subscription *subscription = NULL;
        int code = rxm_modal_subscribe_with_destroy(alert, NULL, NULL, observer_for(&j), destroy, &subscription, &error);
        char seen[32];
        read_journal(&j, seen);
        report("a refused subscription destroys before returning its error",
               code == RXM_ERR_INVALID_ARGUMENT && subscription == NULL && strcmp(seen, "d") == 0, seen);
    }
    {
        journal j;
        journal_init(&j);
        rxm_presenter *presenter = subscribe(alert, "[{\"choose\": \"OK\", \"afterMilliseconds\": 100}]", NULL, &j);
        rxm_stop_callbacks();
        char seen[32];
        read_journal(&j, seen);
        report("rxm_stop_callbacks destroys a live subscription's observer", strcmp(seen, "d") == 0, seen);
        sleep_ms(150);
        expect("and no callback follows", &j, "d");
        rxm_subscription_free(j.subscription);
        rxm_presenter_free(presenter);
    }

    {
        /* Live subscriptions freed in any order: rxm_stop_callbacks still reaches
        ** every one left, and none twice. */
        enum { COUNT = 5 };
        journal journals[COUNT];
        rxm_presenter *presenters[COUNT];
        for (int i = 0; i < COUNT; i++) {
            journal_init(&journals[i]);
            presenters[i] = subscribe(alert, "[{\"choose\": \"OK\", \"afterMilliseconds\": 100}]", NULL, &journals[i]);
        }
        rxm_subscription_free(journals[1].subscription);
        rxm_subscription_free(journals[0].subscription);
        rxm_subscription_free(journals[3].subscription);
        rxm_stop_callbacks();
        sleep_ms(150);
        char seen[COUNT * 4 + 1] = "", why[100];
        int ok = 1;
        for (int i = 0; i < COUNT; i++) {
            char one[32];
            read_journal(&journals[i], one);
            ok = ok && strcmp(one, "d") == 0;
            strcat(seen, one);
            strcat(seen, i + 1 < COUNT ? "," : "");
        }
        snprintf(why, sizeof why, "events per subscription \"%s\", expected \"d,d,d,d,d\"", seen);
        report("rxm_stop_callbacks reaches the subscriptions left after others were freed", ok, why);
        for (int i = 0; i < COUNT; i++) {
            if (i != 0 && i != 1 && i != 3) rxm_subscription_free(journals[i].subscription);
            rxm_presenter_free(presenters[i]);
        }
    }

    rxm_modal_free(alert);
    rxm_registry_close(registry);
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
