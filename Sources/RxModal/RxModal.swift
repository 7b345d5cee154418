/// RxModal for Linux: modal flows as asynchronous events.
///
/// The runtime is being built (issue 4). What exists so far: the plugin ABI
/// (`Include/rxmodal_plugin.h`), `ModalValue` with its C and JSON forms, and
/// `ModalError`. The registry and loader, the libffi invoker, the surfaces, the
/// present/dismiss coordinator and the alert and action sheet plugins are not
/// built yet.
public enum RxModal {}
