import Foundation
import RxCore

// The seed's argument order — presenter first, a configuration closure last —
// beside the runtime's (url first, a configuration value, presenter after).
// Two overloads rather than one with defaults, so that a call naming only
// `url:` and `callbackURLScheme:` still has exactly one match.

extension RxModal {
    /// `webAuthenticationSession(presenter:url:callbackURLScheme:)` as the seed
    /// wrote it; the session is
    /// ``webAuthenticationSession(url:callbackURLScheme:configuration:presenter:coordinator:)``.
    public static func webAuthenticationSession(presenter: Presenter, url: URL, callbackURLScheme: String?,
                                                coordinator: ModalCoordinator = .shared) -> Single<URL> {
        webAuthenticationSession(url: url, callbackURLScheme: callbackURLScheme, presenter: presenter, coordinator: coordinator)
    }

    /// The seed's configuration closure, called once, now:
    /// `webAuthenticationSession(url: u, callbackURLScheme: "app") { $0.prefersEphemeralWebBrowserSession = true }`
    /// (`presenter:` may come first, as in the seed).
    public static func webAuthenticationSession(presenter: Presenter = .default, url: URL, callbackURLScheme: String?,
                                                coordinator: ModalCoordinator = .shared,
                                                configuration configure: (inout WebAuthenticationConfiguration) -> Void)
    -> Single<URL> {
        var configuration = WebAuthenticationConfiguration()
        configure(&configuration)
        return webAuthenticationSession(url: url, callbackURLScheme: callbackURLScheme, configuration: configuration,
                                        presenter: presenter, coordinator: coordinator)
    }
}
