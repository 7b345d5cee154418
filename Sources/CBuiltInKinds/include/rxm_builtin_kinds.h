/*
** rxm_builtin_kinds.h — the kinds a Swift program linked in statically.
**
** A program that depends on this package's RxModal product links every kind the
** package ships (the RxModalBuiltInKinds target), as GStreamer's static plugins
** are linked, so `swift build` alone gives it working modals; the runtime asks
** here which kinds that program has. The C library (librxmodal) links none: it
** loads every kind from its plugin files.
*/
#ifndef RXM_BUILTIN_KINDS_H
#define RXM_BUILTIN_KINDS_H

#include <stddef.h>
#include "rxmodal_plugin.h"

/* The entry functions of the kinds linked into this program, and how many
** (0 and NULL when none are). The array lives as long as the program. */
size_t rxm_builtin_kind_entries(const rxm_plugin_entry_function **entries);

#endif
