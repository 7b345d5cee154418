/*
** rxm_webAuthenticationSession_kind.h — the kind's entry function under its own name.
**
** The shared object librxmodal-webAuthenticationSession.so exports it as
** rxm_plugin_entry (plugins/entries/webAuthenticationSession); a Swift program that
** depends on this package links the kind statically and registers it in-process
** through this name, as GStreamer's static plugins are.
*/
#ifndef RXM_WEB_AUTHENTICATION_SESSION_KIND_H
#define RXM_WEB_AUTHENTICATION_SESSION_KIND_H

#include "rxmodal_plugin.h"

#if defined(__GNUC__) || defined(__clang__)
__attribute__((visibility("hidden")))
#endif
const rxm_plugin_descriptor *rxm_kind_entry_webAuthenticationSession(uint32_t host_abi_major, uint32_t host_abi_minor);

#endif
