/// One argument of a remote command, declared once in ``RemoteCommandTable``:
/// the request field it fills, how `ledmarquee send` takes it, and what a
/// shell completes there. The control parser, `send`, `send --help` and the
/// completions all read it, so a field cannot be known to one and not the
/// others.
struct RemoteArgument: Sendable, Equatable {
    /// How `ledmarquee send` takes the argument.
    enum Form: Sendable, Equatable {
        /// Every word after the command, joined with spaces (a message).
        case message
        /// Exactly one word after the command.
        case word
        /// `--FIELD VALUE` (or `--FIELD=VALUE`).
        case option
        /// `--FIELD` alone, which sends `true`.
        case flag
        /// Only in a request line (an inline deck): `send` has no way to write it.
        case requestOnly
        /// `--FIELD VALUE` that `send` keeps for itself and must be given:
        /// where it writes what the sign answers (`snapshot --png FILE`).
        /// Never in the request.
        case local
    }

    /// What `send` checks and converts before it writes the field, and what
    /// a shell completes there. The sign checks every value again.
    enum Value: Sendable, Equatable {
        /// A string as typed.
        case text
        /// A finite number.
        case number
        /// A whole number from 1 (a message's position, as people count).
        case position
        /// A brightness, 1 to 100, typed as `--brightness` takes it (`40`
        /// or `40%`); the request carries the number.
        case percent
        /// A file name, made absolute by `send`: the sign may run in another
        /// directory.
        case file
        /// One of these words (not enforced by `send`: the sign says what
        /// it takes, e.g. `#RRGGBB` beside the colour names).
        case choice([String])
        /// `true`, for a flag.
        case boolean
        /// Any JSON value (an inline deck).
        case json
    }

    /// The request's field, which is also the option's name: `caption`.
    let field: String
    let form: Form
    let value: Value
    /// The value's name in help text: `TEXT`, `N`, `FILE`.
    let placeholder: String
    /// One line of help, for completions that describe options.
    let summary: String
    /// Part of a message's own look (`[LOOK]` in `send --help`).
    let isLook: Bool

    init(_ field: String, _ form: Form, _ value: Value, placeholder: String = "", summary: String, isLook: Bool = false) {
        self.field = field
        self.form = form
        self.value = value
        self.placeholder = placeholder
        self.summary = summary
        self.isLook = isLook
    }

    /// The option `send` spells this argument with, for completions; nil
    /// for a word or a request-only field.
    var option: OptionSpec? {
        switch form {
        case .flag: OptionSpec(field, summary: summary)
        case .option, .local: OptionSpec(field, placeholder: placeholder, value: optionValue, summary: summary)
        case .message, .word, .requestOnly: nil
        }
    }

    /// What a shell completes after the option.
    private var optionValue: OptionSpec.Value {
        switch value {
        case .number, .position, .percent: .number
        case .file: .file
        case .choice(let words): .choice(words)
        case .text, .boolean, .json: .text
        }
    }
}
