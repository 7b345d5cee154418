/*
** alert.c — the "alert" modal kind: a dialog with a title, a message, text
** fields and actions, like UIKit's UIAlertController in the .alert style.
**
** The plugin is this descriptor and nothing else: the dialog logic is shared
** with the actionSheet plugin (plugins/dialog-common), and the whole interface
** with the host is Include/rxmodal_plugin.h. docs/plugins/writing-a-plugin-in-c.md
** walks through this file.
*/
#include "rxm_dialog.h"
#include "rxm_alert_kind.h"

static void *alert_config_new(rxm_error *error) {
    return rxm_dialog_config_new(RXM_DIALOG_ALERT, error);
}

static const rxm_method alert_methods[] = {
    { "setTitle", "s", (void (*)(void))rxm_dialog_set_title, "title",
      "The dialog's title; an empty string removes it. Also while the dialog is shown." },
    { "setMessage", "s", (void (*)(void))rxm_dialog_set_message, "message",
      "The text under the title; an empty string removes it. Also while the dialog is shown." },
    { "addTextField", "sss", (void (*)(void))rxm_dialog_add_text_field, "kind,placeholder,text",
      "Appends a text field of kind plain, email, password or phone, with a placeholder and initial text." },
    { "addAction", "ss", (void (*)(void))rxm_dialog_add_action, "title,style",
      "Appends an action (a button) of style default, cancel or destructive; at most one cancel action." },
    { "setPreferredAction", "i", (void (*)(void))rxm_dialog_set_preferred_action, "index",
      "Makes the action at index the preferred one (chosen by Return); -1 for none." },
    { "setActionEnabled", "ib", (void (*)(void))rxm_dialog_set_action_enabled, "index,enabled",
      "Enables or disables the action at index, also while the dialog is shown." },
    { "setActions", "v", (void (*)(void))rxm_dialog_set_actions, "actions",
      "Replaces every action with an array of {title, style, enabled?}, also while the dialog is shown; the preferred action is kept by title." },
};

static const rxm_plugin_descriptor alert_descriptor = {
    sizeof(rxm_plugin_descriptor),
    RXM_PLUGIN_ABI_MAJOR,
    RXM_PLUGIN_ABI_MINOR,
    "alert",
    "1.0.0",
    "A dialog with a title, a message, text fields and actions (UIAlertController, alert style).",
    RXM_DIALOG_RESULT_DESCRIPTION,
    alert_config_new,
    rxm_dialog_config_free,
    alert_methods,
    sizeof alert_methods / sizeof alert_methods[0],
    NULL,   /* precondition: an alert can always be shown */
    NULL,   /* authorization_status: none needed */
    NULL,   /* request_authorization */
    rxm_dialog_present,
};

const rxm_plugin_descriptor *rxm_kind_entry_alert(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;   /* every minor version of this major one knows all our fields */
    return host_abi_major == RXM_PLUGIN_ABI_MAJOR ? &alert_descriptor : NULL;
}
