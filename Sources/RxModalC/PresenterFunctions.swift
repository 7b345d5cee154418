import RxModal
import RxModalPluginABI

// rxm_presenter_*: see Include/rxmodal.h.

@_cdecl("rxm_presenter_new_default")
public func rxm_presenter_new_default(_ out: UnsafeMutablePointer<OpaquePointer?>?,
                                      _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) { try Handles.give(PresenterHandle(presenter: .default), to: out) }
}

@_cdecl("rxm_presenter_new_terminal")
public func rxm_presenter_new_terminal(_ out: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(PresenterHandle(presenter: .surface(TerminalSurface.standard())), to: out)
    }
}

@_cdecl("rxm_presenter_new_desktop")
public func rxm_presenter_new_desktop(_ out: UnsafeMutablePointer<OpaquePointer?>?,
                                      _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(PresenterHandle(presenter: .desktop), to: out)
    }
}

@_cdecl("rxm_presenter_new_desktop_transient_for")
public func rxm_presenter_new_desktop_transient_for(_ parentWindow: UnsafePointer<CChar>?,
                                                    _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                                    _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try CStrings.read(parentWindow, "parent_window")
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(PresenterHandle(presenter: .desktopTransient(forParentWindow: handle)), to: out)
    }
}

@_cdecl("rxm_presenter_new_scripted")
public func rxm_presenter_new_scripted(_ script: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let text = try CStrings.read(script, "script_json")
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(PresenterHandle(scripted: try ScriptedSurface(json: text)), to: out)
    }
}

@_cdecl("rxm_presenter_new_scripted_file")
public func rxm_presenter_new_scripted_file(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
                                            _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let file = try CStrings.read(path, "path")
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try Handles.give(PresenterHandle(scripted: try ScriptedSurface(contentsOfFile: file)), to: out)
    }
}

@_cdecl("rxm_presenter_transcript_json")
public func rxm_presenter_transcript_json(_ presenter: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                          _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(presenter, as: PresenterHandle.self, "presenter")
        guard let scripted = handle.scripted else {
            throw BridgeError.invalidArgument("only a scripted presenter has a transcript")
        }
        try CStrings.give(scripted.transcriptJSON, to: out)
    }
}

@_cdecl("rxm_presenter_take_transcript_json")
public func rxm_presenter_take_transcript_json(_ presenter: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                               _ error: UnsafeMutablePointer<rxm_error>?) -> Int32 {
    reporting(error) {
        let handle = try Handles.object(presenter, as: PresenterHandle.self, "presenter")
        guard let scripted = handle.scripted else {
            throw BridgeError.invalidArgument("only a scripted presenter has a transcript")
        }
        guard out != nil else { throw BridgeError.invalidArgument("out is NULL") }
        try CStrings.give(scripted.takeTranscriptJSON(), to: out)
    }
}

@_cdecl("rxm_presenter_free")
public func rxm_presenter_free(_ presenter: OpaquePointer?) {
    Handles.release(presenter)
}
