#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Synchronization

/// Hands an open, checked file to the dynamic linker through `/proc/self/fd/N`,
/// so the object mapped is the file whose descriptor was checked, not whatever
/// its path names a moment later.
///
/// The descriptor is kept open for as long as the process lives, as the
/// mapping itself is (plugins are never unloaded). The dynamic linker knows the
/// object by the name `/proc/self/fd/N` from then on: it answers a later
/// `dlopen` of that name with this object without looking at the file, and
/// tools that read the object's file by that name (valgrind) must find this
/// file there, not another that got the number after a close. So a number once
/// given to the dynamic linker is never closed, and never reused.
///
/// A plugin loaded this way sees `/proc/self/fd` as its `$ORIGIN`: its own
/// dependencies must be found by soname (already loaded, as the Swift runtime
/// is, or on the system's library path), not beside it. Safe from any thread;
/// loads are serialized process-wide.
enum DescriptorLinker {
    private static let loading = Mutex(())

    /// `dlopen(RTLD_NOW | RTLD_LOCAL)` of the file open as `descriptor`, which
    /// this call takes over (it stays open if the object was mapped, and is
    /// closed otherwise); the handle, or why not (the dynamic linker's message,
    /// after `path`). `RTLD_LOCAL`: a plugin's symbols (every plugin has
    /// rxm_plugin_entry) must not become visible to, or be bound by, the
    /// objects loaded after it.
    static func open(takingOver descriptor: Int32, path: String) -> Result<UnsafeMutableRawPointer, SkippedPlugin.Reason> {
        loading.withLock { _ in
            _ = dlerror()
            guard let handle = dlopen("/proc/self/fd/\(descriptor)", RTLD_NOW | RTLD_LOCAL) else {
                let message = dlerror().map { String(cString: $0) } ?? "dlopen failed"
                close(descriptor)
                return .failure(.notASharedObject("\(path): \(message)"))
            }
            return .success(handle)
        }
    }
}
