#include "rxm_builtin_kinds.h"

/* Defined by RxModalBuiltInKinds when the program links it; a weak reference,
** so a program (or librxmodal) without it links and sees no built-in kinds. */
extern size_t rxm_builtin_kinds_table(const rxm_plugin_entry_function **entries) __attribute__((weak));

size_t rxm_builtin_kind_entries(const rxm_plugin_entry_function **entries) {
    if (rxm_builtin_kinds_table == NULL) {
        *entries = NULL;
        return 0;
    }
    return rxm_builtin_kinds_table(entries);
}
