/* host_signals.c — puts back the crash-signal dispositions that the Swift
** runtime changed when librxmodal brought it into a C host.
**
** libswiftCore's own initializer installs Swift's crash handler (a backtrace
** printed by swift-backtrace) for SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL,
** SIGSEGV and SIGTRAP, for each one whose disposition is still SIG_DFL, unless
** SWIFT_BACKTRACE says enable=no or swift-backtrace cannot be found. There is no
** link-time setting. A C library must not change its host's dispositions, so
** this constructor, which runs after the runtime's (a library is initialized
** after its dependencies), sets every one that now points into libswiftCore back
** to SIG_DFL — what it was, since the runtime only replaces SIG_DFL. It does so
** only when libswiftCore was loaded after librxmodal, that is because of it: in
** a process that had the Swift runtime already (a Swift program), the handlers
** are that program's and stay. */
#define _GNU_SOURCE
#include "host_signals.h"

#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <string.h>

typedef struct load_order {
    const char *library;      /* librxmodal's path, as the link map has it */
    int seen_library;
    int runtime_after_library;
} load_order;

static int is_swift_core(const char *path) {
    const char *name = strrchr(path, '/');
    name = name ? name + 1 : path;
    return strncmp(name, "libswiftCore.so", strlen("libswiftCore.so")) == 0;
}

/* The link map lists objects in the order they were loaded. */
static int visit(struct dl_phdr_info *info, size_t size, void *data) {
    load_order *order = data;
    (void)size;
    if (!info->dlpi_name) return 0;
    if (strcmp(info->dlpi_name, order->library) == 0) order->seen_library = 1;
    else if (is_swift_core(info->dlpi_name)) {
        order->runtime_after_library = order->seen_library;
        return 1;
    }
    return 0;
}

__attribute__((constructor))
static void restore_host_signal_dispositions(void) {
    Dl_info self;
    if (!dladdr((void *)&restore_host_signal_dispositions, &self) || !self.dli_fname) return;
    load_order order = { self.dli_fname, 0, 0 };
    dl_iterate_phdr(visit, &order);
    if (!order.runtime_after_library) return;

    static const int signals[] = { SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIGTRAP };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0) continue;
        if (!(current.sa_flags & SA_SIGINFO)) continue;
        Dl_info owner;
        if (!dladdr((void *)current.sa_sigaction, &owner) || !owner.dli_fname || !is_swift_core(owner.dli_fname)) continue;
        struct sigaction original;
        memset(&original, 0, sizeof original);
        original.sa_handler = SIG_DFL;
        sigemptyset(&original.sa_mask);
        sigaction(signals[i], &original, NULL);
    }
}
