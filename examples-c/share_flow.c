/*
** share_flow.c — the seed's flow: an action sheet offers "Mail", "Message" and
** "Cancel"; choosing Mail presents a mail composer to
** rxmodal@rxswiftcommunity.org with "Hello World!", as the seed's
** `.default(title: "Mail", flatMapTo: mailComposer)` does.
**
** The composer comes after the sheet has been dismissed (the seed's
** flatMapTo subscribes the chosen action's modal when the sheet completes).
** A kind that is not installed is reported clearly (exit status 3), with
** the kinds the registry does know.
**
**     RXMODAL_SCRIPT='[{"choose": "Mail"}, …the composer's step…]' ./share_flow
*/
#include <rxmodal.h>
#include <stdio.h>
#include <string.h>

/* Where a subscription's result lands. */
typedef struct outcome {
    char chosen[64];
    char *json;          /* the last value, as JSON (rxm_free) */
    rxm_error error;
    int failed;
} outcome;

static void on_next(void *context, const rxm_value *value) {
    outcome *o = context;
    const char *title = NULL;
    if (rxm_value_get_string(rxm_value_member(value, "title"), &title, NULL, NULL) == RXM_OK)
        snprintf(o->chosen, sizeof o->chosen, "%s", title);
    rxm_free(o->json);
    o->json = NULL;
    rxm_value_to_json(value, &o->json, NULL);
}

static void on_error(void *context, const rxm_error *error) {
    outcome *o = context;
    o->error = *error;
    o->failed = 1;
}

static void on_completed(void *context) { (void)context; }

/* Presents `modal` and waits for its end; the result is in `o`. */
static int run(rxm_modal *modal, rxm_presenter *presenter, outcome *o) {
    rxm_subscription *subscription = NULL;
    rxm_observer observer = { o, on_next, on_error, on_completed };
    memset(o, 0, sizeof *o);
    if (rxm_modal_subscribe(modal, presenter, NULL, observer, &subscription, &o->error) != RXM_OK
        || rxm_subscription_wait(subscription, -1, &o->error) != RXM_OK)
        o->failed = 1;
    rxm_subscription_free(subscription);
    return o->failed ? -1 : 0;
}

/* The composer for `kind`, configured as in the seed; NULL (message printed)
** when the kind is not installed or refuses the configuration. */
static rxm_modal *composer(rxm_registry *registry, const char *kind, int *status) {
    rxm_error error;
    rxm_modal *modal = NULL;
    if (rxm_modal_new(registry, kind, &modal, &error) != RXM_OK) {
        if (error.code == RXM_ERR_UNKNOWN_KIND)
            fprintf(stderr, "share_flow: the %s plugin is not installed: %s\n", kind, error.message);
        else
            fprintf(stderr, "share_flow: %s: %s\n", kind, error.message);
        *status = 3;
        return NULL;
    }
    const char *recipients[] = { "rxmodal@rxswiftcommunity.org" };
    rxm_value recipient_values[] = { rxm_string(recipients[0]) };
    rxm_value to = rxm_array(recipient_values, 1);
    rxm_value body[] = { rxm_string("Hello World!"), rxm_bool(false) };
    int configured = strcmp(kind, "mailComposer") == 0
        ? rxm_modal_call(modal, "setToRecipients", &to, 1, &error) == RXM_OK
          && rxm_modal_call(modal, "setMessageBody", body, 2, &error) == RXM_OK
        : rxm_modal_call(modal, "setRecipients", &to, 1, &error) == RXM_OK
          && rxm_modal_call(modal, "setBody", body, 1, &error) == RXM_OK;
    if (!configured) {
        fprintf(stderr, "share_flow: configuring %s: %s\n", kind, error.message);
        rxm_modal_free(modal);
        *status = 1;
        return NULL;
    }
    return modal;
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *sheet = NULL, *next = NULL;
    rxm_presenter *presenter = NULL;
    outcome o;
    int status = 1;

    if (rxm_registry_open(NULL, &registry, &error) != RXM_OK
        || rxm_presenter_new_default(&presenter, &error) != RXM_OK
        || rxm_modal_new(registry, "actionSheet", &sheet, &error) != RXM_OK
        || rxm_modal_call_json(sheet, "setSource", "[\"contactUsButton\"]", &error) != RXM_OK
        || rxm_modal_call_json(sheet, "addAction", "[\"Mail\", \"default\"]", &error) != RXM_OK
        || rxm_modal_call_json(sheet, "addAction", "[\"Message\", \"default\"]", &error) != RXM_OK
        || rxm_modal_call_json(sheet, "addAction", "[\"Cancel\", \"cancel\"]", &error) != RXM_OK) {
        fprintf(stderr, "share_flow: %s\n", error.message);
        goto done;
    }

    if (run(sheet, presenter, &o) != 0) {
        fprintf(stderr, "share_flow: action sheet: %s\n", o.error.message);
        goto done;
    }
    printf("action sheet: %s\n", o.chosen);
    rxm_free(o.json);
    if (strcmp(o.chosen, "Cancel") == 0) { status = 0; goto done; }

    next = composer(registry, strcmp(o.chosen, "Mail") == 0 ? "mailComposer" : "messageComposer", &status);
    if (!next) goto done;
    if (run(next, presenter, &o) != 0) {
        fprintf(stderr, "share_flow: %s: %s\n", rxm_modal_kind(next), o.error.message);
    } else {
        printf("%s: %s\n", rxm_modal_kind(next), o.json ? o.json : "(no value)");
        status = 0;
    }
    rxm_free(o.json);

done:
    rxm_modal_free(next);
    rxm_modal_free(sheet);
    rxm_presenter_free(presenter);
    rxm_registry_close(registry);
    return status;
}
