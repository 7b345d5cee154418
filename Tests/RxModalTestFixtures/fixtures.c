#include "rxmodal_test_fixtures.h"
#include <string.h>

void fx_record_reset(fx_record *record) { memset(record, 0, sizeof *record); }
const char *fx_record_string(const fx_record *record, int index) { return record->strings[index]; }
const uint8_t *fx_record_bytes(const fx_record *record) { return record->bytes; }
const char *fx_record_value(const fx_record *record, int index) { return record->values[index]; }

static fx_record *enter(void *config, const char *method, rxm_error *error) {
    fx_record *record = config;
    record->calls++;
    snprintf(record->method, sizeof record->method, "%s", method);
    record->error_pointer_was_null = error == NULL;
    return record;
}

static void keep_string(fx_record *record, const char *text) {
    if (record->string_count >= FX_MAX_STRINGS) return;
    size_t length = strlen(text);
    record->string_lengths[record->string_count] = length;
    snprintf(record->strings[record->string_count], FX_TEXT_SIZE, "%s", text);
    record->string_count++;
}

static void keep_bytes(fx_record *record, const uint8_t *data, size_t length) {
    record->bytes_pointer_was_null = data == NULL;
    record->bytes_length = length;
    if (data) memcpy(record->bytes, data, length < FX_TEXT_SIZE ? length : FX_TEXT_SIZE);
    record->bytes_hash = 0xcbf29ce484222325ULL;
    for (size_t i = 0; data && i < length; i++) {
        record->bytes_hash = (record->bytes_hash ^ data[i]) * 0x100000001b3ULL;
    }
}

static void keep_value(fx_record *record, const rxm_value *value) {
    if (record->value_count >= 2) return;
    fx_dump_value(value, record->values[record->value_count], FX_TEXT_SIZE);
    record->value_count++;
}

/* Appends to out[*used…size), always leaving it NUL-terminated. */
static void put(char *out, size_t size, size_t *used, const char *format, ...) {
    if (*used >= size) return;
    va_list arguments;
    va_start(arguments, format);
    int written = vsnprintf(out + *used, size - *used, format, arguments);
    va_end(arguments);
    if (written > 0) *used += (size_t)written;
}

static void dump(const rxm_value *value, char *out, size_t size, size_t *used) {
    size_t i;
    if (!value) { put(out, size, used, "NULL"); return; }
    switch (value->type) {
    case RXM_NULL: put(out, size, used, "null"); break;
    case RXM_BOOL: put(out, size, used, value->as.boolean ? "true" : "false"); break;
    case RXM_INT: put(out, size, used, "%lld", (long long)value->as.integer); break;
    case RXM_DOUBLE: put(out, size, used, "%g", value->as.number); break;
    case RXM_STRING:
        /* The explicit length must agree with the terminating NUL. */
        if (strlen(value->as.string.utf8) != value->as.string.length) put(out, size, used, "BADLENGTH");
        put(out, size, used, "\"%.*s\"", (int)value->as.string.length, value->as.string.utf8);
        break;
    case RXM_BYTES:
        put(out, size, used, "bytes:");
        for (i = 0; i < value->as.bytes.length; i++) put(out, size, used, "%02x", value->as.bytes.data[i]);
        break;
    case RXM_ARRAY:
        put(out, size, used, "[");
        for (i = 0; i < value->as.array.count; i++) {
            if (i) put(out, size, used, ",");
            dump(&value->as.array.items[i], out, size, used);
        }
        put(out, size, used, "]");
        break;
    case RXM_OBJECT:
        put(out, size, used, "{");
        for (i = 0; i < value->as.object.count; i++) {
            if (i) put(out, size, used, ",");
            put(out, size, used, "%s:", value->as.object.members[i].key);
            dump(&value->as.object.members[i].value, out, size, used);
        }
        put(out, size, used, "}");
        break;
    default: put(out, size, used, "TAG%d", (int)value->type); break;
    }
}

void fx_dump_value(const rxm_value *value, char *out, size_t size) {
    size_t used = 0;
    if (size == 0) return;
    out[0] = '\0';
    dump(value, out, size, &used);
}

int fx_set_bool(void *config, bool value, rxm_error *error) {
    enter(config, "setBool", error)->boolean = value;
    return RXM_OK;
}

