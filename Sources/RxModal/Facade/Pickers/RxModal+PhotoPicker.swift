import RxCore

extension RxModal {
    /// A photo picker (the seed's `RxModal.photoPicker()`, PHPickerViewController)
    /// over the user's pictures folder, shown by the `photoPicker` plugin as a
    /// choice (file name; date, size and dimensions) allowing up to
    /// `selectionLimit` items. Emits the picked items in the order picked;
    /// cancelling emits `[]`. Disposing dismisses it. A bad configuration (a
    /// negative limit) fails at subscribe time, before anything is shown.
    public static func photoPicker(presenter: Presenter = .default, configuration: PhotoPickerConfiguration = PhotoPickerConfiguration(),
                                   coordinator: ModalCoordinator = .shared) -> Single<[PhotoPickerResult]> {
        coordinator.present(kind: "photoPicker", presenter: presenter) { try configuration.apply(to: $0) }
            .asSingle()
            .map { value in
                guard let results = value["results"]?.arrayValue else {
                    throw ModalError.malformedValue("photoPicker: the result has no results: \(value.json)")
                }
                return try results.map(PhotoPickerResult.init)
            }
    }

    /// The seed's spelling: the configuration set up by a closure,
    /// `RxModal.photoPicker { $0.selectionLimit = 2 }`; otherwise as
    /// ``photoPicker(presenter:configuration:coordinator:)``. The closure is
    /// called once, now. (It has no default, so that `photoPicker()` names the
    /// other overload.)
    public static func photoPicker(presenter: Presenter = .default, coordinator: ModalCoordinator = .shared,
                                   configuration configure: (inout PhotoPickerConfiguration) -> Void) -> Single<[PhotoPickerResult]> {
        var configuration = PhotoPickerConfiguration()
        configure(&configuration)
        return photoPicker(presenter: presenter, configuration: configuration, coordinator: coordinator)
    }
}
