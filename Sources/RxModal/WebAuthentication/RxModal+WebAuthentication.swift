import Foundation
import RxCore

extension RxModal {
    /// Signs the user in on a web page in the browser and emits the callback URL
    /// (the seed's `webAuthenticationSession`, `ASWebAuthenticationSession` on
    /// Apple platforms), the RFC 8252 way: on subscribe the
    /// `webAuthenticationSession` plugin listens on 127.0.0.1 (else [::1]) on a
    /// random port, puts that port into the URL's `redirect_uri`, opens the
    /// browser and shows a "waiting — Cancel" prompt on `presenter`'s surface.
    /// The first GET on the redirect path with the URL's `state` ends it.
    ///
    /// `url` must carry `state` and a loopback `redirect_uri`
    /// (`http://127.0.0.1/callback`); ``OAuthAuthorizationRequest`` builds one
    /// with PKCE. `callbackURLScheme` is "http" (or nil) for the loopback form; a
    /// custom scheme fails with ``ModalError/unsupported(kind:reason:)`` unless a
    /// desktop entry routes it to `rxmodal-webauth-callback` (see
    /// docs/guides/WebAuthentication.md).
    ///
    /// Errors: ``WebAuthenticationSessionError`` (`canceledLogin`,
    /// `presentationContextNotProvided`, `timeout`), or a ``ModalError`` for bad
    /// input. Disposing closes the listener (its port is free when dispose
    /// returns) and takes the prompt down.
    public static func webAuthenticationSession(url: URL, callbackURLScheme: String?,
                                                configuration: WebAuthenticationConfiguration = WebAuthenticationConfiguration(),
                                                presenter: Presenter = .default,
                                                coordinator: ModalCoordinator = .shared) -> Single<URL> {
        webAuthenticationCallback(url: url, callbackURLScheme: callbackURLScheme, configuration: configuration,
                                  presenter: presenter, coordinator: coordinator)
            .map { $0.url }
    }

    /// The same session, emitting the callback URL together with the redirect
    /// URI that was sent (port included), which the token request needs.
    public static func webAuthenticationCallback(url: URL, callbackURLScheme: String?,
                                                 configuration: WebAuthenticationConfiguration = WebAuthenticationConfiguration(),
                                                 presenter: Presenter = .default,
                                                 coordinator: ModalCoordinator = .shared) -> Single<WebAuthenticationCallback> {
        coordinator.present(kind: "webAuthenticationSession", presenter: presenter) { session in
            try session.call("setURL", .string(url.absoluteString))
            try session.call("setCallbackURLScheme", .string(callbackURLScheme ?? "http"))
            if let command = configuration.browserCommand { try session.call("setBrowserCommand", .string(command)) }
            try session.call("setPrefersEphemeralWebBrowserSession", .bool(configuration.prefersEphemeralWebBrowserSession))
            if let timeout = configuration.timeout { try session.call("setTimeout", .double(timeout)) }
        }
        .map { try WebAuthenticationCallback(value: $0) }
        .catch { Observable.error(WebAuthenticationSessionError.translating($0)) }
        .asSingle()
    }
}
