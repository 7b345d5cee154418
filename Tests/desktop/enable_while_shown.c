/*
** A host that changes a shown alert: "Sign In" starts disabled and is enabled
** from this thread after a moment, through rxm_subscription_call, while the
** alert is on the desktop. Prints the action chosen. For DesktopSurfaceTests.
*/
#include <rxmodal.h>
#include <stdio.h>

static void on_next(void *context, const rxm_value *result) {
    const char *title = "?";
    (void)context;
    rxm_value_get_string(rxm_value_member(result, "title"), &title, NULL, NULL);
    printf("chose: %s\n", title);
    fflush(stdout);
}

static void on_error(void *context, const rxm_error *error) {
    (void)context;
    printf("error: %s\n", error->message);
}

static void on_completed(void *context) { (void)context; }

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    rxm_presenter *presenter = NULL;
    rxm_subscription *subscription = NULL;
    rxm_value enable[2];
    int status = 1;

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "setTitle", "[\"Enable later\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"Cancel\", \"cancel\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"Sign In\", \"default\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "setActionEnabled", "[1, false]", &error) != RXM_OK
        || rxm_presenter_new_desktop(&presenter, &error) != RXM_OK) {
        fprintf(stderr, "setting up: %s\n", error.message);
        goto done;
    }
    rxm_observer observer = { NULL, on_next, on_error, on_completed };
    if (rxm_modal_subscribe(alert, presenter, NULL, observer, &subscription, &error) != RXM_OK) {
        fprintf(stderr, "subscribing: %s\n", error.message);
        goto done;
    }
    /* Shown and disabled for a moment, then enabled while shown. */
    if (rxm_subscription_wait(subscription, 2000, &error) != RXM_ERR_TIMEOUT) {
        fprintf(stderr, "ended before it was enabled\n");
        goto done;
    }
    enable[0] = rxm_int(1);
    enable[1] = rxm_bool(true);
    if (rxm_subscription_call(subscription, "setActionEnabled", enable, 2, &error) != RXM_OK) {
        fprintf(stderr, "enabling: %s\n", error.message);
        goto done;
    }
    if (rxm_subscription_wait(subscription, -1, &error) == RXM_OK) status = 0;

done:
    rxm_subscription_free(subscription);
    rxm_presenter_free(presenter);
    rxm_modal_free(alert);
    rxm_registry_close(registry);
    return status;
}
