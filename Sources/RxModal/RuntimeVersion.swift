/// The runtime's version, which the C library (`rxm_version`) and `rxmodal
/// --version` report. Keep it equal to RXMODAL_VERSION_* in Include/rxmodal.h:
/// the tests compare the installed library's and command's with the header's.
///
/// Constants; safe from any thread.
public enum RuntimeVersion {
    public static let major = 0, minor = 1, patch = 0
    /// "0.1.0", static storage (C code receives a pointer to it).
    public static let string: StaticString = "0.1.0"
}
