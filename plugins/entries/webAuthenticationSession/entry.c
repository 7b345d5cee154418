/* The entry point of librxmodal-webAuthenticationSession.so (see Include/rxmodal_plugin.h): the
** kind's own entry function, exported under the name every plugin has. */
#include "rxm_webAuthenticationSession_kind.h"

RXM_PLUGIN_EXPORT const rxm_plugin_descriptor *rxm_plugin_entry(uint32_t host_abi_major, uint32_t host_abi_minor) {
    return rxm_kind_entry_webAuthenticationSession(host_abi_major, host_abi_minor);
}
