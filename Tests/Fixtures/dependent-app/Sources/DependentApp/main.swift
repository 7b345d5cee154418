import RxCore
import RxModal

// An app that depends on RxModal as users' packages do, built with nothing but
// `swift build`. Its modals are answered by the script in RXMODAL_SCRIPT.

for kind in ModalRegistry.shared.kinds {
    print("kind \(kind.name) from \(kind.origin)")
}

let greeting = RxModal.alert(title: "Hello from a dependent package", message: "Pick one",
                             actions: [DialogAction.cancel(title: "Cancel", mapTo: 0), .default(title: "OK", mapTo: 1)])
for try await value in greeting.values { print("alert: \(value)") }

let share = RxModal.actionSheet(title: "Share", actions: [DialogAction.default(title: "Mail", mapTo: "mail"),
                                                          .cancel(title: "Cancel", mapTo: "none")])
for try await value in share.values { print("actionSheet: \(value)") }

// Every other kind, through the generic coordinator; each answered by the script.
for name in ["mailComposer", "messageComposer", "photoPicker", "mediaPicker"] {
    do {
        for try await value in ModalCoordinator.shared.present(kind: name).values { print("\(name): \(value.json)") }
    } catch {
        print("\(name): error: \(error)")
    }
}
print("done")
