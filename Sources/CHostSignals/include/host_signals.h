/* host_signals.h — librxmodal leaves a host's crash-signal dispositions as
** they were (see host_signals.c). Nothing to call: the work is done by an ELF
** constructor when the library is loaded. */
#ifndef RXMODAL_HOST_SIGNALS_H
#define RXMODAL_HOST_SIGNALS_H

#endif
