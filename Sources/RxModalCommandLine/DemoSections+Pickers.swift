import Foundation
import RxCore
import RxModal

/// The pickers in `rxmodal demo`, over small libraries the demo writes into its
/// scratch space (never the user's own folders).
extension DemoSections {
    /// The photo picker: two PNG images, newest first; the script picks the first.
    static var photoPicker: DemoSection { DemoSection(
        title: "Photo picker: pick a picture from a library",
        requiredKinds: ["photoPicker"],
        scriptSteps: { _ in [#"{"expect": {"primitive": "choice"}, "select": [0]}"#] },
        run: { context in
            let pictures: String
            do {
                pictures = try context.scratch.directory("Pictures")
                try write(DemoMediaFiles.png(width: 64, height: 48, red: 30, green: 90, blue: 160), to: pictures + "/harbour.png",
                          modified: Date(timeIntervalSince1970: 1_700_000_000))
                try write(DemoMediaFiles.png(width: 32, height: 32, red: 60, green: 160, blue: 40), to: pictures + "/meadow.png",
                          modified: Date(timeIntervalSince1970: 1_600_000_000))
            } catch {
                return (["error: \(error)"], false)
            }
            var configuration = PhotoPickerConfiguration(selectionLimit: 1)
            configuration.libraryRoots = [pictures]
            switch DemoFlowRun.collect(RxModal.photoPicker(presenter: context.presenter, configuration: configuration).asObservable()) {
            case .success(let picks):
                let results = picks.first ?? []
                guard !results.isEmpty else { return (["cancelled: nothing picked"], true) }
                return (results.map { result in
                    "picked \(result.fileURL.lastPathComponent): \(result.contentType), "
                        + "\(result.pixelWidth.map(String.init) ?? "?")×\(result.pixelHeight.map(String.init) ?? "?") pixels"
                }, true)
            case .failure(let error):
                return (["error: \(error)"], false)
            }
        }) }

    /// The media picker: asks for access to the media library first (the answer
    /// is kept in the demo's own configuration folder), then lists one recording.
    static var mediaPicker: DemoSection { DemoSection(
        title: "Media picker: allow access to the library, then pick a song",
        requiredKinds: ["mediaPicker"],
        scriptSteps: { _ in [#"{"expect": {"primitive": "prompt"}, "choose": "Allow"}"#, #"{"expect": {"primitive": "choice"}, "select": [0]}"#] },
        run: { context in
            let music: String
            do {
                music = try context.scratch.directory("Music")
                try write(DemoMediaFiles.silentWAV(seconds: 2), to: music + "/Morning Walk.wav", modified: Date(timeIntervalSince1970: 1_700_000_000))
            } catch {
                return (["error: \(error)"], false)
            }
            let picker = RxModal.mediaPicker(presenter: context.presenter) {
                $0.prompt = "Choose a song for the alarm"
                $0.applicationIdentifier = "org.rxmodal.demo"
                $0.libraryRoots = [music]
            }
            switch DemoFlowRun.collect(picker.asObservable()) {
            case .success(let picks):
                let items = picks.first?.items ?? []
                guard !items.isEmpty else { return (["cancelled: nothing picked"], true) }
                return (items.map { item in
                    "picked “\(item.title)” (title from \(item.titleIsFromTags ? "its tags" : "the file name")), \(item.mediaType.rawValue), "
                        + "\(item.contentType)" + (item.duration.map { String(format: ", %.1f s", $0) } ?? "")
                }, true)
            case .failure(let error):
                return (["error: \(error)"], false)
            }
        }) }

    private static func write(_ data: Data, to path: String, modified: Date) throws {
        try data.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }
}
