/* Compile-time checks of the plugin ABI's layout on this platform. The build
** fails here, rather than a plugin misbehaving later, if a struct changes shape
** in a way that would break plugins built against an earlier header. */
#include "rxmodal_plugin.h"

_Static_assert(sizeof(rxm_value) == 24, "rxm_value is a tag and two words");
_Static_assert(sizeof(rxm_member) == 32, "rxm_member is a key and a value");
_Static_assert(sizeof(rxm_error) == 4 + RXM_ERROR_MESSAGE_SIZE, "rxm_error is a code and a message buffer");
_Static_assert(sizeof(rxm_observer) == 4 * sizeof(void *), "rxm_observer is a context and three functions");
_Static_assert(sizeof(rxm_disposable) == 2 * sizeof(void *), "rxm_disposable is a context and a function");
_Static_assert(offsetof(rxm_plugin_descriptor, struct_size) == 0, "descriptors start with their size");
_Static_assert(offsetof(rxm_surface, struct_size) == 0, "surfaces start with their size");
