/// `ledmarquee send` as the completion scripts see it, from
/// ``RemoteCommandTable`` and ``SendArguments``: the table's commands, then
/// `send`'s own words (`deck` and `forget` for a fleet, `ls`).
enum SendCompletion {
    static var model: SubcommandCompletion {
        let table = RemoteCommandTable.all.map { spec in
            SubcommandCompletion.Command(name: spec.name, summary: spec.summary, options: spec.options.compactMap(\.option),
                                         takesFile: spec.arguments.contains { $0.form == .word && $0.value == .file })
        }
        let own = [
            SubcommandCompletion.Command(name: SendArguments.deckCommand, summary: "with --mqtt: publish FILE as the fleet's deck",
                                         options: [], takesFile: true),
            SubcommandCompletion.Command(name: SendArguments.forgetCommand, summary: "with --mqtt: remove a gone sign's status",
                                         options: [], takesFile: false),
            SubcommandCompletion.Command(name: SendArguments.listCommand, summary: "list the signs running",
                                         options: [], takesFile: false),
        ]
        return SubcommandCompletion(word: "send", commands: table + own, options: SendArguments.options)
    }
}
