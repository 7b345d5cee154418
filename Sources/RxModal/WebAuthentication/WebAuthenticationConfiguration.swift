import Foundation

/// How a web authentication session opens the browser and how long it waits.
///
/// A value type; safe to share between threads.
public struct WebAuthenticationConfiguration: Sendable, Equatable {
    /// Start the browser with a fresh, throwaway profile (no shared cookies),
    /// where the browser allows it: a configured or `$BROWSER` Chromium or
    /// Firefox, or a `browserCommand` with `{profile}`. Such a browser is ended
    /// and its profile removed when the session ends.
    public var prefersEphemeralWebBrowserSession: Bool
    /// A command the plugin starts itself: words split on blanks (no shell), the
    /// URL appended, `{profile}` replaced by a fresh profile directory when
    /// ephemeral. nil: the surface's openURL opens the URL (the terminal surface
    /// uses `$BROWSER` or `xdg-open`).
    public var browserCommand: String?
    /// Fail with ``WebAuthenticationSessionError/timeout`` when no callback
    /// arrives within this many seconds; nil: wait until cancelled or disposed.
    public var timeout: TimeInterval?

    public init(prefersEphemeralWebBrowserSession: Bool = false, browserCommand: String? = nil, timeout: TimeInterval? = nil) {
        self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        self.browserCommand = browserCommand
        self.timeout = timeout
    }
}
