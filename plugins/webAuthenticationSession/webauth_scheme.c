/*
** webauth_scheme.c — whether the desktop routes a custom URL scheme: a desktop
** entry (XDG Desktop Entry spec) under $XDG_DATA_HOME or $XDG_DATA_DIRS whose
** MimeType lists x-scheme-handler/<scheme>, which is how xdg-open and browsers
** find the program for myapp:// URLs.
*/
#define _GNU_SOURCE
#include "webauth_internal.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
