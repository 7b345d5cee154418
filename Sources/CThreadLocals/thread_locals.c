/* thread_locals.c — the one definition of the core's thread-local state (see
** thread_locals.h); the functions are inline, compiled with the Swift code that
** calls them.
**
** Without debug information (nodebug): it is then the only declaration of the
** file, and clang writes no debug sections for it. The toolchain's clang writes
** DWARF 5, which valgrind 3.19 cannot read, and every library linking the core
** would carry it; the C library's programs run under valgrind. */
#include "thread_locals.h"

__attribute__((nodebug)) __thread rxcore_thread_locals rxcore_current_thread_locals;
