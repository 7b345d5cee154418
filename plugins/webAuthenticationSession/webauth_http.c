/*
** webauth_http.c — judging the one kind of request the loopback listener
** accepts (GET <callback path>?…state=<expected>… HTTP/1.x, Host: the
** listener's address and port), and the fixed responses it gives. Nothing in a
** response is taken from the request: the success page does not redirect
** anywhere and does not echo the code.
**
** Web pages can send requests to loopback ports. The Host check keeps out a
** page that rebinds its own name to 127.0.0.1 (it sends its name); a wrong path
** and a wrong state get one and the same answer, so a page cannot find out
** whether, or on which path, a session is waiting. The checks that answer 400
** come before the path is looked at, for the same reason.
*/
#include "webauth_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The end of the headers ("\r\n\r\n", or "\n\n" from lenient clients), or NULL. */
static const char *end_of_headers(const char *bytes, size_t length) {
    size_t i;
    for (i = 0; i + 1 < length; i++) {
        if (bytes[i] == '\n' && bytes[i + 1] == '\n') return bytes + i;
        if (i + 3 < length && bytes[i] == '\r' && bytes[i + 1] == '\n' && bytes[i + 2] == '\r' && bytes[i + 3] == '\n') return bytes + i;
    }
    return NULL;
}

/* Whether the header lines in [headers, end) have exactly one Host field and
** its value is `host` (case-insensitive, blanks around it ignored). */
static bool addressed_to(const char *headers, const char *end, const char *host) {
    size_t host_length = strlen(host);
    const char *line = headers;
    int found = 0;
    bool matches = false;
    while (line < end) {
        const char *line_end = memchr(line, '\n', (size_t)(end - line)), *value_end, *colon, *value;
        if (!line_end) line_end = end;
        value_end = line_end;
        if (value_end > line && value_end[-1] == '\r') value_end--;
        colon = memchr(line, ':', (size_t)(value_end - line));
        if (colon && colon - line == 4 && strncasecmp(line, "host", 4) == 0) {
            found++;
            value = colon + 1;
            while (value < value_end && (*value == ' ' || *value == '\t')) value++;
            while (value_end > value && (value_end[-1] == ' ' || value_end[-1] == '\t')) value_end--;
            matches = (size_t)(value_end - value) == host_length && strncasecmp(value, host, host_length) == 0;
        }
        line = line_end + 1;
    }
    return found == 1 && matches;
}

wa_request_verdict wa_judge_request(const char *bytes, size_t length, const char *path,
                                    const char *state, const char *host, char **target) {
    const char *line_end, *headers_end, *space1, *space2, *query;
    size_t line_length, i, path_length = strlen(path);
    char *line, *value = NULL;
    wa_request_verdict verdict;
    int found, states, codes;

    *target = NULL;
    headers_end = end_of_headers(bytes, length);
    if (!headers_end) {
        /* A request line that is already not HTTP need not wait for more bytes. */
        for (i = 0; i < length && bytes[i] != '\n'; i++) {
            unsigned char c = (unsigned char)bytes[i];
            if (c != '\r' && (c < ' ' || c >= 0x7F)) return WA_REQUEST_MALFORMED;
        }
        return length >= WA_MAX_REQUEST ? WA_REQUEST_TOO_LARGE : WA_REQUEST_INCOMPLETE;
    }
    line_end = memchr(bytes, '\n', length);
    line_length = (size_t)(line_end - bytes);
    if (line_length > 0 && bytes[line_length - 1] == '\r') line_length--;
    for (i = 0; i < line_length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c < ' ' || c >= 0x7F) return WA_REQUEST_MALFORMED;
    }
    line = malloc(line_length + 1);
    if (!line) return WA_REQUEST_MALFORMED;
    memcpy(line, bytes, line_length);
    line[line_length] = '\0';

    /* METHOD SP request-target SP HTTP/1.x, single spaces (RFC 9112 §3). */
    space1 = strchr(line, ' ');
    space2 = space1 ? strchr(space1 + 1, ' ') : NULL;
    if (!space1 || !space2 || space1 == line || space2 == space1 + 1 || strchr(space2 + 1, ' ') ||
        strncmp(space2 + 1, "HTTP/1.", 7) != 0 || space2[8] < '0' || space2[8] > '9' || space2[9] != '\0' ||
        space1[1] != '/') {
        free(line);
        return WA_REQUEST_MALFORMED;
    }
    *(char *)space2 = '\0';
    if (!addressed_to(line_end + 1, headers_end, host)) {
        free(line);
        return WA_REQUEST_WRONG_HOST;
    }
    if ((size_t)(space1 - line) != 3 || strncmp(line, "GET", 3) != 0) {
        free(line);
        return WA_REQUEST_NOT_FOUND;
    }
    /* A second state or code could be the one the application reads instead of the checked one. */
    states = wa_query_count(space1 + 1, "state");
    codes = wa_query_count(space1 + 1, "code");
    if (states < 0 || codes < 0 || states > 1 || codes > 1) {
        free(line);
        return states < 0 || codes < 0 ? WA_REQUEST_MALFORMED : WA_REQUEST_REPEATED;
    }
    query = strchr(space1 + 1, '?');
    if ((size_t)((query ? query : space2) - (space1 + 1)) != path_length ||
        strncmp(space1 + 1, path, path_length) != 0) {
        free(line);
        return WA_REQUEST_NOT_FOUND;
    }
    found = wa_query_value(space1 + 1, "state", &value);
    if (found == 1 && wa_equal_secret(value, state)) {
        verdict = WA_REQUEST_CALLBACK;
        *target = wa_copy(space1 + 1);
        if (!*target) verdict = WA_REQUEST_MALFORMED;
    } else {
        verdict = WA_REQUEST_WRONG_STATE;
    }
    free(value);
    free(line);
    return verdict;
}

#define PAGE(title, text) \
    "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" title "</title></head>" \
    "<body><h1>" title "</h1><p>" text "</p></body></html>\n"

#define RESPONSE(status, title, text) \
    "HTTP/1.1 " status "\r\n" \
    "Content-Type: text/html; charset=utf-8\r\n" \
    "Cache-Control: no-store\r\n" \
    "Referrer-Policy: no-referrer\r\n" \
    "Connection: close\r\n\r\n" \
    PAGE(title, text)

const char *wa_response(wa_request_verdict verdict) {
    switch (verdict) {
    case WA_REQUEST_CALLBACK:
        return RESPONSE("200 OK", "Signed in", "You can close this window and return to the application.");
    case WA_REQUEST_WRONG_HOST:
        return RESPONSE("400 Bad Request", "Bad request", "The request was not addressed to this address and port.");
    case WA_REQUEST_REPEATED:
        return RESPONSE("400 Bad Request", "Bad request", "A parameter of the request is repeated.");
    case WA_REQUEST_TOO_LARGE:
        return RESPONSE("431 Request Header Fields Too Large", "Request too large", "The request was too large.");
    case WA_REQUEST_MALFORMED:
        return RESPONSE("400 Bad Request", "Bad request", "The request was malformed.");
    case WA_REQUEST_WRONG_STATE:   /* answered as a wrong path: see the top of this file */
    case WA_REQUEST_NOT_FOUND:
    case WA_REQUEST_INCOMPLETE:
    default:
        return RESPONSE("404 Not Found", "Not found", "Nothing here.");
    }
}
