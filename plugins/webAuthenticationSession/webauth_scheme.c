/*
** webauth_scheme.c — whether the desktop routes a custom URL scheme: a desktop
** entry (XDG Desktop Entry spec) under $XDG_DATA_HOME or $XDG_DATA_DIRS whose
** MimeType lists x-scheme-handler/<scheme>, which is how xdg-open and browsers
** find the program for myapp:// URLs.
*/
#define _GNU_SOURCE
#include "webauth_internal.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

/* Whether `line` ("MimeType=a;b;…") lists `type`, case-insensitively. */
static bool lists_type(const char *line, const char *type) {
    const char *cursor = line + strlen("MimeType=");
    size_t length = strlen(type);
    while (*cursor) {
        size_t item = strcspn(cursor, ";\r\n");
        if (item == length && strncasecmp(cursor, type, length) == 0) return true;
        cursor += item;
        if (*cursor) cursor++;
    }
    return false;
}

static bool directory_routes(const char *directory, const char *type) {
    DIR *folder = opendir(directory);
    struct dirent *entry;
    bool found = false;
    if (!folder) return false;
    while (!found && (entry = readdir(folder)) != NULL) {
        size_t length = strlen(entry->d_name);
        char path[4096], line[4096];
        FILE *file;
        if (length < 9 || strcmp(entry->d_name + length - 8, ".desktop") != 0) continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", directory, entry->d_name) >= sizeof path) continue;
        file = fopen(path, "r");
        if (!file) continue;
        while (fgets(line, sizeof line, file)) {
            if (strncmp(line, "MimeType=", 9) == 0 && lists_type(line, type)) { found = true; break; }
        }
        fclose(file);
    }
    closedir(folder);
    return found;
}

bool wa_scheme_is_routed(const char *scheme) {
    char type[128], directory[4096];
    const char *home = getenv("HOME"), *data_home = getenv("XDG_DATA_HOME"), *data_dirs = getenv("XDG_DATA_DIRS");
    if ((size_t)snprintf(type, sizeof type, "x-scheme-handler/%s", scheme) >= sizeof type) return false;
    if (data_home && *data_home) {
        snprintf(directory, sizeof directory, "%s/applications", data_home);
        if (directory_routes(directory, type)) return true;
    } else if (home && *home) {
        snprintf(directory, sizeof directory, "%s/.local/share/applications", home);
        if (directory_routes(directory, type)) return true;
    }
    if (!data_dirs || !*data_dirs) data_dirs = "/usr/local/share:/usr/share";
    while (*data_dirs) {
        size_t length = strcspn(data_dirs, ":");
        if (length && length < sizeof directory - 16) {
            snprintf(directory, sizeof directory, "%.*s/applications", (int)length, data_dirs);
            if (directory_routes(directory, type)) return true;
        }
        data_dirs += length;
        if (*data_dirs) data_dirs++;
    }
    return false;
}

/* ---- delivery of custom-scheme callbacks ----------------------------------
** The program a desktop entry starts for myapp:// URLs (rxmodal-webauth-callback,
** or anything speaking the same one-line protocol) connects to a Unix socket
** named after the scheme in a directory only the user can enter, writes the URL
** and a newline, and reads back "ok" or "refused: <reason>". */

int wa_scheme_socket_path(const char *scheme, char *path, size_t size, bool create) {
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    char directory[256], lower[80];
    size_t i;
    struct stat info;
    if (strlen(scheme) >= sizeof lower) return -1;
    for (i = 0; scheme[i]; i++) lower[i] = (char)tolower((unsigned char)scheme[i]);
    lower[i] = '\0';
    if (runtime && *runtime == '/' && strlen(runtime) < 200) snprintf(directory, sizeof directory, "%s/rxmodal-webauth", runtime);
    else snprintf(directory, sizeof directory, "/tmp/rxmodal-webauth-%u", (unsigned)getuid());
    if (create && mkdir(directory, 0700) != 0 && errno != EEXIST) return -1;
    /* Only a directory of ours that nobody else can enter. */
    if (lstat(directory, &info) != 0 || !S_ISDIR(info.st_mode) || info.st_uid != getuid() || (info.st_mode & 0077)) return -1;
    if ((size_t)snprintf(path, size, "%s/%s.socket", directory, lower) >= size) return -1;
    return 0;
}

