/*
** webauth_url.c — the little URL handling the session needs: reading a query
** parameter, checking a loopback redirect URI and putting the bound port into it.
*/
#include "webauth_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *wa_copy(const char *string) {
    size_t length;
    char *copy;
    if (!string) return NULL;
    length = strlen(string);
    copy = malloc(length + 1);
    if (copy) memcpy(copy, string, length + 1);
    return copy;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes a form-encoded component of `length` bytes ('+' is a space); NULL when
** malformed (a bad escape, a NUL byte) or out of memory. */
static char *decode(const char *text, size_t length) {
    char *out = malloc(length + 1);
    size_t i, n = 0;
    if (!out) return NULL;
    for (i = 0; i < length; i++) {
        if (text[i] == '%') {
            if (i + 2 >= length) { free(out); return NULL; }
            {
                int h = hex_digit(text[i + 1]), l = hex_digit(text[i + 2]);
                if (h < 0 || l < 0 || (h == 0 && l == 0)) { free(out); return NULL; }
                out[n++] = (char)(h * 16 + l);
            }
            i += 2;
        } else {
            out[n++] = text[i] == '+' ? ' ' : text[i];
        }
    }
    out[n] = '\0';
    return out;
}

int wa_query_value(const char *url, const char *name, char **value) {
    const char *query = strchr(url, '?'), *end, *cursor;
    size_t name_length = strlen(name);
    *value = NULL;
    if (!query) return 0;
    query++;
    end = strchr(query, '#');
    if (!end) end = query + strlen(query);
    for (cursor = query; cursor < end;) {
        const char *pair_end = memchr(cursor, '&', (size_t)(end - cursor));
        const char *equals;
        if (!pair_end) pair_end = end;
        equals = memchr(cursor, '=', (size_t)(pair_end - cursor));
        if (equals) {
            char *key = decode(cursor, (size_t)(equals - cursor));
            int match;
            if (!key) return -1;
            match = strlen(key) == name_length && memcmp(key, name, name_length) == 0;
            free(key);
            if (match) {
                *value = decode(equals + 1, (size_t)(pair_end - equals - 1));
                return *value ? 1 : -1;
            }
        }
        cursor = pair_end + 1;
    }
    return 0;
}

int wa_query_count(const char *url, const char *name) {
    const char *query = strchr(url, '?'), *end, *cursor;
    size_t name_length = strlen(name);
    int count = 0;
    if (!query) return 0;
    query++;
    end = strchr(query, '#');
    if (!end) end = query + strlen(query);
    for (cursor = query; cursor < end;) {
        const char *pair_end = memchr(cursor, '&', (size_t)(end - cursor));
        const char *equals;
        char *key;
        if (!pair_end) pair_end = end;
        equals = memchr(cursor, '=', (size_t)(pair_end - cursor));
        key = decode(cursor, (size_t)((equals ? equals : pair_end) - cursor));
        if (!key) return -1;
        if (strlen(key) == name_length && memcmp(key, name, name_length) == 0) count++;
        free(key);
        cursor = pair_end + 1;
    }
    return count;
}

int wa_parse_loopback_redirect(const char *uri, wa_redirect *redirect, rxm_error *error) {
    const char *rest, *path;
    static const char *const hosts[] = { "127.0.0.1", "[::1]", "localhost" };
    size_t i, host_length = 0;
    redirect->path = NULL;
    if (strncmp(uri, "http://", 7) != 0) {
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "redirect_uri must be a loopback http:// URI (RFC 8252 \xC2\xA7" "7.3), such as http://127.0.0.1/callback");
    }
    rest = uri + 7;
    for (i = 0; i < sizeof hosts / sizeof hosts[0]; i++) {
        size_t length = strlen(hosts[i]);
        if (strncmp(rest, hosts[i], length) == 0 && (rest[length] == ':' || rest[length] == '/' || rest[length] == '\0')) {
            host_length = length;
            break;
        }
    }
    if (!host_length) {
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "redirect_uri must name the loopback host 127.0.0.1, [::1] or localhost, not another host");
    }
    rest += host_length;
    if (*rest == ':') {
        /* Any port given is replaced by the one bound for the session. */
        rest++;
        while (*rest >= '0' && *rest <= '9') rest++;
        if (*rest != '/' && *rest != '\0') {
            return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "redirect_uri has a malformed port");
        }
    }
    path = *rest ? rest : "/";
    for (i = 0; path[i]; i++) {
        unsigned char c = (unsigned char)path[i];
        if (c == '?' || c == '#' || c <= ' ' || c >= 0x7F) {
            return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                                 "redirect_uri's path must be plain (no query, fragment, spaces or non-ASCII bytes)");
        }
    }
    redirect->path = wa_copy(path);
    if (!redirect->path) return rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
    return RXM_OK;
}

static bool unreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '.' || c == '_' || c == '~';
}

char *wa_replace_redirect_uri(const char *url, const char *redirect_uri) {
    const char *query = strchr(url, '?'), *cursor, *end;
    size_t length = strlen(url), encoded_length = 0, i;
    char *encoded, *out;
    if (!query) return NULL;
    for (i = 0; redirect_uri[i]; i++) encoded_length += unreserved((unsigned char)redirect_uri[i]) ? 1 : 3;
    encoded = malloc(encoded_length + 1);
    if (!encoded) return NULL;
    for (i = 0, encoded_length = 0; redirect_uri[i]; i++) {
        unsigned char c = (unsigned char)redirect_uri[i];
        if (unreserved(c)) encoded[encoded_length++] = (char)c;
        else encoded_length += (size_t)sprintf(encoded + encoded_length, "%%%02X", c);
    }
    encoded[encoded_length] = '\0';

    /* Find "redirect_uri=" at the start of a parameter; copy around its value. */
    end = strchr(query, '#');
    if (!end) end = url + length;
    for (cursor = query + 1; cursor < end;) {
        const char *pair_end = memchr(cursor, '&', (size_t)(end - cursor));
        if (!pair_end) pair_end = end;
        if ((size_t)(pair_end - cursor) >= 13 && strncmp(cursor, "redirect_uri=", 13) == 0) {
            size_t before = (size_t)(cursor + 13 - url), after = length - (size_t)(pair_end - url);
            out = malloc(before + encoded_length + after + 1);
            if (out) {
                memcpy(out, url, before);
                memcpy(out + before, encoded, encoded_length);
                memcpy(out + before + encoded_length, pair_end, after + 1);
            }
            free(encoded);
            return out;
        }
        cursor = pair_end + 1;
    }
    free(encoded);
    return NULL;
}

bool wa_valid_scheme(const char *scheme) {
    size_t i;
    if (!scheme || !((scheme[0] >= 'a' && scheme[0] <= 'z') || (scheme[0] >= 'A' && scheme[0] <= 'Z'))) return false;
    for (i = 1; scheme[i]; i++) {
        char c = scheme[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) return false;
    }
    return i <= 64;
}

bool wa_equal_secret(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b), i;
    unsigned char difference = (unsigned char)(la != lb);
    for (i = 0; i < la; i++) difference |= (unsigned char)(a[i] ^ b[i < lb ? i : 0]);
    return difference == 0;
}
