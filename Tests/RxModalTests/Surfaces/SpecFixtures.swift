import XCTest
import RxModal

/// Specs of every primitive, as plugins would send them.
enum Specs {
    static let signIn: ModalValue = [
        "primitive": "dialog", "style": "alert", "title": "Sign in", "message": "Use your account",
        "textFields": [["kind": "email", "placeholder": "Email"], ["kind": "password", "text": "old"]],
        "actions": [["title": "Cancel", "style": "cancel"],
                    ["title": "Sign In", "style": "default", "preferred": true],
                    ["title": "Delete Account", "style": "destructive", "enabled": false]],
    ]
    /// `signIn` as a transcript shows it: password text hidden.
    static let signInAsTranscribed: ModalValue = [
        "primitive": "dialog", "style": "alert", "title": "Sign in", "message": "Use your account",
        "textFields": [["kind": "email", "placeholder": "Email"], ["kind": "password", "text": "(hidden)"]],
        "actions": [["title": "Cancel", "style": "cancel"],
                    ["title": "Sign In", "style": "default", "preferred": true],
                    ["title": "Delete Account", "style": "destructive", "enabled": false]],
    ]
    static let share: ModalValue = [
        "primitive": "dialog", "style": "actionSheet", "title": "Share",
        "actions": [["title": "Mail", "style": "default"], ["title": "Message", "style": "default"]],
    ]
    static let photos: ModalValue = [
        "primitive": "choice", "title": "Photos", "prompt": "Pick photos",
        "items": [["title": "Beach"], ["title": "Hills", "subtitle": "2024"], ["title": "City", "detail": "3 MB"]],
        "multiple": true, "limit": 2,
    ]
    static let file: ModalValue = [
        "primitive": "choice", "title": "Open",
        "items": [["title": "a.txt"], ["title": "b.txt"]],
    ]
    static let mail: ModalValue = [
        "primitive": "form", "title": "New Message",
        "fields": [["name": "to", "label": "To", "kind": "addresses", "value": ["a@b.c"]],
                   ["name": "subject", "label": "Subject", "kind": "line"],
                   ["name": "body", "label": "Body", "kind": "text", "value": "Hello"],
                   ["name": "from", "label": "From", "kind": "readOnly", "value": "me@b.c"],
                   ["name": "files", "label": "Attachments", "kind": "attachments"]],
        "actions": [["title": "Cancel", "style": "cancel"], ["title": "Send", "style": "default", "preferred": true]],
    ]
    static let browser: ModalValue = ["primitive": "openURL", "url": "https://example.org/auth", "ephemeral": true]
    static let permission: ModalValue = [
        "primitive": "prompt", "title": "Allow access to Photos?",
        "actions": [["title": "Don't Allow", "style": "cancel"], ["title": "Allow", "style": "default"]],
    ]
}

/// Asserts that `body` throws `ModalError.invalidArgument(method:reason:)` with exactly this reason.
func XCTAssertInvalidArgument<T>(_ body: @autoclosure () throws -> T, method: String, reason: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(try body(), file: file, line: line) { error in
        XCTAssertEqual(error as? ModalError, .invalidArgument(method: method, reason: reason), file: file, line: line)
    }
}
