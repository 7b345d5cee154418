import XCTest
import RxCore
import RxModal

// The seed README's "Extending RxModal" examples, as written there, with only
// the UIKit parts replaced: a view controller's body becomes a
// `ModalController` that shows a dialog on the surface. Two changes beyond
// that: the README's `func myModal` is written `static func` (an instance
// method of the enumeration `RxModal` could never be called), and the second
// example's names carry "Delegating" so that both examples live in one module.

struct MyResult: Equatable {
    let text: String
}

/// The dialog both examples show: a text field and OK.
private func myModalSpec(_ title: String) -> ModalValue {
    ["primitive": "dialog", "style": "alert", "title": .string(title),
     "textFields": [["kind": "plain"]], "actions": [["title": "OK", "style": "default"]]]
}

// MARK: A controller that already returns its output using Rx

final class MyModalViewController: ModalController {
    let myResult = PublishSubject<MyResult>()
    var title = "My modal"

    func present(on surface: any ModalSurface) throws -> Disposable {
        surface.show(myModalSpec(title))
            .map { MyResult(text: $0["textFields"]?[0]?.stringValue ?? "") }
            .asObservable()
            .subscribe(myResult)
    }
}

extension RxModal {
    static func myModal(
        presenter: Presenter = .keyWindow,
        configuration: @escaping (MyModalViewController) -> Void
    ) -> Single<MyResult> {
        RxModalCoordinator<MyModalViewController>.present(using: presenter) { _ in
            let modal = MyModalViewController()
            configuration(modal)
            return modal
        } sequence: {
            $0.viewController.myResult.asSingle()
        }
    }
}

// MARK: A controller with a traditional delegate

protocol MyDelegatingModalViewControllerDelegate: AnyObject {
    func myModal(_ myModal: MyDelegatingModalViewController, didFinishWith result: MyResult)
    func myModal(_ myModal: MyDelegatingModalViewController, didFinishWithError error: Error)
}

final class MyDelegatingModalViewController: ModalController {
    weak var delegate: MyDelegatingModalViewControllerDelegate?
    var title = "My modal"

    func present(on surface: any ModalSurface) throws -> Disposable {
        surface.show(myModalSpec(title)).subscribe(onSuccess: { [weak self] answer in
            guard let self else { return }
            self.delegate?.myModal(self, didFinishWith: MyResult(text: answer["textFields"]?[0]?.stringValue ?? ""))
        }, onFailure: { [weak self] error in
            guard let self else { return }
            self.delegate?.myModal(self, didFinishWithError: error)
        })
    }
}

extension RxModal {
    static func myDelegatingModal(
        presenter: Presenter = .keyWindow,
        configuration: @escaping (MyDelegatingModalViewController) -> Void
    ) -> Single<MyResult> {

        MyDelegatingModalViewControllerCoordinator.present(using: presenter) { coordinator in
            let modal = MyDelegatingModalViewController()
            modal.delegate = coordinator
            configuration(modal)
            return modal
        } sequence: {
            $0.myResult.asSingle()
        }

    }
}

final class MyDelegatingModalViewControllerCoordinator: RxModalCoordinator<MyDelegatingModalViewController>, MyDelegatingModalViewControllerDelegate {
    required init(){}

    let myResult = PublishSubject<MyResult>()

    func myModal(_ myModal: MyDelegatingModalViewController, didFinishWith result: MyResult) {
        myResult.onNext(result)
        myResult.onCompleted()
    }

    func myModal(_ myModal: MyDelegatingModalViewController, didFinishWithError error: Error) {
        myResult.onError(error)
    }

}

/// Both README examples, presented on the scripted surface and dismissed as
/// every modal is.
final class SeedReadmeExtendingTests: RxTestCase {
    func testTheRxControllerExampleEmitsWhatWasTyped() throws {
        let surface = try ScriptedSurface(json: #"[{"expect": {"title": "Name?"}, "type": ["Ada"], "choose": "OK"}]"#)
        let recorder = runModal(RxModal.myModal(presenter: .surface(surface)) { $0.title = "Name?" }.asObservable())
        XCTAssertEqual(recorder.elements, [MyResult(text: "Ada")])
        XCTAssertTrue(recorder.completed)
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testTheDelegateExampleEmitsWhatWasTyped() throws {
        let surface = try ScriptedSurface(json: #"[{"type": ["Grace"], "choose": "OK"}]"#)
        let recorder = runModal(RxModal.myDelegatingModal(presenter: .surface(surface)) { _ in }.asObservable())
        XCTAssertEqual(recorder.elements, [MyResult(text: "Grace")])
        XCTAssertTrue(recorder.completed)
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }

    func testTheDelegateExampleReportsTheSurfacesErrorAsTheSeedsCatchSpellsIt() throws {
        let surface = try ScriptedSurface(json: #"[{"choose": "Cancel"}]"#)
        let recorder = runModal(RxModal.myDelegatingModal(presenter: .surface(surface)) { _ in }.asObservable())
        do {
            throw recorder.error ?? TestFailure(name: "no error")
        } catch ModalError.scriptMismatch(let step, _) {
            XCTAssertEqual(step, 1)
        }
        surface.drain()
        XCTAssertEqual(surface.transcript.first?["dismissals"], 1)
    }
}
