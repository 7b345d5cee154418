/*
** rxm_dialog.h — the dialog logic shared by the alert and actionSheet plugins.
**
** Both plugins link this code statically; every symbol here is hidden, so each
** plugin's shared object still exports rxm_plugin_entry alone. The functions
** below have exactly the C shapes that rxmodal_plugin.h asks of a descriptor's
** functions and configuration methods, so a plugin's descriptor points at them
** directly (see plugins/alert/alert.c).
**
** A configuration owns every presentation made from it: a presentation's
** disposable stays callable (and idempotent) until the configuration is freed,
** and freeing the configuration takes down any presentation still shown.
**
** setTitle, setMessage, setActionEnabled and setActions also change every
** presentation still waiting for an answer, with an update patch of the key
** they change ("title"/"message", null when removed; "actions", the whole list).
** An answer's action index is read against the list that presentation's surface
** had when it answered: the last one it accepted (show, or an update that
** returned RXM_OK), or the one being sent when it answers from inside that
** update() on the same thread. So an answer that crosses a setActions (the user
** chose from the old list) names the old list's action, by its title and style.
*/
#ifndef RXM_DIALOG_H
#define RXM_DIALOG_H

#include "rxmodal_plugin.h"

#if defined(__GNUC__) || defined(__clang__)
#define RXM_DIALOG_INTERNAL __attribute__((visibility("hidden")))
#define RXM_DIALOG_EXPORT __attribute__((visibility("default")))
#else
#define RXM_DIALOG_INTERNAL
#define RXM_DIALOG_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rxm_dialog_style {
    RXM_DIALOG_ALERT = 0,
    RXM_DIALOG_ACTION_SHEET = 1
} rxm_dialog_style;

#define RXM_DIALOG_RESULT_DESCRIPTION \
    "one value, then completed: {\"action\": i (index of the chosen action), \"title\": s, " \
    "\"style\": \"default\"|\"cancel\"|\"destructive\", \"textFields\": [s] (the text of each field)}"

/* Descriptor functions. */
RXM_DIALOG_INTERNAL void *rxm_dialog_config_new(rxm_dialog_style style, rxm_error *error);
RXM_DIALOG_INTERNAL void rxm_dialog_config_free(void *config);
RXM_DIALOG_INTERNAL rxm_disposable rxm_dialog_present(void *config, const rxm_surface *surface,
                                                      rxm_observer observer, rxm_error *error);

/* Configuration methods (signatures in comments). */
RXM_DIALOG_INTERNAL int rxm_dialog_set_title(void *config, const char *title, rxm_error *error);          /* "s" */
RXM_DIALOG_INTERNAL int rxm_dialog_set_message(void *config, const char *message, rxm_error *error);      /* "s" */
RXM_DIALOG_INTERNAL int rxm_dialog_add_text_field(void *config, const char *kind, const char *placeholder,
                                                  const char *text, rxm_error *error);                    /* "sss" */
RXM_DIALOG_INTERNAL int rxm_dialog_add_action(void *config, const char *title, const char *style,
                                              rxm_error *error);                                          /* "ss" */
RXM_DIALOG_INTERNAL int rxm_dialog_set_preferred_action(void *config, int64_t index, rxm_error *error);   /* "i" */
RXM_DIALOG_INTERNAL int rxm_dialog_set_action_enabled(void *config, int64_t index, bool enabled,
                                                      rxm_error *error);                                  /* "ib" */
/* Replaces the whole action list with an array of {"title": s, "style": s,
** "enabled"?: b (true)}, validated as addAction validates (a non-empty title,
** a known style, at most one cancel action; no other keys) and non-empty. The
** preferred action stays preferred when the new list has one of the same title
** (the first such), else there is none. */
RXM_DIALOG_INTERNAL int rxm_dialog_set_actions(void *config, const rxm_value *actions, rxm_error *error);  /* "v" */
RXM_DIALOG_INTERNAL int rxm_dialog_set_source(void *config, const char *source, rxm_error *error);        /* "s" */

#ifdef __cplusplus
}
#endif

#endif /* RXM_DIALOG_H */
