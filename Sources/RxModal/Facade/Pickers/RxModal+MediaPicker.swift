import RxCore

extension RxModal {
    /// A media picker (the seed's `RxModal.mediaPicker()`, MPMediaPickerController)
    /// over the user's music folder, shown by the `mediaPicker` plugin.
    ///
    /// At subscribe time, before anything is shown: a denied or restricted
    /// media library authorization fails with
    /// ``ModalError/authorizationDenied(kind:)`` (kind "mediaPicker"); a not
    /// determined one is asked on the surface first. Then the library is scanned
    /// and offered as a choice; the picked items are emitted in the order
    /// picked; cancelling emits an empty collection. Disposing dismisses it.
    /// `configuration` (the seed's label) sets the picker up, called once, now:
    /// `RxModal.mediaPicker { $0.allowsPickingMultipleItems = true }`.
    public static func mediaPicker(presenter: Presenter = .default, coordinator: ModalCoordinator = .shared,
                                   configuration configure: (inout MediaPickerConfiguration) -> Void = { _ in }) -> Single<MediaItemCollection> {
        var settings = MediaPickerConfiguration()
        configure(&settings)
        return coordinator.present(kind: "mediaPicker", presenter: presenter) { try settings.apply(to: $0) }
            .asSingle()
            .map { try MediaItemCollection($0) }
    }

    /// The media library authorization of this process (its process name is the
    /// application identifier), as the `mediaPicker` plugin stores it.
    public static var mediaLibraryAuthorizationStatus: Single<ModalAuthorizationStatus> {
        mediaLibraryAuthorizationStatus()
    }

    /// The media library authorization of `applicationIdentifier` (nil: the
    /// process name): read at subscribe time, never asks. Fails with
    /// ``ModalError/pluginUnavailable(reason:)`` when the plugin is missing.
    public static func mediaLibraryAuthorizationStatus(applicationIdentifier: String? = nil,
                                                       coordinator: ModalCoordinator = .shared) -> Single<ModalAuthorizationStatus> {
        Single.deferred {
            let kind = try ModalCoordinator.lookUp("mediaPicker", in: coordinator.registry)
            let configuration = try kind.makeConfiguration()
            if let applicationIdentifier {
                try kind.methodTable().invoker(named: "setApplicationIdentifier")
                    .invoke(config: configuration.pointer, arguments: [.string(applicationIdentifier)])
            }
            return .just(kind.authorizationStatus(configuration))
        }
    }
}
