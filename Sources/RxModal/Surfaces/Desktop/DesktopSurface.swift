import Foundation
import RxModalPluginABI
import Synchronization

/// The desktop surface: real GTK 4 windows, drawn by `rxmodal-surface-gtk.so`, a C
/// module loaded on first use so that the runtime and librxmodal carry no GTK
/// dependency.
///
/// The module is looked for where the plugins are (``folders(environment:)``): in a
/// build folder, the folder itself; in an install, `rxmodal/surfaces-1` beside the
/// plugin folder `rxmodal/plugins-1`. It is trusted the way a plugin file is (a
/// folder opened from `/` without following links, an owner and mode checked by
/// descriptor, ELF headers read) and mapped through that descriptor.
///
/// A process that already has GTK 3 loaded gets a clear error instead: the two
/// versions cannot share a process.
///
/// Thread safety: any thread; the first use loads, later ones reuse the outcome.
public enum DesktopSurface {
    /// The module's file name.
    public static let moduleFileName = "rxmodal-surface-gtk.so"

    /// The folder below a library folder where installs put the module.
    public static let folderBelowLibraryDirectory = "rxmodal/surfaces-\(RXM_PLUGIN_ABI_MAJOR)"

    /// The desktop surface of this process, loaded on first use.
    public static func shared() throws(ModalError) -> any ModalSurface {
        let result = loaded.withLock { kept -> Result<SurfaceBox, ModalError> in
            if let kept { return kept }
            let outcome = load()
            kept = outcome
            return outcome
        }
        return try result.get().surface
    }

    /// The desktop surface with every window transient for the host's window named
    /// by `parentWindow`, a portal-style handle: `x11:XID` (decimal or `0x` hex) or
    /// `wayland:HANDLE` (a toplevel exported through xdg-foreign). A handle of
    /// another kind, or for another display backend, is ignored: the modal is
    /// shown, only not attached to the host's window.
    public static func shared(parentWindow: String) throws(ModalError) -> any ModalSurface {
        ParentedDesktopSurface(surface: try shared(), parentWindow: parentWindow)
    }

    /// Whether a display server is named in the environment (Wayland or X11).
    public static func hasDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty || !(environment["DISPLAY"] ?? "").isEmpty
    }

    /// Where the module is looked for, in order: the plugin search path's folders,
    /// each plugin folder of an install mapped to its `surfaces-1` sibling.
    public static func folders(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var seen = Set<String>()
        return PluginSearchPath.standard(environment: environment).directories.compactMap { directory in
            var path = directory.path
            let plugins = "/" + PluginSearchPath.folderBelowLibraryDirectory
            if path.hasSuffix(plugins) {
                path = String(path.dropLast(plugins.count)) + "/" + folderBelowLibraryDirectory
            }
            return seen.insert(path).inserted ? path : nil
        }
    }

    // MARK: Loading

    private struct SurfaceBox: @unchecked Sendable {
        let surface: any ModalSurface
    }

    private static let loaded = Mutex<Result<SurfaceBox, ModalError>?>(nil)

    private typealias OpenFunction = @convention(c) () -> UnsafePointer<rxm_surface>?

    private static func load() -> Result<SurfaceBox, ModalError> {
        if gtk3IsLoaded() {
            return .failure(unavailable("GTK 3 is already loaded in this process; the desktop surface draws with GTK 4, and the two cannot share a process"))
        }
        var reasons: [String] = []
        for folder in folders() {
            let trusted: TrustedFolder
            switch TrustedFolder.open(folder) {
            case .success(let opened): trusted = opened
            case .failure: continue   // absent folders are the common case
            }
            let path = (folder == "/" ? "" : folder) + "/" + moduleFileName
            guard access(path, F_OK) == 0 else { continue }
            let file: CheckedPluginFile
            switch CheckedPluginFile.open(moduleFileName, in: trusted, path: path, checkImage: true) {
            case .success(let opened): file = opened
            case .failure(let reason):
                reasons.append("\(path): \(reason)")
                continue
            }
            switch DescriptorLinker.open(takingOver: file.releaseDescriptor(), path: path) {
            case .failure(let reason):
                reasons.append("\(reason)")
            case .success(let handle):
                guard let symbol = dlsym(handle, "rxm_surface_gtk_open") else {
                    reasons.append("\(path): no rxm_surface_gtk_open")
                    continue
                }
                let open = unsafeBitCast(symbol, to: OpenFunction.self)
                guard let surface = open(), surface.pointee.struct_size >= UInt32(MemoryLayout<rxm_surface>.size) else {
                    reasons.append("\(path): rxm_surface_gtk_open gave no usable surface")
                    continue
                }
                return .success(SurfaceBox(surface: BorrowedCSurface(surface)))
            }
        }
        if reasons.isEmpty {
            return .failure(unavailable("\(moduleFileName) is not installed (looked in \(folders().joined(separator: ", ")))"))
        }
        return .failure(unavailable(reasons.joined(separator: "; ")))
    }

    private static func unavailable(_ reason: String) -> ModalError {
        .plugin(code: Int32(RXM_ERR_NO_SURFACE), message: "desktop surface: \(reason)")
    }

    /// GTK 3's own symbols, absent from GTK 4, already mapped into the process.
    private static func gtk3IsLoaded() -> Bool {
        let everything = UnsafeMutableRawPointer(bitPattern: 0)
        return dlsym(everything, "gtk_main") != nil || dlsym(everything, "gtk_widget_get_toplevel") != nil
    }
}

/// The desktop surface with a parent window: the handle goes into every spec
/// (`"parentWindow"`, read by the GTK module) on its way to the module.
final class ParentedDesktopSurface: ModalSurface {
    let surface: any ModalSurface
    let parentWindow: String

    init(surface: any ModalSurface, parentWindow: String) {
        self.surface = surface
        self.parentWindow = parentWindow
    }

    var name: String { surface.name }

    func show(spec: ModalValue, onResult: @escaping @Sendable (ModalValue) -> Void,
              onError: @escaping @Sendable (ModalError) -> Void) throws -> SurfacePresentation {
        guard case .object(var members) = spec else { return try surface.show(spec: spec, onResult: onResult, onError: onError) }
        members["parentWindow"] = .string(parentWindow)
        return try surface.show(spec: .object(members), onResult: onResult, onError: onError)
    }

    func update(_ presentation: SurfacePresentation, patch: ModalValue) throws {
        try surface.update(presentation, patch: patch)
    }

    func dismiss(_ presentation: SurfacePresentation) {
        surface.dismiss(presentation)
    }
}
