/*
** contracts.c — checks the promises of rxmodal.h from C, one line per check:
**     <check>: ok            or      <check>: FAILED (<why>)
** and exits 1 if any failed. Plugins come from $RXMODAL_PLUGIN_PATH (alert).
** Run by the test suite, plainly, under valgrind and with AddressSanitizer, and
** by scripts/sanitize with ThreadSanitizer.
*/
#define _POSIX_C_SOURCE 200809L
#include <rxmodal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int failures = 0;

static void report(const char *check, int ok, const char *why) {
    if (ok) printf("%s: ok\n", check);
    else { printf("%s: FAILED (%s)\n", check, why); failures++; }
}

static void sleep_ms(long ms) {
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    nanosleep(&t, NULL);
}

/* Counts callbacks; optionally disposes or frees its subscription from inside. */
typedef struct probe {
    pthread_mutex_t lock;
    int next, errors, completed;
    int error_code;
    int dispose_in_next;          /* rxm_subscription_dispose from on_next */
    int free_in_next;             /* rxm_subscription_free from on_next */
    int dispose_result;
    int disposed_returned;        /* set after dispose returned on another thread */
    int late;                     /* callbacks that started after that */
    rxm_subscription *subscription;
} probe;

static void probe_init(probe *p) {
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->lock, NULL);
    p->dispose_result = -1;
}

static void count(probe *p, int *counter) {
    pthread_mutex_lock(&p->lock);
    if (p->disposed_returned) p->late++;
    (*counter)++;
    pthread_mutex_unlock(&p->lock);
}

/* What the callbacks recorded, read under the lock they write it under: the
** library orders its callbacks before rxm_subscription_wait and dispose return,
** but with a lock inside the Swift standard library, which ThreadSanitizer does
** not see (scripts/sanitize runs these checks under it). */
typedef struct seen {
    int next, errors, completed, error_code, dispose_result, late;
} seen;

static seen seen_by(probe *p) {
    seen s;
    pthread_mutex_lock(&p->lock);
    s.next = p->next; s.errors = p->errors; s.completed = p->completed;
    s.error_code = p->error_code; s.dispose_result = p->dispose_result; s.late = p->late;
    pthread_mutex_unlock(&p->lock);
    return s;
}

static void on_next(void *context, const rxm_value *value) {
    probe *p = context;
    (void)value;
    count(p, &p->next);
    if (p->dispose_in_next) {
        int result = rxm_subscription_dispose(p->subscription, NULL);
        pthread_mutex_lock(&p->lock);
        p->dispose_result = result;
        pthread_mutex_unlock(&p->lock);
    }
    if (p->free_in_next) { rxm_subscription_free(p->subscription); p->subscription = NULL; }
}

static void on_error(void *context, const rxm_error *error) {
    probe *p = context;
    pthread_mutex_lock(&p->lock);
    p->error_code = error->code;
    pthread_mutex_unlock(&p->lock);
    count(p, &p->errors);
}

static void on_completed(void *context) {
    probe *p = context;
    count(p, &p->completed);
}

static rxm_observer observer_for(probe *p) {
    rxm_observer o = { p, on_next, on_error, on_completed };
    return o;
}

static rxm_modal *new_alert(rxm_registry *registry) {
    rxm_modal *alert = NULL;
    rxm_error error;
    if (rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "setTitle", "[\"Contracts\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"OK\", \"default\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"Cancel\", \"cancel\"]", &error) != RXM_OK) {
        fprintf(stderr, "contracts: %s\n", error.message);
        exit(2);
    }
    return alert;
}

