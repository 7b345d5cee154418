/*
** rating_host.c — loads the example "rating" plugin from a directory and
** presents it: a C plugin and a C host, speaking rxm_value to each other.
**
**     ./rating_host <plugin directory>     (the script comes from $RXMODAL_SCRIPT)
*/
#include <rxmodal.h>
#include <stdio.h>

static void on_next(void *context, const rxm_value *value) {
    int64_t stars = 0;
    (void)context;
    if (rxm_value_get_int(rxm_value_member(value, "stars"), &stars, NULL) == RXM_OK)
        printf("rated %lld stars\n", (long long)stars);
    else
        printf("not rated\n");
}

static void on_error(void *context, const rxm_error *error) {
    (void)context;
    printf("error: %s\n", error->message);
}

static void on_completed(void *context) { (void)context; }

int main(int argc, char **argv) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *rating = NULL;
    rxm_presenter *presenter = NULL;
    rxm_subscription *subscription = NULL;
    char *description = NULL;
    int status = 1;

    if (argc != 2) { fprintf(stderr, "usage: %s <plugin directory>\n", argv[0]); return 2; }
    if (rxm_registry_open(argv[1], &registry, &error) != RXM_OK) goto fail;
    for (size_t i = 0; i < rxm_registry_skipped_count(registry); i++)
        fprintf(stderr, "skipped %s: %s\n", rxm_registry_skipped_path(registry, i), rxm_registry_skipped_reason(registry, i));
    if (rxm_registry_describe(registry, "rating", false, &description, &error) != RXM_OK) goto fail;
    printf("%s", description);

    rxm_value maximum = rxm_int(3);
    if (rxm_modal_new(registry, "rating", &rating, &error) != RXM_OK
        || rxm_modal_call_json(rating, "setTitle", "[\"Rate this example\"]", &error) != RXM_OK
        || rxm_modal_call(rating, "setMaximum", &maximum, 1, &error) != RXM_OK
        || rxm_presenter_new_default(&presenter, &error) != RXM_OK)
        goto fail;
    rxm_observer observer = { NULL, on_next, on_error, on_completed };
    if (rxm_modal_subscribe(rating, presenter, NULL, observer, &subscription, &error) != RXM_OK
        || rxm_subscription_wait(subscription, 10000, &error) != RXM_OK)
        goto fail;
    status = 0;
    goto done;

fail:
    fprintf(stderr, "rating_host: %s (%s)\n", error.message, rxm_error_code_name(error.code));
done:
    rxm_free(description);
    rxm_subscription_free(subscription);
    rxm_presenter_free(presenter);
    rxm_modal_free(rating);
    rxm_registry_close(registry);
    return status;
}