int fx_set_int(void *config, int64_t value, rxm_error *error) {
    enter(config, "setInt", error)->integer = value;
    return RXM_OK;
}

int fx_set_double(void *config, double value, rxm_error *error) {
    enter(config, "setDouble", error)->number = value;
    return RXM_OK;
}

int fx_set_string(void *config, const char *value, rxm_error *error) {
    keep_string(enter(config, "setString", error), value);
    return RXM_OK;
}

int fx_set_bytes(void *config, const uint8_t *data, size_t length, rxm_error *error) {
    keep_bytes(enter(config, "setBytes", error), data, length);
    return RXM_OK;
}

int fx_set_strings(void *config, const char *const *items, size_t count, rxm_error *error) {
    fx_record *record = enter(config, "setStrings", error);
    size_t i;
    record->array_pointer_was_null = items == NULL;
    record->array_count = count;
    for (i = 0; i < count; i++) keep_string(record, items[i]);
    return RXM_OK;
}

int fx_set_value(void *config, const rxm_value *value, rxm_error *error) {
    keep_value(enter(config, "setValue", error), value);
    return RXM_OK;
}

int fx_set_body(void *config, const char *body, bool is_html, rxm_error *error) {
    fx_record *record = enter(config, "setBody", error);
    keep_string(record, body);
    record->boolean = is_html;
    return RXM_OK;
}

int fx_add_attachment(void *config, const uint8_t *data, size_t length,
                      const char *mime_type, const char *file_name, rxm_error *error) {
    fx_record *record = enter(config, "addAttachment", error);
    keep_bytes(record, data, length);
    keep_string(record, mime_type);
    keep_string(record, file_name);
    return RXM_OK;
}

int fx_set_mixed(void *config, int64_t integer, double number, bool flag, rxm_error *error) {
    fx_record *record = enter(config, "setMixed", error);
    record->integer = integer;
    record->number = number;
    record->boolean = flag;
    return RXM_OK;
}

int fx_set_two_values(void *config, const rxm_value *first, const char *between,
                      const rxm_value *second, rxm_error *error) {
    fx_record *record = enter(config, "setTwoValues", error);
    keep_value(record, first);
    keep_string(record, between);
    keep_value(record, second);
    return RXM_OK;
}

int fx_touch(void *config, rxm_error *error) {
    enter(config, "touch", error);
    return RXM_OK;
}

int fx_fail(void *config, const char *reason, rxm_error *error) {
    enter(config, "fail", error);
    return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "refused “%s”", reason);
}

int fx_fail_silently(void *config, rxm_error *error) {
    enter(config, "failSilently", error);
    return RXM_ERR_IO;
}

#define METHOD(name, signature, function, names, doc) \
    { name, signature, (void (*)(void))function, names, doc }

static const rxm_method methods[] = {
    METHOD("setBool", "b", fx_set_bool, "flag", "Records a bool."),
    METHOD("setInt", "i", fx_set_int, "value", "Records an int64."),
    METHOD("setDouble", "d", fx_set_double, "value", "Records a double."),
    METHOD("setString", "s", fx_set_string, "text", "Records a string."),
    METHOD("setBytes", "y", fx_set_bytes, "data", "Records bytes."),
    METHOD("setStrings", "S", fx_set_strings, "items", "Records an array of strings."),
    METHOD("setValue", "v", fx_set_value, "value", "Records a value tree."),
    METHOD("setBody", "sb", fx_set_body, "body, isHTML", "Records a message body."),
    METHOD("addAttachment", "yss", fx_add_attachment, "data,mimeType,fileName", "Records an attachment."),
    METHOD("setMixed", "idb", fx_set_mixed, "count, ratio, flag", "Records an int, a double and a bool."),
    METHOD("setTwoValues", "vsv", fx_set_two_values, "first, between, second", "Records two trees around a string."),
    METHOD("touch", "", fx_touch, NULL, "Records a call."),
    METHOD("fail", "s", fx_fail, "reason", "Fails with the reason."),
    METHOD("failSilently", "", fx_fail_silently, "", "Fails without filling the error."),
};
const rxm_method *fx_methods(void) { return methods; }
size_t fx_method_count(void) { return sizeof methods / sizeof methods[0]; }
