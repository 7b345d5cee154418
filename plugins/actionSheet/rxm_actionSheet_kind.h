/*
** rxm_actionSheet_kind.h — the actionSheet kind's entry function under its own name.
**
** The shared object librxmodal-actionSheet.so exports it as rxm_plugin_entry
** (plugins/entries/actionSheet); a Swift program that depends on this package links the
** kind statically and registers it in-process through this name, as GStreamer's
** static plugins are, so every plugin's entry can live in one program.
*/
#ifndef RXM_ACTIONSHEET_KIND_H
#define RXM_ACTIONSHEET_KIND_H

#include "rxmodal_plugin.h"

#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("hidden")))
#endif
const rxm_plugin_descriptor *rxm_kind_entry_actionSheet(uint32_t host_abi_major, uint32_t host_abi_minor);

#endif
