/*
** Configuration methods for testing the libffi invoker against real C
** functions: one per argument kind and a few combinations, each recording
** exactly what it received into the fx_record passed as its config.
** Strings are copied (up to FX_TEXT_SIZE - 1 bytes), bytes likewise, and value
** trees are written out as text by fx_dump_value, so the test reads them after
** the call, when the host's memory is gone.
*/
#ifndef RXMODAL_TEST_FIXTURES_H
#define RXMODAL_TEST_FIXTURES_H

#include "rxmodal_plugin.h"

#define FX_TEXT_SIZE 1024
#define FX_MAX_STRINGS 8

typedef struct fx_record {
    int calls;                         /* every method adds one */
    char method[32];                   /* the last method called */
    bool boolean;
    int64_t integer;
    double number;
    int string_count;                  /* strings received, from s and S arguments */
    char strings[FX_MAX_STRINGS][FX_TEXT_SIZE];
    size_t string_lengths[FX_MAX_STRINGS];  /* strlen of each, as received */
    bool bytes_pointer_was_null;
    size_t bytes_length;
    uint8_t bytes[FX_TEXT_SIZE];       /* the first FX_TEXT_SIZE of them */
    uint64_t bytes_hash;               /* FNV-1a (64-bit) of all of them */
    bool array_pointer_was_null;
    size_t array_count;                /* the count of the last S argument */
    int value_count;
    char values[2][FX_TEXT_SIZE];      /* the v arguments, as fx_dump_value text */
    bool error_pointer_was_null;
} fx_record;

void fx_record_reset(fx_record *record);
/* Reading the fixed-size arrays is awkward from Swift; these help. */
const char *fx_record_string(const fx_record *record, int index);
const uint8_t *fx_record_bytes(const fx_record *record);
const char *fx_record_value(const fx_record *record, int index);

/* A value tree as text: null, true, 42, 0.5, "text", bytes:00ff, [a,b], {key:value,…}
** (members in the order received). Deliberately not JSON, so a test of the C
** form does not lean on the JSON code it is checking. */
void fx_dump_value(const rxm_value *value, char *out, size_t size);

int fx_set_bool(void *config, bool value, rxm_error *error);                        /* "b" */
int fx_set_int(void *config, int64_t value, rxm_error *error);                      /* "i" */
int fx_set_double(void *config, double value, rxm_error *error);                    /* "d" */
int fx_set_string(void *config, const char *value, rxm_error *error);               /* "s" */
int fx_set_bytes(void *config, const uint8_t *data, size_t length, rxm_error *error); /* "y" */
int fx_set_strings(void *config, const char *const *items, size_t count, rxm_error *error); /* "S" */
int fx_set_value(void *config, const rxm_value *value, rxm_error *error);           /* "v" */
int fx_set_body(void *config, const char *body, bool is_html, rxm_error *error);    /* "sb" */
int fx_add_attachment(void *config, const uint8_t *data, size_t length,
                      const char *mime_type, const char *file_name, rxm_error *error); /* "yss" */
int fx_set_mixed(void *config, int64_t integer, double number, bool flag, rxm_error *error); /* "idb" */
int fx_set_two_values(void *config, const rxm_value *first, const char *between,
                      const rxm_value *second, rxm_error *error);                   /* "vsv" */
int fx_touch(void *config, rxm_error *error);                                       /* "" */
/* Fails with RXM_ERR_INVALID_ARGUMENT and "refused “<reason>”". "s" */
int fx_fail(void *config, const char *reason, rxm_error *error);
/* Returns RXM_ERR_IO without filling the error: a plugin bug the host must survive. "" */
int fx_fail_silently(void *config, rxm_error *error);

/* All of the above, as a plugin's descriptor would list them (static storage). */
const rxm_method *fx_methods(void);
size_t fx_method_count(void);

#endif
