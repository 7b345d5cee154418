/*
** webauth_browser.c — starting the browser the plugin launches itself (a
** configured command, or $BROWSER for an ephemeral session), without a shell,
** and with a fresh profile when an ephemeral session is preferred and the
** browser takes one.
**
** Browsers started with a fresh profile are a dedicated instance, like the
** sheet ASWebAuthenticationSession shows: they are ended (their whole process
** group) when the session ends, and their profile is removed. Others are left
** running; a detached thread reaps them so that no zombie is left.
*/
#define _GNU_SOURCE
#include "webauth_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef enum { PROFILE_NONE, PROFILE_CHROMIUM, PROFILE_FIREFOX } profile_style;

static profile_style style_of(const char *program) {
    static const char *const chromium_like[] = {
        "chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "brave-browser",
        "microsoft-edge", "vivaldi", "chrome",
    };
    const char *base = strrchr(program, '/');
    size_t i;
    base = base ? base + 1 : program;
    for (i = 0; i < sizeof chromium_like / sizeof chromium_like[0]; i++) {
        if (strcmp(base, chromium_like[i]) == 0) return PROFILE_CHROMIUM;
    }
    if (strcmp(base, "firefox") == 0 || strcmp(base, "firefox-esr") == 0) return PROFILE_FIREFOX;
    return PROFILE_NONE;
}

/* $BROWSER's first entry, in a static buffer; NULL when unset or empty. */
static const char *environment_browser(void) {
    static __thread char first[512];
    const char *value = getenv("BROWSER");
    size_t length;
    if (!value || !*value) return NULL;
    length = strcspn(value, ":");
    if (length == 0 || length >= sizeof first) return NULL;
    memcpy(first, value, length);
    first[length] = '\0';
    return first;
}

const char *wa_browser_command(const wa_config *config) {
    const char *candidate;
    if (config->browser && *config->browser) return config->browser;
    if (!config->ephemeral) return NULL;
    candidate = environment_browser();
    if (!candidate) return NULL;
    {
        char program[512];
        size_t length = strcspn(candidate, " \t");
        if (length >= sizeof program) return NULL;
        memcpy(program, candidate, length);
        program[length] = '\0';
        if (strstr(candidate, "{profile}") || style_of(program) != PROFILE_NONE) return candidate;
    }
    return NULL;
}

typedef struct words {
    char **items;
    size_t count, capacity;
} words;

static bool push(words *list, const char *text, size_t length) {
    char *copy;
    if (list->count + 2 > list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 16;
        char **grown = realloc(list->items, capacity * sizeof *grown);
        if (!grown) return false;
        list->items = grown;
        list->capacity = capacity;
    }
    copy = malloc(length + 1);
    if (!copy) return false;
    memcpy(copy, text, length);
    copy[length] = '\0';
    list->items[list->count++] = copy;
    list->items[list->count] = NULL;
    return true;
}

static void free_words(words *list) {
    size_t i;
    for (i = 0; i < list->count; i++) free(list->items[i]);
    free(list->items);
}

/* Replaces "{profile}" in each word by `profile`; false when out of memory. */
static bool substitute_profile(words *list, const char *profile, bool *used) {
    size_t i;
    for (i = 0; i < list->count; i++) {
        char *at = strstr(list->items[i], "{profile}");
        if (at) {
            size_t before = (size_t)(at - list->items[i]), after = strlen(at + 9);
            char *replaced = malloc(before + strlen(profile) + after + 1);
            if (!replaced) return false;
            memcpy(replaced, list->items[i], before);
            strcpy(replaced + before, profile);
            strcat(replaced, at + 9);
            free(list->items[i]);
            list->items[i] = replaced;
            *used = true;
        }
    }
    return true;
}

static void *reap(void *argument) {
    pid_t pid = (pid_t)(intptr_t)argument;
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return NULL;
}

static void detach_thread(void *(*function)(void *), void *argument) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, function, argument) != 0) function(argument);
    pthread_attr_destroy(&attributes);
}