static char *transcript_of(rxm_presenter *presenter) {
    char *json = NULL;
    rxm_presenter_transcript_json(presenter, &json, NULL);
    return json;
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    char why[600];

    report("header and library versions agree",
           strcmp(rxm_version(), RXMODAL_VERSION_STRING) == 0 && rxm_version_number() == RXMODAL_VERSION_NUMBER
           && rxm_plugin_abi_major() == RXM_PLUGIN_ABI_MAJOR, rxm_version());

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK) { fprintf(stderr, "%s\n", error.message); return 2; }
    rxm_modal *alert = new_alert(registry);

    /* Kinds, description, skipped plugins. */
    {
        int found = 0;
        for (size_t i = 0; i < rxm_registry_kind_count(registry); i++)
            if (strcmp(rxm_registry_kind_name(registry, i), "alert") == 0) found = 1;
        report("the registry lists alert", found && rxm_registry_kind_name(registry, 99) == NULL, "not listed");

        char *json = NULL;
        rxm_document *document = NULL;
        const char *name = NULL;
        int ok = rxm_registry_describe(registry, "alert", true, &json, &error) == RXM_OK
            && rxm_document_parse(json, &document, &error) == RXM_OK
            && rxm_value_get_string(rxm_value_member(rxm_document_root(document), "name"), &name, NULL, &error) == RXM_OK
            && strcmp(name, "alert") == 0
            && rxm_value_count(rxm_value_member(rxm_document_root(document), "methods")) == 7;
        report("describe as JSON", ok, error.message);
        rxm_document_free(document);
        rxm_free(json);

        /* The whole registry: where it looked, each folder with its outcome. */
        const char *plugin_path = getenv("RXMODAL_PLUGIN_PATH");
        const char *first_folder = NULL;
        ok = plugin_path != NULL
            && rxm_registry_describe(registry, NULL, true, &json, &error) == RXM_OK
            && rxm_document_parse(json, &document, &error) == RXM_OK
            && rxm_value_count(rxm_value_member(rxm_document_root(document), "searched")) >= 1
            && rxm_value_get_string(rxm_value_member(rxm_value_at(
                   rxm_value_member(rxm_document_root(document), "searched"), 0), "path"), &first_folder, NULL, &error) == RXM_OK
            && strncmp(first_folder, plugin_path, strlen(first_folder)) == 0;
        report("describe the registry names the folders searched", ok, first_folder ? first_folder : error.message);
        rxm_document_free(document);
        document = NULL;
        rxm_free(json);
        json = NULL;

        /* One nesting limit everywhere: a document as deep as RXM_VALUE_MAX_DEPTH
        ** parses and converts back to JSON; one level more is refused by name. */
        {
            char deep[2 * (RXM_VALUE_MAX_DEPTH + 1) + 1];
            int levels = RXM_VALUE_MAX_DEPTH;
            for (int i = 0; i < levels; i++) { deep[i] = '['; deep[levels + i] = ']'; }
            deep[2 * levels] = '\0';
            char *back = NULL;
            ok = rxm_document_parse(deep, &document, &error) == RXM_OK
                && rxm_value_to_json(rxm_document_root(document), &back, &error) == RXM_OK
                && strcmp(back, deep) == 0;
            rxm_free(back);
            rxm_document_free(document);
            document = NULL;
            levels = RXM_VALUE_MAX_DEPTH + 1;
            for (int i = 0; i < levels; i++) { deep[i] = '['; deep[levels + i] = ']'; }
            deep[2 * levels] = '\0';
            ok = ok && rxm_document_parse(deep, &document, &error) == RXM_ERR_INVALID_JSON
                && strstr(error.message, "nested deeper than 64 levels") != NULL;
            report("nesting has one limit, RXM_VALUE_MAX_DEPTH", ok, error.message);
        }

        rxm_registry *other = NULL;
        const char *path = getenv("RXMODAL_PLUGIN_PATH");
        char search[512];
        snprintf(search, sizeof search, "/nonexistent/rxmodal-plugins:%s", path ? path : "");
        ok = rxm_registry_open(search, &other, &error) == RXM_OK
            && rxm_registry_skipped_count(other) == 1
            && strcmp(rxm_registry_skipped_path(other, 0), "/nonexistent/rxmodal-plugins") == 0
            && strlen(rxm_registry_skipped_reason(other, 0)) > 0
            && rxm_registry_kind_count(other) == 2;
        snprintf(why, sizeof why, "%zu skipped, first %s", rxm_registry_skipped_count(other),
                 rxm_registry_skipped_reason(other, 0) ? rxm_registry_skipped_reason(other, 0) : "none");
        report("a missing directory on the search path is reported as skipped", ok, why);
        rxm_registry_close(other);
    }

    /* Preconditions and authorization of a kind that needs neither. */
    {
        rxm_authorization_status status = RXM_AUTHORIZATION_DENIED;
        report("precondition and authorization",
               rxm_modal_check_precondition(alert, &error) == RXM_OK
               && rxm_modal_authorization_status(alert, &status, &error) == RXM_OK
               && status == RXM_AUTHORIZATION_AUTHORIZED, error.message);
    }

    /* No surface: the error reaches on_error, before subscribe returns. */
    {
        rxm_presenter *presenter = NULL;
        rxm_subscription *subscription = NULL;
        probe p;
        probe_init(&p);
        char *saved = getenv("RXMODAL_SCRIPT") ? strdup(getenv("RXMODAL_SCRIPT")) : NULL;
        unsetenv("RXMODAL_SCRIPT");
        rxm_presenter_new_default(&presenter, NULL);
        int code = rxm_modal_subscribe(alert, presenter, NULL, observer_for(&p), &subscription, &error);
        seen s = seen_by(&p);
        report("no surface is an error event before subscribe returns",
               code == RXM_OK && s.errors == 1 && s.error_code == RXM_ERR_NO_SURFACE && rxm_subscription_is_ended(subscription),
               "no RXM_ERR_NO_SURFACE");
        rxm_subscription_free(subscription);
        rxm_presenter_free(presenter);
        if (saved) { setenv("RXMODAL_SCRIPT", saved, 1); free(saved); }
    }

    /* Dispose from inside on_next: on_completed never comes. */
    {
        rxm_presenter *presenter = NULL;
        probe p;
        probe_init(&p);
        p.dispose_in_next = 1;
        rxm_presenter_new_scripted("[{\"choose\": \"OK\"}]", &presenter, NULL);
        rxm_modal_subscribe(alert, presenter, NULL, observer_for(&p), &p.subscription, &error);
        rxm_subscription_wait(p.subscription, 5000, NULL);
        sleep_ms(50);
        seen s = seen_by(&p);
        snprintf(why, sizeof why, "next %d, completed %d, dispose %s", s.next, s.completed, rxm_error_code_name(s.dispose_result));
        report("dispose inside on_next stops the callbacks",
               s.next == 1 && s.completed == 0 && s.dispose_result == RXM_OK, why);
        rxm_subscription_free(p.subscription);
        rxm_presenter_free(presenter);
    }

    /* Free from inside on_next (callbacks on a loop, so this thread waits safely). */
    {
        rxm_presenter *presenter = NULL;
        rxm_loop *loop = NULL;
        probe p;
        probe_init(&p);
        p.free_in_next = 1;
        rxm_loop_new(&loop, NULL);
        rxm_presenter_new_scripted("[{\"choose\": \"OK\"}]", &presenter, NULL);
        rxm_modal_subscribe(alert, presenter, loop, observer_for(&p), &p.subscription, &error);
        for (int i = 0; i < 100 && seen_by(&p).next == 0; i++) { sleep_ms(10); rxm_loop_dispatch(loop); }
        for (int i = 0; i < 5; i++) { sleep_ms(10); rxm_loop_dispatch(loop); }
        report("free inside on_next", seen_by(&p).next == 1 && seen_by(&p).completed == 0 && p.subscription == NULL, "callbacks went on");
        rxm_presenter_free(presenter);
        rxm_loop_free(loop);
    }

    /* Dispose from another thread: no callback starts after it returns. */
    {
        int late = 0, rounds = 40;
        for (int i = 0; i < rounds; i++) {
            rxm_presenter *presenter = NULL;
            probe p;
            probe_init(&p);
            rxm_presenter_new_scripted("[{\"choose\": \"OK\"}]", &presenter, NULL);
            rxm_modal_subscribe(alert, presenter, NULL, observer_for(&p), &p.subscription, &error);
            if (i % 2) sleep_ms(1);
            rxm_subscription_dispose(p.subscription, NULL);
            pthread_mutex_lock(&p.lock);
            p.disposed_returned = 1;
            pthread_mutex_unlock(&p.lock);
            sleep_ms(2);
            late += seen_by(&p).late;
            rxm_subscription_free(p.subscription);
            rxm_presenter_free(presenter);
        }
        snprintf(why, sizeof why, "%d callbacks after dispose returned", late);
        report("no callback starts after dispose returns", late == 0, why);
    }

    /* A configuration call while shown reaches the presentation. */
    {
        rxm_presenter *presenter = NULL;
        probe p;
        probe_init(&p);
        rxm_presenter_new_scripted("[{\"stayOpen\": true}]", &presenter, NULL);
        rxm_modal_subscribe(alert, presenter, NULL, observer_for(&p), &p.subscription, &error);
        rxm_value arguments[2] = { rxm_int(0), rxm_bool(false) };
        int code = rxm_subscription_call(p.subscription, "setActionEnabled", arguments, 2, &error);
        int updated = 0;
        for (int i = 0; i < 200 && !updated; i++) {
            char *json = transcript_of(presenter);
            updated = json && strstr(json, "\"updates\":[{\"actions\"") && strstr(json, "\"enabled\":false");
            rxm_free(json);
            if (!updated) sleep_ms(10);
        }
        report("rxm_subscription_call updates the shown modal", code == RXM_OK && updated, error.message);
        rxm_value bad = rxm_string("x");
        code = rxm_subscription_call(p.subscription, "setColour", &bad, 1, &error);
        report("rxm_subscription_call of an unknown method", code == RXM_ERR_UNKNOWN_METHOD, rxm_error_code_name(code));
        /* Count and types are checked at once, as rxm_modal_call checks them. */
        int one_argument = rxm_subscription_call(p.subscription, "setActionEnabled", arguments, 1, &error);
        rxm_value swapped[2] = { rxm_bool(false), rxm_int(0) };
        int wrong_type = rxm_subscription_call(p.subscription, "setActionEnabled", swapped, 2, &error);
        report("rxm_subscription_call checks the arguments' count and types at once",
               one_argument == RXM_ERR_INVALID_ARGUMENT && wrong_type == RXM_ERR_INVALID_ARGUMENT, error.message);
        /* The plugin's own refusal too: there is no action 7, and the shown
        ** modal is not asked. */
        rxm_value out_of_range[2] = { rxm_int(7), rxm_bool(false) };
        int no_such_action = rxm_subscription_call(p.subscription, "setActionEnabled", out_of_range, 2, &error);
        char *after = transcript_of(presenter);
        snprintf(why, sizeof why, "%s: %s", rxm_error_code_name(no_such_action), error.message);
        report("rxm_subscription_call reports the plugin's refusal at once, as rxm_modal_call does",
               no_such_action == RXM_ERR_INVALID_ARGUMENT && after && strstr(after, "\"updates\":[{") && !strstr(after, "},{\"actions\""), why);
        rxm_free(after);
        rxm_subscription_free(p.subscription);
        rxm_presenter_free(presenter);
    }

    /* Doubles stay doubles through JSON, -0.0 and whole numbers included. */
    {
        rxm_document *document = NULL;
        char *json = NULL;
        const char *text = "[-0.0,2.0,100.0,1e+300,0,-7]";
        int ok = rxm_document_parse(text, &document, &error) == RXM_OK
            && rxm_value_get_type(rxm_value_at(rxm_document_root(document), 0)) == RXM_DOUBLE
            && rxm_value_get_type(rxm_value_at(rxm_document_root(document), 1)) == RXM_DOUBLE
            && rxm_value_get_type(rxm_value_at(rxm_document_root(document), 4)) == RXM_INT
            && rxm_value_to_json(rxm_document_root(document), &json, &error) == RXM_OK
            && strcmp(json, text) == 0;
        report("-0.0 and whole-number doubles survive a JSON round trip as doubles", ok, json ? json : error.message);
        rxm_free(json);
        rxm_document_free(document);
    }

    /* One modal, subscribed twice: two presentations, each configured alike. */
    {
        rxm_presenter *presenter = NULL;
        probe first, second;
        probe_init(&first);
        probe_init(&second);
        rxm_presenter_new_scripted("[{\"choose\": \"OK\"}, {\"expect\": {\"title\": \"Contracts\"}, \"cancel\": true}]", &presenter, NULL);
        rxm_modal_subscribe(alert, presenter, NULL, observer_for(&first), &first.subscription, &error);
        rxm_subscription_wait(first.subscription, 5000, NULL);
        rxm_modal_subscribe(alert, presenter, NULL, observer_for(&second), &second.subscription, &error);
        rxm_subscription_wait(second.subscription, 5000, NULL);
        report("a modal subscribed twice is presented twice",
               first.next == 1 && first.completed == 1 && second.next == 1 && second.completed == 1, "missing events");
        rxm_subscription_free(first.subscription);
        rxm_subscription_free(second.subscription);
        rxm_presenter_free(presenter);
    }

    /* A script that does not match: an error event with RXM_ERR_SCRIPT_MISMATCH. */
    {
        rxm_presenter *presenter = NULL;
        probe p;
        probe_init(&p);
        rxm_presenter_new_scripted("[{\"expect\": {\"title\": \"Something else\"}, \"choose\": \"OK\"}]", &presenter, NULL);
        rxm_modal_subscribe(alert, presenter, NULL, observer_for(&p), &p.subscription, &error);
        rxm_subscription_wait(p.subscription, 5000, NULL);
        seen s = seen_by(&p);
        report("a mismatched script is an error event", s.errors == 1 && s.error_code == RXM_ERR_SCRIPT_MISMATCH,
               rxm_error_code_name(s.error_code));
        rxm_subscription_free(p.subscription);
        rxm_presenter_free(presenter);
    }

    /* A script read from a file; the transcript records the answer. */
    {
        char path[] = "/tmp/rxmodal-contracts-XXXXXX";
        int fd = mkstemp(path);
        const char *script = "[{\"expect\": {\"primitive\": \"dialog\"}, \"choose\": \"Cancel\"}]";
        int written = fd >= 0 && write(fd, script, strlen(script)) == (ssize_t)strlen(script);
        if (fd >= 0) close(fd);
        rxm_presenter *presenter = NULL;
        probe p;
        probe_init(&p);
        int ok = written && rxm_presenter_new_scripted_file(path, &presenter, &error) == RXM_OK
            && rxm_modal_subscribe(alert, presenter, NULL, observer_for(&p), &p.subscription, &error) == RXM_OK
            && rxm_subscription_wait(p.subscription, 5000, &error) == RXM_OK;
        char *json = ok ? transcript_of(presenter) : NULL;
        report("a script from a file, and its transcript",
               ok && seen_by(&p).next == 1 && seen_by(&p).completed == 1 && json && strstr(json, "\"answeredAt\"") && strstr(json, "\"title\":\"Cancel\""),
               error.message);
        rxm_free(json);
        rxm_subscription_free(p.subscription);
        rxm_presenter_free(presenter);
        if (fd >= 0) unlink(path);
    }

    rxm_modal_free(alert);
    rxm_registry_close(registry);
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
