/*
** alert.c — present an alert and print the action the user chose.
**
** The alert is shown on the default presenter: the script in $RXMODAL_SCRIPT
** when it is set (a headless run), else the terminal. With --terminal, on the
** terminal presenter whatever the environment says (line mode in a process
** without a controlling terminal, such as one started by setsid: the email,
** then the action's number); with --desktop, in a GTK 4 window (--desktop x11:XID:
** transient for that window). Build and run:
**
**     cc alert.c $(pkg-config --cflags --libs rxmodal) -o alert
**     RXMODAL_SCRIPT='[{"type": ["ada@example.org"], "choose": "Sign In"}]' ./alert
**     printf 'ada@example.org\n1\n' | setsid -w ./alert --terminal
*/
#include <rxmodal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what, const rxm_error *error) {
    fprintf(stderr, "alert: %s: %s (%s)\n", what, error->message, rxm_error_code_name(error->code));
    return 1;
}

/* The dialog answers {"action": i, "title": s, "style": s, "textFields": [s]}. */
static void on_next(void *context, const rxm_value *result) {
    (void)context;
    const char *title = "?";
    const char *email = "";
    int64_t index = -1;
    rxm_value_get_string(rxm_value_member(result, "title"), &title, NULL, NULL);
    rxm_value_get_int(rxm_value_member(result, "action"), &index, NULL);
    rxm_value_get_string(rxm_value_at(rxm_value_member(result, "textFields"), 0), &email, NULL, NULL);
    printf("chose: %s (action %lld), email: %s\n", title, (long long)index, email);
}

static void on_error(void *context, const rxm_error *error) {
    (void)context;
    printf("error: %s (%s)\n", error->message, rxm_error_code_name(error->code));
}

static void on_completed(void *context) {
    (void)context;
    printf("completed\n");
}

int main(int argc, char **argv) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    rxm_presenter *presenter = NULL;
    rxm_subscription *subscription = NULL;
    int status = 1;

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK) return fail("opening the registry", &error);
    if (rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK) { fail("alert", &error); goto done; }

    /* Configuration methods are called by name; arguments are rxm_values… */
    rxm_value title = rxm_string("Sign in");
    rxm_value message = rxm_string("Your session has expired.");
    if (rxm_modal_call(alert, "setTitle", &title, 1, &error) != RXM_OK
        || rxm_modal_call(alert, "setMessage", &message, 1, &error) != RXM_OK
        /* …or a JSON array. */
        || rxm_modal_call_json(alert, "addTextField", "[\"email\", \"Email\", \"\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"Sign In\", \"default\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"Cancel\", \"cancel\"]", &error) != RXM_OK) {
        fail("configuring the alert", &error);
        goto done;
    }

    const char *where = argc > 1 ? argv[1] : "";
    int made = strcmp(where, "--terminal") == 0 ? rxm_presenter_new_terminal(&presenter, &error)
             : strcmp(where, "--desktop") == 0 && argc > 2 ? rxm_presenter_new_desktop_transient_for(argv[2], &presenter, &error)
             : strcmp(where, "--desktop") == 0 ? rxm_presenter_new_desktop(&presenter, &error)
             : rxm_presenter_new_default(&presenter, &error);
    if (made != RXM_OK) {
        fail("presenter", &error);
        goto done;
    }
    rxm_observer observer = { NULL, on_next, on_error, on_completed };
    if (rxm_modal_subscribe(alert, presenter, NULL, observer, &subscription, &error) != RXM_OK) {
        fail("subscribing", &error);
        goto done;
    }
    /* Callbacks arrive on a library thread; this thread just waits for the end. */
    if (rxm_subscription_wait(subscription, -1, &error) != RXM_OK) { fail("waiting", &error); goto done; }
    status = 0;

done:
    rxm_subscription_free(subscription);
    rxm_presenter_free(presenter);
    rxm_modal_free(alert);
    rxm_registry_close(registry);
    return status;
}
