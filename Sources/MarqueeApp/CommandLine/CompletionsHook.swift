/// Where `--completions SHELL` gets its script. TODO(completions branch):
/// replaced there by a call to the generator; until then no script.
enum CompletionScripts {
    static func text(for shell: String) -> String? { nil }
}
