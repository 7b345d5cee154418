/*
** bad_input.c — what the library answers to wrong calls: every one returns an
** error code with a message, none crashes. Prints one line per call:
**     <what>: <code name> — <message>
*/
#include <rxmodal.h>
#include <stdio.h>

static void say(const char *what, int code, const rxm_error *error) {
    printf("%s: %s%s%s\n", what, rxm_error_code_name(code), code ? " — " : "", code ? error->message : "");
}

int main(void) {
    rxm_error error;
    rxm_registry *registry = NULL;
    rxm_modal *alert = NULL;
    rxm_modal *missing = NULL;
    rxm_presenter *presenter = NULL;
    rxm_document *document = NULL;
    char *json = NULL;
    const char invalid_utf8[] = { 's', 'e', 't', (char)0xff, 0 };

    say("open with NULL out", rxm_registry_open(NULL, NULL, &error), &error);
    say("open", rxm_registry_open(NULL, &registry, &error), &error);
    say("modal of a NULL registry", rxm_modal_new(NULL, "alert", &alert, &error), &error);
    say("modal of kind NULL", rxm_modal_new(registry, NULL, &alert, &error), &error);
    say("modal of an unknown kind", rxm_modal_new(registry, "hologram", &missing, &error), &error);
    say("modal of an invalid UTF-8 kind", rxm_modal_new(registry, invalid_utf8, &missing, &error), &error);
    say("describe an unknown kind", rxm_registry_describe(registry, "hologram", true, &json, &error), &error);
    say("alert", rxm_modal_new(registry, "alert", &alert, &error), &error);

    rxm_value one_string = rxm_string("Title");
    rxm_value an_int = rxm_int(7);
    rxm_value bad_string = rxm_string(invalid_utf8);
    say("call an unknown method", rxm_modal_call(alert, "setColour", &one_string, 1, &error), &error);
    say("call with an invalid UTF-8 method name", rxm_modal_call(alert, invalid_utf8, &one_string, 1, &error), &error);
    say("call with a wrong type", rxm_modal_call(alert, "setTitle", &an_int, 1, &error), &error);
    say("call with too few arguments", rxm_modal_call(alert, "addAction", &one_string, 1, &error), &error);
    say("call with NULL arguments", rxm_modal_call(alert, "setTitle", NULL, 1, &error), &error);
    say("call with invalid UTF-8", rxm_modal_call(alert, "setTitle", &bad_string, 1, &error), &error);
    say("call with malformed JSON", rxm_modal_call_json(alert, "setTitle", "[\"unterminated", &error), &error);
    say("call refused by the plugin", rxm_modal_call_json(alert, "addAction", "[\"OK\", \"sideways\"]", &error), &error);
    say("call on a NULL modal", rxm_modal_call(NULL, "setTitle", &one_string, 1, &error), &error);
    say("call without an error struct", rxm_modal_call(NULL, "setTitle", &one_string, 1, NULL), &error);

    rxm_observer observer = { NULL, NULL, NULL, NULL };
    rxm_subscription *subscription = NULL;
    say("subscribe with a NULL presenter", rxm_modal_subscribe(alert, NULL, NULL, observer, &subscription, &error), &error);
    say("malformed script", rxm_presenter_new_scripted("[{\"choose\": ", &presenter, &error), &error);
    say("script with an unknown key", rxm_presenter_new_scripted("[{\"press\": \"OK\"}]", &presenter, &error), &error);
    say("script file that does not exist", rxm_presenter_new_scripted_file("/nonexistent/script.json", &presenter, &error), &error);
    say("transcript of the default presenter", rxm_presenter_new_default(&presenter, &error), &error);
    say("  …", rxm_presenter_transcript_json(presenter, &json, &error), &error);
    say("dispose NULL", rxm_subscription_dispose(NULL, &error), &error);
    say("wait on NULL", rxm_subscription_wait(NULL, 0, &error), &error);

    say("parse bad JSON", rxm_document_parse("{\"a\": }", &document, &error), &error);
    say("parse JSON", rxm_document_parse("{\"a\": [1, 2.5, \"x\"]}", &document, &error), &error);
    const rxm_value *root = rxm_document_root(document);
    int64_t number = 0;
    const char *text = NULL;
    say("read an object as an int", rxm_value_get_int(root, &number, &error), &error);
    say("read an int as a string", rxm_value_get_string(rxm_value_at(rxm_value_member(root, "a"), 0), &text, NULL, &error), &error);
    say("read a NULL value", rxm_value_get_bool(NULL, NULL, &error), &error);
    printf("out of range: %s\n", rxm_value_at(root, 5) == NULL ? "NULL" : "not NULL");
    rxm_value broken = rxm_string_n(NULL, 3);
    say("JSON of a value with a NULL string", rxm_value_to_json(&broken, &json, &error), &error);

    rxm_document_free(document);
    rxm_presenter_free(presenter);
    rxm_modal_free(missing);
    rxm_modal_free(alert);
    rxm_registry_close(registry);
    /* Freeing NULL does nothing. */
    rxm_registry_close(NULL); rxm_modal_free(NULL); rxm_presenter_free(NULL); rxm_loop_free(NULL);
    rxm_subscription_free(NULL); rxm_document_free(NULL); rxm_free(NULL);
    printf("done\n");
    return 0;
}