int wa_bind_scheme_socket(const char *scheme, char **socket_path, rxm_error *error) {
    struct sockaddr_un address;
    int fd;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (wa_scheme_socket_path(scheme, address.sun_path, sizeof address.sun_path, true) != 0) {
        rxm_error_set(error, RXM_ERR_IO, "cannot make a private directory for the %s:// callback socket (XDG_RUNTIME_DIR or /tmp)", scheme);
        return -1;
    }
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        rxm_error_set(error, RXM_ERR_IO, "cannot make a socket: %s", strerror(errno));
        return -1;
    }
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        /* A socket file left by a session that ended without cleaning up, or a
        ** live session: only a live one answers a connection. */
        int probe;
        bool live;
        if (errno != EADDRINUSE) goto failed;
        probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        live = probe >= 0 && connect(probe, (struct sockaddr *)&address, sizeof address) == 0;
        if (probe >= 0) close(probe);
        if (live) {
            close(fd);
            rxm_error_set(error, RXM_ERR_IO, "another session is already waiting for a %s:// callback", scheme);
            return -1;
        }
        unlink(address.sun_path);
        if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0) goto failed;
    }
    if (listen(fd, 8) != 0) goto failed;
    *socket_path = wa_copy(address.sun_path);
    return fd;

failed:
    rxm_error_set(error, RXM_ERR_IO, "cannot listen on %s: %s", address.sun_path, strerror(errno));
    close(fd);
    return -1;
}

wa_request_verdict wa_judge_scheme_callback(const char *bytes, size_t length, const char *redirect,
                                            const char *state, char **target) {
    const char *newline = memchr(bytes, '\n', length), *query;
    size_t line_length, i, redirect_length = strlen(redirect);
    char *line, *value = NULL;
    wa_request_verdict verdict;
    int states, codes;
    *target = NULL;
    if (!newline) return length >= WA_MAX_REQUEST ? WA_REQUEST_TOO_LARGE : WA_REQUEST_INCOMPLETE;
    line_length = (size_t)(newline - bytes);
    if (line_length > 0 && bytes[line_length - 1] == '\r') line_length--;
    for (i = 0; i < line_length; i++) {
        unsigned char c = (unsigned char)bytes[i];
        if (c <= ' ' || c >= 0x7F) return WA_REQUEST_MALFORMED;
    }
    line = malloc(line_length + 1);
    if (!line) return WA_REQUEST_MALFORMED;
    memcpy(line, bytes, line_length);
    line[line_length] = '\0';
    query = strchr(line, '?');
    if ((size_t)((query ? query : line + line_length) - line) != redirect_length || strncasecmp(line, redirect, redirect_length) != 0) {
        free(line);
        return WA_REQUEST_NOT_FOUND;
    }
    states = wa_query_count(line, "state");
    codes = wa_query_count(line, "code");
    if (states < 0 || codes < 0) {
        /* A malformed name stops the count, so a repeat after it would go unseen. */
        verdict = WA_REQUEST_MALFORMED;
    } else if (states > 1 || codes > 1) {
        verdict = WA_REQUEST_REPEATED;   /* the second value could be the one the application reads */
    } else if (wa_query_value(line, "state", &value) == 1 && wa_equal_secret(value, state)) {
        verdict = WA_REQUEST_CALLBACK;
        *target = line;
        line = NULL;
    } else {
        verdict = WA_REQUEST_WRONG_STATE;
    }
    free(value);
    if (line) { memset(line, 0, line_length); free(line); }
    return verdict;
}

const char *wa_scheme_response(wa_request_verdict verdict) {
    switch (verdict) {
    case WA_REQUEST_CALLBACK: return "ok\n";
    case WA_REQUEST_WRONG_STATE: return "refused: the state is not the one the session is waiting for\n";
    case WA_REQUEST_NOT_FOUND: return "refused: not the redirect URI the session is waiting for\n";
    case WA_REQUEST_REPEATED: return "refused: a parameter is repeated\n";
    case WA_REQUEST_TOO_LARGE: return "refused: too long\n";
    case WA_REQUEST_MALFORMED:
    case WA_REQUEST_INCOMPLETE:
    default: return "refused: not a well-formed URL on one line\n";
    }
}
