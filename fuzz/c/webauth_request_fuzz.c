/*
** webauth_request_fuzz.c — libFuzzer target: the bytes a web page, or any local
** process, can send to the web authentication listener's loopback port, and a
** line delivered to a custom scheme's socket. Whatever arrives, a request is let
** through only as the one callback the session waits for (right path, the one
** state), and nothing else hands a target back.
*/
#include "webauth_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define PATH "/callback"
#define STATE "Vh3uQ1xJ"
#define HOST "127.0.0.1:8080"
#define SCHEME_REDIRECT "myapp://callback"

static void fail(const char *what, const uint8_t *data, size_t size) {
    fprintf(stderr, "fuzz property failed: %s (%zu bytes)\n", what, size);
    (void)data;
    abort();
}

/* A target let through carries the session's state exactly once. A custom
** scheme's redirect is compared without case, as schemes and hosts are. */
static void expect_callback_target(const char *target, const char *prefix, bool any_case, const uint8_t *data, size_t size) {
    char *state = NULL;
    if (!target) fail("a callback without a target", data, size);
    if ((any_case ? strncasecmp : strncmp)(target, prefix, strlen(prefix)) != 0) fail("a callback on another path", data, size);
    if (wa_query_count(target, "state") != 1) fail("a callback whose state is not given once", data, size);
    if (wa_query_value(target, "state", &state) != 1 || strcmp(state, STATE) != 0) fail("a callback with another state", data, size);
    free(state);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *target = NULL;
    wa_request_verdict verdict = wa_judge_request((const char *)data, size, PATH, STATE, HOST, &target);
    if (!wa_response(verdict)) fail("no response for a verdict", data, size);
    if (verdict == WA_REQUEST_CALLBACK) expect_callback_target(target, PATH, false, data, size);
    else if (target) fail("a target handed back for a refused request", data, size);
    free(target);

    target = NULL;
    verdict = wa_judge_scheme_callback((const char *)data, size, SCHEME_REDIRECT, STATE, &target);
    if (!wa_scheme_response(verdict)) fail("no answer for a delivery", data, size);
    if (verdict == WA_REQUEST_CALLBACK) expect_callback_target(target, SCHEME_REDIRECT, true, data, size);
    else if (target) fail("a target handed back for a refused delivery", data, size);
    free(target);
    return 0;
}
