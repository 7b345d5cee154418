import RxModal

/// For Swift programs that embed C code (a plugin host, a scripting language's
/// C extension): hands that code an `rxm_registry *` for a registry set up in
/// Swift, with kinds registered in-process (``ModalKindDescriptor``) as well as
/// loaded from files. Stateless; any thread.
public enum RxModalCBridge {
    /// A new `rxm_registry *` listing what `registry` holds now (the list is fixed
    /// when the handle is made, as for `rxm_registry_open`); the C side releases it
    /// with `rxm_registry_close`.
    public static func registryHandle(for registry: ModalRegistry) -> OpaquePointer {
        Handles.retain(RegistryHandle(registry: registry))
    }
}