int wa_browser_start(const char *command, const char *url, bool ephemeral, wa_browser *browser, rxm_error *error) {
    words argv = { NULL, 0, 0 };
    const char *cursor = command;
    char profile_template[] = "/tmp/rxmodal-webauth-profile-XXXXXX";
    char *profile = NULL;
    bool profile_used = false;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    pid_t pid;
    int status, result = RXM_OK;

    browser->pid = 0;
    browser->profile = NULL;
    while (*cursor) {
        size_t length;
        cursor += strspn(cursor, " \t");
        length = strcspn(cursor, " \t");
        if (length && !push(&argv, cursor, length)) goto out_of_memory;
        cursor += length;
    }
    if (argv.count == 0) {
        free_words(&argv);
        return rxm_error_set(error, RXM_ERR_NO_SURFACE, "presentationContextNotProvided: the browser command is empty");
    }
    if (ephemeral) {
        profile_style style = style_of(argv.items[0]);
        bool wants_profile = strstr(command, "{profile}") != NULL || style != PROFILE_NONE;
        if (wants_profile) {
            profile = mkdtemp(profile_template) ? wa_copy(profile_template) : NULL;
            if (!profile) {
                free_words(&argv);
                return rxm_error_set(error, RXM_ERR_IO, "cannot make a fresh browser profile in /tmp: %s", strerror(errno));
            }
            if (!substitute_profile(&argv, profile, &profile_used)) goto out_of_memory;
            if (!profile_used && style == PROFILE_CHROMIUM) {
                size_t length = strlen(profile) + 16;
                char *option = malloc(length);
                if (!option) goto out_of_memory;
                snprintf(option, length, "--user-data-dir=%s", profile);
                if (!push(&argv, option, strlen(option)) || !push(&argv, "--no-first-run", 14)) { free(option); goto out_of_memory; }
                free(option);
            } else if (!profile_used && style == PROFILE_FIREFOX) {
                if (!push(&argv, "--new-instance", 14) || !push(&argv, "--profile", 9) || !push(&argv, profile, strlen(profile))) goto out_of_memory;
            }
        }
    } else if (strstr(command, "{profile}")) {
        /* Not ephemeral: the placeholder's word is dropped, leaving the user's own profile. */
        size_t i, kept = 0;
        for (i = 0; i < argv.count; i++) {
            if (strstr(argv.items[i], "{profile}")) free(argv.items[i]);
            else argv.items[kept++] = argv.items[i];
        }
        argv.count = kept;
        argv.items[kept] = NULL;
    }
    if (!push(&argv, url, strlen(url))) goto out_of_memory;

    posix_spawn_file_actions_init(&actions);
    /* The browser must not read our input or write into our terminal. */
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_init(&attributes);
    if (profile) {
        /* Its own process group, so that the whole browser can be ended with the session. */
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
        posix_spawnattr_setpgroup(&attributes, 0);
    }
    status = posix_spawnp(&pid, argv.items[0], &actions, &attributes, argv.items, environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        result = rxm_error_set(error, RXM_ERR_NO_SURFACE, "presentationContextNotProvided: cannot start the browser \"%.200s\": %s",
                               argv.items[0], strerror(status));
        if (profile) rmdir(profile);
        free(profile);
    } else {
        browser->pid = pid;
        browser->profile = profile;
    }
    free_words(&argv);
    return result;

out_of_memory:
    free_words(&argv);
    if (profile) rmdir(profile);
    free(profile);
    return rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
}

static int remove_entry(const char *path, const struct stat *info, int flag, struct FTW *walk) {
    (void)info; (void)flag; (void)walk;
    remove(path);
    return 0;
}

typedef struct ending {
    pid_t pid;
    char *profile;
} ending;

/* Ends the browser's process group: SIGTERM, then SIGKILL after two seconds;
** then removes its profile. */
static void *end_browser(void *argument) {
    ending *job = argument;
    int status, waited = 0;
    kill(-job->pid, SIGTERM);
    while (waitpid(job->pid, &status, WNOHANG) == 0) {
        struct timespec pause = { 0, 20 * 1000 * 1000 };
        if (++waited == 100) kill(-job->pid, SIGKILL);
        nanosleep(&pause, NULL);
    }
    /* Helpers of the browser may outlive its main process for a moment. */
    kill(-job->pid, SIGKILL);
    nftw(job->profile, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(job->profile);
    free(job);
    return NULL;
}

void wa_browser_finish(wa_browser *browser) {
    if (browser->pid <= 0) return;
    if (browser->profile) {
        ending *job = malloc(sizeof *job);
        if (job) {
            job->pid = browser->pid;
            job->profile = browser->profile;
            detach_thread(end_browser, job);
        } else {
            kill(-browser->pid, SIGKILL);
            reap((void *)(intptr_t)browser->pid);
            free(browser->profile);
        }
    } else {
        detach_thread(reap, (void *)(intptr_t)browser->pid);
    }
    browser->pid = 0;
    browser->profile = NULL;
}
