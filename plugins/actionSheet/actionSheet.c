/*
** actionSheet.c — the "actionSheet" modal kind: a list of actions with an
** optional title and message, anchored to a source, like UIKit's
** UIAlertController in the .actionSheet style. Like UIKit's, it has no text
** fields: addTextField is listed so that calling it gets a clear refusal
** rather than "no such method".
*/
#include "rxm_dialog.h"
#include "rxm_actionSheet_kind.h"

static void *action_sheet_config_new(rxm_error *error) {
    return rxm_dialog_config_new(RXM_DIALOG_ACTION_SHEET, error);
}

static const rxm_method action_sheet_methods[] = {
    { "setTitle", "s", (void (*)(void))rxm_dialog_set_title, "title",
      "The sheet's title; an empty string removes it." },
    { "setMessage", "s", (void (*)(void))rxm_dialog_set_message, "message",
      "The text under the title; an empty string removes it." },
    { "setSource", "s", (void (*)(void))rxm_dialog_set_source, "source",
      "What the sheet is anchored to (the seed's popover source), shown to the surface as \"source\"." },
    { "addAction", "ss", (void (*)(void))rxm_dialog_add_action, "title,style",
      "Appends an action of style default, cancel or destructive; at most one cancel action." },
    { "setPreferredAction", "i", (void (*)(void))rxm_dialog_set_preferred_action, "index",
      "Makes the action at index the preferred one (chosen by Return); -1 for none." },
    { "setActionEnabled", "ib", (void (*)(void))rxm_dialog_set_action_enabled, "index,enabled",
      "Enables or disables the action at index, also while the sheet is shown." },
    { "setActions", "v", (void (*)(void))rxm_dialog_set_actions, "actions",
      "Replaces every action with an array of {title, style, enabled?}, also while the sheet is shown; the preferred action is kept by title." },
    { "addTextField", "sss", (void (*)(void))rxm_dialog_add_text_field, "kind,placeholder,text",
      "Refused: an action sheet has no text fields (use an alert)." },
};

static const rxm_plugin_descriptor action_sheet_descriptor = {
    sizeof(rxm_plugin_descriptor),
    RXM_PLUGIN_ABI_MAJOR,
    RXM_PLUGIN_ABI_MINOR,
    "actionSheet",
    "1.0.0",
    "A list of actions anchored to a source, with an optional title and message (UIAlertController, action sheet style).",
    RXM_DIALOG_RESULT_DESCRIPTION,
    action_sheet_config_new,
    rxm_dialog_config_free,
    action_sheet_methods,
    sizeof action_sheet_methods / sizeof action_sheet_methods[0],
    NULL,
    NULL,
    NULL,
    rxm_dialog_present,
};

const rxm_plugin_descriptor *rxm_kind_entry_actionSheet(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == RXM_PLUGIN_ABI_MAJOR ? &action_sheet_descriptor : NULL;
}
