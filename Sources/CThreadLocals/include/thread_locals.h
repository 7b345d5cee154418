/* thread_locals.h — per-thread state of the reactive core (RxCore).
**
** Swift has no thread-local variables of its own, and pthread_getspecific costs
** a call and a table lookup every time. C's thread-local storage is read in an
** instruction or two in a program (a call to __tls_get_addr in a shared
** library), and the core reads it on every subscription.
**
** Two things live here:
**   - the thread's trampoline (CurrentThreadScheduler's queue), unretained: a
**     pthread key owns it and releases it when the thread ends;
**   - the thread's counter of live resources (Resources.total): counting is a
**     plain load and store on the thread's own counter, not a locked
**     instruction on one that every thread shares. RxCore keeps the registry
**     of counters (ResourceCounters.swift).
**
** Only the variable is defined in C (thread_locals.c); the functions are
** inline, compiled with the Swift code that calls them. The variable is hidden:
** a shared library that links a copy of the core has state of its own, as it
** has classes of its own (a trampoline is an object of the copy that made it).
** The accessors are inlined into every module that counts resources, so the
** core is linked into the same image as they are (SwiftPM links it statically). */
#ifndef RXCORE_THREAD_LOCALS_H
#define RXCORE_THREAD_LOCALS_H

#include <stdatomic.h>

/* A thread's count of the resources it created minus those it released.
** Written only by its thread, read by whoever adds up the total. */
typedef struct rxcore_resource_counter {
    _Atomic long count;
} rxcore_resource_counter;

typedef struct rxcore_thread_locals {
    void *_Nullable trampoline;
    rxcore_resource_counter *_Nullable resources;
} rxcore_thread_locals;

extern __thread rxcore_thread_locals rxcore_current_thread_locals __attribute__((visibility("hidden")));

static inline void *_Nullable rxcore_current_trampoline(void) {
    return rxcore_current_thread_locals.trampoline;
}

static inline void rxcore_set_current_trampoline(void *_Nullable trampoline) {
    rxcore_current_thread_locals.trampoline = trampoline;
}

/* The calling thread's counter, or NULL before it counted anything. */
static inline rxcore_resource_counter *_Nullable rxcore_current_resource_counter(void) {
    return rxcore_current_thread_locals.resources;
}

static inline void rxcore_set_current_resource_counter(rxcore_resource_counter *_Nullable counter) {
    rxcore_current_thread_locals.resources = counter;
}

/* Adds `change` to a counter; only its own thread calls this. A relaxed load
** and store, not a read-modify-write: nobody else writes it. Unsigned
** arithmetic, so that a count wraps as Swift's &+ does. */
static inline void rxcore_resource_counter_add(rxcore_resource_counter *_Nonnull counter, long change) {
    unsigned long count = (unsigned long)atomic_load_explicit(&counter->count, memory_order_relaxed);
    atomic_store_explicit(&counter->count, (long)(count + (unsigned long)change), memory_order_relaxed);
}

static inline long rxcore_resource_counter_value(rxcore_resource_counter *_Nonnull counter) {
    return atomic_load_explicit(&counter->count, memory_order_relaxed);
}

static inline void rxcore_resource_counter_clear(rxcore_resource_counter *_Nonnull counter) {
    atomic_store_explicit(&counter->count, 0, memory_order_relaxed);
}

#endif
