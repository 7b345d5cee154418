import XCTest
import Foundation
import RxCore
import RxModal

/// The flows of the seed's example app as written there, on a scripted
/// surface; only the bar button item of its action sheet is a name here.
final class SeedExampleAppTests: RxTestCase {
    enum AlertResult {
        case delete, cancel
    }

    enum WebSessionError: Error {
        case missingClientID
    }

    func testTheDeleteItemAlertAndActionSheet() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"expect": {"style": "alert", "title": "Delete Item"}, "choose": "Delete"},
         {"expect": {"style": "actionSheet", "source": "trashButton"}, "choose": "Cancel"}]
        """#)
        let presenter = Presenter.surface(surface)
        let alert = RxModal.alert(
            AlertResult.self,
            presenter: presenter,
            title: "Delete Item",
            message: "Are you sure you want to delete something?",
            actions: [
                .cancel(title: "Cancel", mapTo: .cancel),
                .destructive(title: "Delete", mapTo: .delete)
            ]
        )
        let actionSheet = RxModal.actionSheet(
            AlertResult.self,
            presenter: presenter,
            source: "trashButton",
            title: "Delete Item",
            message: "Are you sure you want to delete something?",
            actions: [
                .cancel(title: "Cancel", mapTo: .cancel),
                .destructive(title: "Delete", mapTo: .delete)
            ]
        )
        XCTAssertEqual(runModal(alert).elements, [.delete])
        XCTAssertEqual(runModal(actionSheet).elements, [.cancel])
    }

    /// The example's "Web Session" flow: a client ID asked in an alert, then
    /// the session; cancelling or asking to register ends in missingClientID.
    /// (The example's opening of the registration page is left out.)
    private func webSession(_ presenter: Presenter) -> Single<URL> {
        RxModal.alert(
            String?.self,
            presenter: presenter,
            title: "Client ID",
            message: "You must register a playground client on oauth.com first",
            textFields: [DialogTextField { $0.placeholder = "CLIENT ID" }],
            actions: [
                .cancel(title: "Cancel", throw: WebSessionError.missingClientID),
                .default(title: "Register New Client", mapTo: nil),
                .preferred(.default(title: "Continue", map: { $0.first?.text })),
            ])
            .asSingle()
            .flatMap { clientID in
                guard let clientID = clientID else {
                    throw WebSessionError.missingClientID
                }
                return RxModal.webAuthenticationSession(
                    presenter: presenter,
                    url: URL(string: "https://www.oauth.com/playground/auth-dialog.html?response_type=token&client_id=\(clientID)&redirect_uri=rx-modal-example://&scope=photo&state=NESR37xhi7JGQ6xI")!,
                    callbackURLScheme: "rx-modal-example"
                )
            }
    }

    func testTheWebSessionFlowsClientIDAlert() throws {
        let surface = try ScriptedSurface(json: #"""
        [{"choose": "Cancel"},
         {"choose": "Register New Client"},
         {"expect": {"actions": [{"title": "Cancel", "style": "cancel", "enabled": true, "preferred": false},
                                 {"title": "Register New Client", "style": "default", "enabled": true, "preferred": false},
                                 {"title": "Continue", "style": "default", "enabled": true, "preferred": true}]},
          "type": ["my-client"], "choose": "Continue"}]
        """#)
        let presenter = Presenter.surface(surface)
        XCTAssertTrue(runModal(webSession(presenter).asObservable()).error is WebSessionError)
        XCTAssertTrue(runModal(webSession(presenter).asObservable()).error is WebSessionError)
        let continued = runModal(webSession(presenter).asObservable())
        XCTAssertEqual(surface.transcript.count, 3, "no fourth presentation")
        // Nothing routes rx-modal-example:// URLs back here, so the session is
        // refused as the seed would name it.
        let error = try XCTUnwrap(continued.error)
        do {
            throw error
        } catch RxModalError.unsupported {
            XCTAssertTrue("\(error)".contains("rx-modal-example"), "\(error)")
        }
    }
}
