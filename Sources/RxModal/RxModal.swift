/// RxModal for Linux: modal flows as asynchronous events.
///
/// What the runtime has (issue 4, in progress):
/// - the plugin ABI (`Include/rxmodal_plugin.h`), `ModalValue` with its C and
///   JSON forms, and `ModalError`;
/// - the registry and loader (`ModalRegistry`, search path, refusal reasons) and
///   the libffi invoker (`MethodInvoker`, `MethodTable`, one per kind);
/// - surfaces: the `ModalSurface` protocol, the headless `ScriptedSurface`, and
///   `CSurfaceBridge` for C plugins. There is no terminal surface yet, so
///   `Presenter.default` is the scripted surface of `RXMODAL_SCRIPT` or
///   `ModalError.missingSurface`;
/// - the present/dismiss coordinator (`ModalCoordinator`): presented on
///   subscribe, dismissed once on dispose, preconditions and authorization at
///   subscribe time;
/// - the alert and actionSheet plugins and their typed façade:
///   `RxModal.alert(presenter:title:message:textFields:actions:)` and
///   `RxModal.actionSheet(presenter:source:title:message:actions:)` with
///   `DialogAction` (including actions bound to an RxFlows `Action`) and
///   `DialogTextField`;
/// - kinds written in Swift (`ModalKindDefinition`, made into real descriptors
///   by `ModalKindDescriptor`), with the `confirmation` kind and
///   `RxModal.confirmation(…)` as the example (docs/guides/Extending.md).
///
/// Not yet: the terminal surface, an
/// `AlertReactor` presented as a dialog, the other five kinds (composers,
/// pickers, web authentication), the C host API and the command line.
public enum RxModal {}
