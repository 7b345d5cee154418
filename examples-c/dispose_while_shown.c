/*
** dispose_while_shown.c — dispose a modal while it is shown: it is dismissed,
** and no callback arrives afterwards. Uses a scripted presenter made in the
** program whose one step never answers ("stayOpen"), then prints the
** transcript, which records the dismissal.
*/
#include <rxmodal.h>
#include <stdio.h>

static int callbacks = 0;

static void on_next(void *context, const rxm_value *value) { (void)context; (void)value; callbacks++; }
static void on_error(void *context, const rxm_error *error) { (void)context; (void)error; callbacks++; }
static void on_completed(void *context) { (void)context; callbacks++; }

static void say(const char *what, int code, const rxm_error *error) {
    printf("%s: %s%s%s\n", what, rxm_error_code_name(code), code ? " — " : "", code ? error->message : "");
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    rxm_presenter *presenter = NULL;
    rxm_subscription *subscription = NULL;
    char *transcript = NULL;
    int status = 1;

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_modal_new(registry, "alert", &alert, &error) != RXM_OK
        || rxm_modal_call_json(alert, "setTitle", "[\"Uploading…\"]", &error) != RXM_OK
        || rxm_modal_call_json(alert, "addAction", "[\"Stop\", \"cancel\"]", &error) != RXM_OK
        || rxm_presenter_new_scripted("[{\"stayOpen\": true}]", &presenter, &error) != RXM_OK) {
        fprintf(stderr, "dispose_while_shown: %s\n", error.message);
        goto done;
    }
    rxm_observer observer = { NULL, on_next, on_error, on_completed };
    if (rxm_modal_subscribe(alert, presenter, NULL, observer, &subscription, &error) != RXM_OK) goto done;

    say("wait 100 ms", rxm_subscription_wait(subscription, 100, &error), &error);
    say("dispose", rxm_subscription_dispose(subscription, &error), &error);
    say("dispose again", rxm_subscription_dispose(subscription, &error), &error);
    rxm_value enabled[2] = { rxm_int(0), rxm_bool(false) };
    say("call after dispose", rxm_subscription_call(subscription, "setActionEnabled", enabled, 2, &error), &error);
    say("wait after dispose", rxm_subscription_wait(subscription, 0, &error), &error);
    printf("callbacks: %d\n", callbacks);

    if (rxm_presenter_transcript_json(presenter, &transcript, &error) != RXM_OK) goto done;
    printf("transcript: %s\n", transcript);
    status = 0;

done:
    rxm_free(transcript);
    rxm_subscription_free(subscription);
    rxm_presenter_free(presenter);
    rxm_modal_free(alert);
    rxm_registry_close(registry);
    return status;
}
