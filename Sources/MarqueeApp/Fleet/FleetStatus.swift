import MarqueeCore

/// The retained JSON on `PREFIX/sign/NAME/status` (docs/fleet.md): the
/// sign's name, whether it is online, and the fields of the control
/// socket's `status` reply that say what it does. The Last Will is the
/// offline form, which the broker publishes for a sign that vanished.
enum FleetStatus {
    static func online(name: String, status: StatusSnapshot) -> String {
        var json = JSONObjectWriter()
        json.add("name", name)
        json.add("online", true)
        ControlStatus.add(status, to: &json)
        return json.finish()
    }

    static func offline(name: String) -> String {
        var json = JSONObjectWriter()
        json.add("name", name)
        json.add("online", false)
        return json.finish()
    }
}
