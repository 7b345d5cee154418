/// RxModal for Linux: modal flows as asynchronous events — presented on
/// subscribe, dismissed on dispose, emitting a value or an error.
///
/// The runtime:
/// - the plugin ABI (`Include/rxmodal_plugin.h`), `ModalValue` with its C and
///   JSON forms, and `ModalError`;
/// - the registry and loader (`ModalRegistry`, search path, refusal reasons) and
///   the libffi invoker (`MethodInvoker`, `MethodTable`, one per kind);
/// - surfaces: the `ModalSurface` protocol, the headless `ScriptedSurface`, the
///   `TerminalSurface`, and `CSurfaceBridge` for C plugins; `Presenter.default`
///   is the scripted surface of `RXMODAL_SCRIPT`, else the process's
///   controlling terminal (`/dev/tty`, whatever standard input is);
/// - the present/dismiss coordinator (`ModalCoordinator`): presented on
///   subscribe, dismissed once on dispose, preconditions and authorization at
///   subscribe time;
/// - kinds written in Swift (`ModalKindDefinition`, with `confirmation`).
///
/// The typed façades, one per kind, each backed by its plugin:
/// `RxModal.alert`/`actionSheet` (with `DialogAction`, `DialogTextField`, and
/// `alert(reactor:)` for an RxFlows `AlertReactor`), `mailComposer`,
/// `messageComposer`, `photoPicker`, `mediaPicker`,
/// `webAuthenticationSession`/`webAuthenticationCallback`, and `confirmation`;
/// with the seed's `Dialog`/`DialogStyle`/`present`, `RxModalError` and
/// `require(_:in:)`, so that code written against the seed compiles as written.
///
/// A namespace; its functions may be called from any thread.
public enum RxModal {}
