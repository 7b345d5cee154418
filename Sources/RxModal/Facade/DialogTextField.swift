/// A text field of an alert, like the seed's `DialogTextField`: a kind and a
/// configuration closure that sets its placeholder and initial text.
///
///     DialogTextField.email { $0.placeholder = "e-mail" }
///     DialogTextField.password(configuration: { $0.placeholder = "password" })
///
/// A value; safe to share between threads.
public struct DialogTextField: Sendable, Equatable {
    /// What the field holds; a surface may use it (a password is not echoed).
    public enum Kind: String, Sendable, CaseIterable {
        case plain, email, password, phone
    }

    public var kind: Kind
    public var placeholder: String = ""
    /// The initial text.
    public var text: String = ""

    public init(kind: Kind = .plain, configuration: (inout DialogTextField) -> Void = { _ in }) {
        self.kind = kind
        configuration(&self)
    }

    public static func plain(configuration: (inout DialogTextField) -> Void = { _ in }) -> DialogTextField {
        DialogTextField(kind: .plain, configuration: configuration)
    }

    public static func email(configuration: (inout DialogTextField) -> Void = { _ in }) -> DialogTextField {
        DialogTextField(kind: .email, configuration: configuration)
    }

    public static func password(configuration: (inout DialogTextField) -> Void = { _ in }) -> DialogTextField {
        DialogTextField(kind: .password, configuration: configuration)
    }

    public static func phoneNumber(configuration: (inout DialogTextField) -> Void = { _ in }) -> DialogTextField {
        DialogTextField(kind: .phone, configuration: configuration)
    }
}

/// A text field as it was when the user chose an action: what the
/// `flatMap:`/`map:` closures of ``DialogAction`` receive.
///
/// `text` is always set; it is optional only so that the seed's
/// `textFields[0].text ?? ""` reads as it did with `UITextField`.
public struct DialogTextFieldValue: Sendable, Equatable {
    public let kind: DialogTextField.Kind
    public let placeholder: String
    public let text: String?

    public init(kind: DialogTextField.Kind, placeholder: String, text: String?) {
        self.kind = kind
        self.placeholder = placeholder
        self.text = text
    }
}
