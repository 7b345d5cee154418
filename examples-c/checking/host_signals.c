/*
** host_signals.c — loading librxmodal leaves the host's crash-signal
** dispositions as they were, and a host's own crash is its own: no Swift
** backtrace, no delay. Loads the library with dlopen (argv[1]) so that it can
** look before and after; one line per check,
**     <check>: ok            or      <check>: FAILED (<why>)
** and exits 1 if any failed. Plugins come from $RXMODAL_PLUGIN_PATH.
*/
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures = 0;

static void report(const char *check, int ok, const char *why) {
    if (ok) printf("%s: ok\n", check);
    else { printf("%s: FAILED (%s)\n", check, why); failures++; }
}

/* The signals the Swift runtime's crash handler takes. */
static const int crash_signals[] = { SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP };
#define SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])

static void record(struct sigaction *dispositions) {
    for (size_t i = 0; i < SIGNAL_COUNT; i++) sigaction(crash_signals[i], NULL, &dispositions[i]);
}

/* glibc's sigaction() adds SA_RESTORER (its own return trampoline) to every
** disposition it sets, even SIG_DFL; a process starts without it. */
#define LINUX_SA_RESTORER 0x04000000

/* Whether two masks block the same signals. Compared signal by signal: the
** part of sigset_t beyond the kernel's 64 bits is not filled by sigaction(). */
static int same_mask(const sigset_t *a, const sigset_t *b) {
    for (int signal = 1; signal <= 64; signal++)
        if (sigismember(a, signal) != sigismember(b, signal)) return 0;
    return 1;
}

/* The first signal whose disposition differs, or 0. */
static int first_difference(const struct sigaction *before, const struct sigaction *after) {
    for (size_t i = 0; i < SIGNAL_COUNT; i++) {
        if (before[i].sa_handler != after[i].sa_handler
            || (before[i].sa_flags & ~LINUX_SA_RESTORER) != (after[i].sa_flags & ~LINUX_SA_RESTORER)
            || !same_mask(&before[i].sa_mask, &after[i].sa_mask))
            return crash_signals[i];
    }
    return 0;
}

static void host_handler(int signal) { (void)signal; }

/* A child that writes through a NULL pointer: it must die of SIGSEGV and print
** nothing (the Swift backtracer would print a crash report on stderr). */
static void check_crash(void) {
    int errors[2];
    if (pipe(errors) != 0) { report("a host's own crash", 0, "pipe failed"); return; }
    pid_t child = fork();
    if (child == 0) {
        struct rlimit none = { 0, 0 };
        setrlimit(RLIMIT_CORE, &none);
        dup2(errors[1], 2);
        close(errors[0]);
        *(volatile int *)NULL = 1;
        _exit(0);
    }
    close(errors[1]);
    /* Read to the end, keeping the start: the child must not block on a full pipe. */
    char output[256] = "", rest[256];
    ssize_t got = read(errors[0], output, sizeof output - 1);
    while (got > 0 && read(errors[0], rest, sizeof rest) > 0) {}
    close(errors[0]);
    int status = 0;
    waitpid(child, &status, 0);
    char why[400];
    snprintf(why, sizeof why, "%s %d; stderr: %.200s", WIFSIGNALED(status) ? "signal" : "exit status",
             WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), got > 0 ? output : "");
    report("a host's own crash dies of SIGSEGV at once, with nothing printed",
           WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV && got <= 0, why);
}

int main(int argc, char **argv) {
    struct sigaction before[SIGNAL_COUNT], after[SIGNAL_COUNT];
    char why[200];
    if (argc < 2) { fprintf(stderr, "usage: host_signals /path/to/librxmodal.so\n"); return 2; }

    /* A host with a handler of its own for one signal and defaults for the rest. */
    struct sigaction own;
    memset(&own, 0, sizeof own);
    own.sa_handler = host_handler;
    sigemptyset(&own.sa_mask);
    sigaction(SIGBUS, &own, NULL);
    record(before);

    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!library) { fprintf(stderr, "host_signals: %s\n", dlerror()); return 2; }
    record(after);
    int differs = first_difference(before, after);
    snprintf(why, sizeof why, "signal %d changed", differs);
    report("loading the library changes no crash-signal disposition", differs == 0, why);

    typedef int (*open_function)(const char *, void **, void *);
    typedef void (*close_function)(void *);
    open_function open_registry = (open_function)(size_t)dlsym(library, "rxm_registry_open");
    close_function close_registry = (close_function)(size_t)dlsym(library, "rxm_registry_close");
    void *registry = NULL;
    if (!open_registry || !close_registry || open_registry(NULL, &registry, NULL) != 0) {
        fprintf(stderr, "host_signals: cannot open the registry\n");
        return 2;
    }
    record(after);
    differs = first_difference(before, after);
    snprintf(why, sizeof why, "signal %d changed", differs);
    report("opening a registry changes no crash-signal disposition", differs == 0, why);
    close_registry(registry);

    check_crash();
    printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
