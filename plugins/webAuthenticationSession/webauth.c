/*
** webauth.c — the "webAuthenticationSession" modal kind: signing in on a web
** page in the system browser and getting back the callback URL, the Linux
** counterpart of ASWebAuthenticationSession, done the RFC 8252 way: a loopback
** redirect on a random port, state, and (built by the caller) PKCE.
**
** This file is the configuration and the descriptor; the session itself is in
** webauth_session.c. docs/guides/WebAuthentication.md describes the behaviour.
*/
#include "webauth_internal.h"
#include "rxm_webAuthenticationSession_kind.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void *config_new(rxm_error *error) {
    wa_config *config = calloc(1, sizeof *config);
    if (!config) rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
    return config;
}

static void config_free(void *pointer) {
    wa_config *config = pointer;
    if (!config) return;
    wa_sessions_free(config);
    free(config->url);
    free(config->callback_scheme);
    free(config->browser);
    free(config);
}

static int replace(char **field, const char *value, rxm_error *error) {
    char *copy = wa_copy(value);
    if (!copy) return rxm_error_set(error, RXM_ERR_INTERNAL, "out of memory");
    free(*field);
    *field = copy;
    return RXM_OK;
}

static int set_url(void *pointer, const char *url, rxm_error *error) {
    wa_config *config = pointer;
    size_t i, length = strlen(url);
    if (!config) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no configuration (NULL)");
    if (strncmp(url, "https://", 8) != 0 && strncmp(url, "http://", 7) != 0) {
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "the authorization URL must be an http:// or https:// URL");
    }
    if (length > 16384) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "the authorization URL is longer than 16384 bytes");
    for (i = 0; i < length; i++) {
        unsigned char c = (unsigned char)url[i];
        if (c <= ' ' || c >= 0x7F) {
            return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                                 "the authorization URL contains a space, a control character or a non-ASCII byte at offset %zu: percent-encode it", i);
        }
    }
    return replace(&config->url, url, error);
}

static int set_callback_url_scheme(void *pointer, const char *scheme, rxm_error *error) {
    wa_config *config = pointer;
    if (!config) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no configuration (NULL)");
    if (!*scheme || strcmp(scheme, "http") == 0) {
        free(config->callback_scheme);
        config->callback_scheme = NULL;
        return RXM_OK;
    }
    if (strcmp(scheme, "https") == 0) {
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "https callbacks need a verified domain, which Linux desktops do not have; use the loopback form "
                             "(callbackURLScheme \"http\" with redirect_uri=http://127.0.0.1/callback)");
    }
    if (!wa_valid_scheme(scheme)) {
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT,
                             "\"%.60s\" is not a URL scheme (a letter, then letters, digits, +, - or .), without \"://\"", scheme);
    }
    return replace(&config->callback_scheme, scheme, error);
}

static int set_browser_command(void *pointer, const char *command, rxm_error *error) {
    wa_config *config = pointer;
    if (!config) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no configuration (NULL)");
    if (!*command) {
        free(config->browser);
        config->browser = NULL;
        return RXM_OK;
    }
    return replace(&config->browser, command, error);
}

static int set_ephemeral(void *pointer, bool ephemeral, rxm_error *error) {
    wa_config *config = pointer;
    if (!config) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no configuration (NULL)");
    config->ephemeral = ephemeral;
    return RXM_OK;
}

static int set_timeout(void *pointer, double seconds, rxm_error *error) {
    wa_config *config = pointer;
    if (!config) return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "no configuration (NULL)");
    if (!isfinite(seconds) || seconds < 0 || seconds > 86400) {
        return rxm_error_set(error, RXM_ERR_INVALID_ARGUMENT, "the timeout must be between 0 (none) and 86400 seconds, got %g", seconds);
    }
    config->timeout = seconds;
    return RXM_OK;
}

static int precondition(const void *pointer, rxm_error *error) {
    const wa_config *config = pointer;
    if (config && config->callback_scheme && !wa_scheme_is_routed(config->callback_scheme)) {
        return rxm_error_set(error, RXM_ERR_UNSUPPORTED,
                             "no desktop entry routes %s:// URLs (MimeType x-scheme-handler/%s), so the browser cannot hand "
                             "the callback back; use the loopback form: callbackURLScheme \"http\" with "
                             "redirect_uri=http://127.0.0.1/callback (RFC 8252 \xC2\xA7" "7.3)",
                             config->callback_scheme, config->callback_scheme);
    }
    return RXM_OK;
}

static const rxm_method methods[] = {
    { "setURL", "s", (void (*)(void))set_url, "url",
      "The authorization request URL; it must carry state and a loopback redirect_uri, whose port is replaced by the session's." },
    { "setCallbackURLScheme", "s", (void (*)(void))set_callback_url_scheme, "scheme",
      "\"http\" (or \"\") for the loopback redirect; a custom scheme only where a desktop entry routes it." },
    { "setBrowserCommand", "s", (void (*)(void))set_browser_command, "command",
      "A browser command the plugin starts itself (words split on blanks, the URL appended, {profile} replaced); \"\" for the surface's openURL." },
    { "setPrefersEphemeralWebBrowserSession", "b", (void (*)(void))set_ephemeral, "ephemeral",
      "Start the browser with a fresh, throwaway profile where the browser allows it (Chromium, Firefox, {profile})." },
    { "setTimeout", "d", (void (*)(void))set_timeout, "seconds",
      "Fail with a timeout error if no callback arrives within this many seconds; 0 waits until cancelled." },
};

static const rxm_plugin_descriptor descriptor = {
    sizeof(rxm_plugin_descriptor),
    RXM_PLUGIN_ABI_MAJOR,
    RXM_PLUGIN_ABI_MINOR,
    "webAuthenticationSession",
    "1.0.0",
    "Sign in on a web page in the browser and get the callback URL (ASWebAuthenticationSession, RFC 8252 loopback redirect).",
    "{\"url\": s (the callback URL, with code and state), \"redirectURI\": s (the redirect_uri sent, for the token request)}, "
    "then completed; errors: cancelled (canceledLogin), no surface (presentationContextNotProvided), timeout",
    config_new,
    config_free,
    methods,
    sizeof methods / sizeof methods[0],
    precondition,
    NULL,
    NULL,
    wa_session_present,
};

const rxm_plugin_descriptor *rxm_kind_entry_webAuthenticationSession(uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host_abi_minor;
    return host_abi_major == RXM_PLUGIN_ABI_MAJOR ? &descriptor : NULL;
}
