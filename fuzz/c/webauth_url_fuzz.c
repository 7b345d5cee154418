/*
** webauth_url_fuzz.c — libFuzzer target: the URL handling of the web
** authentication plugin — query parameters (read from requests that reach the
** listener), redirect URIs and schemes (from the application), and the
** constant-time state comparison. Input: one string, or two separated by a NUL.
*/
#include "webauth_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
    fprintf(stderr, "fuzz property failed: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1), *value = NULL, *replaced;
    const char *second;
    wa_redirect redirect;
    rxm_error error;
    int found, count;
    size_t i;
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    second = text + strlen(text) + (strlen(text) < size ? 1 : 0);

    found = wa_query_value(text, "state", &value);
    count = wa_query_count(text, "state");
    if (found == 1 && !value) fail("a value found but not returned");
    if (found != 1 && value) fail("a value returned but not found");
    /* A count of -1 refuses the query; a name given without '=' is counted but has no value. */
    if (found == 1 && count == 0) fail("a parameter found but not counted");
    free(value);

    if (wa_parse_loopback_redirect(text, &redirect, &error) == RXM_OK) {
        if (!redirect.path || redirect.path[0] != '/') fail("an accepted redirect whose path does not start with /");
        for (i = 0; redirect.path[i]; i++) {
            unsigned char c = (unsigned char)redirect.path[i];
            if (c == '?' || c == '#' || c <= ' ' || c >= 0x7F) fail("an accepted redirect path that is not plain");
        }
        free(redirect.path);
    } else if (redirect.path) {
        fail("a refused redirect that left a path");
    }

    replaced = wa_replace_redirect_uri(text, second);
    free(replaced);
    (void)wa_valid_scheme(text);
    if (wa_equal_secret(text, second) != (strcmp(text, second) == 0)) fail("the secret comparison disagrees with strcmp");
    free(text);
    return 0;
}
