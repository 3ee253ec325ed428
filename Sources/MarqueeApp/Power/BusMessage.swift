import CSystemd

/// Reading the few D-Bus values power-profiles-daemon sends, through
/// sd-bus's non-variadic calls (`sd_bus_message_read` is variadic, which
/// Swift cannot call). Every read checks the type sd-bus found, so a reply
/// of another shape is nil, never a crash; sd-bus has checked that strings
/// are valid UTF-8 without NUL.
enum BusMessage {
    /// Whether `message` is an error reply (no daemon, no such property, a
    /// timeout).
    static func isError(_ message: OpaquePointer) -> Bool {
        sd_bus_message_is_method_error(message, nil) != 0
    }

    /// The next `s`.
    static func string(_ message: OpaquePointer) -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, type("s"), &value) > 0, let value else { return nil }
        return String(cString: value)
    }

    /// The next `v`, when it holds an `s`; any other variant is skipped.
    static func variantString(_ message: OpaquePointer) -> String? {
        guard sd_bus_message_enter_container(message, type("v"), "s") > 0 else {
            _ = sd_bus_message_skip(message, "v")
            return nil
        }
        let value = string(message)
        _ = sd_bus_message_exit_container(message)
        return value
    }

    /// `PropertiesChanged`'s arguments (`sa{sv}as`) for one property of
    /// type `s`: whether the signal is about `interface`, the property's
    /// new value if it came with the signal, and whether it was only
    /// invalidated (its value must then be asked for).
    static func propertyChange(_ message: OpaquePointer, interface: String, property: String)
        -> (value: String?, invalidated: Bool)? {
        guard string(message) == interface,
              sd_bus_message_enter_container(message, type("a"), "{sv}") > 0 else { return nil }
        var value: String?
        while sd_bus_message_enter_container(message, type("e"), "sv") > 0 {
            if string(message) == property {
                value = variantString(message)
            } else {
                _ = sd_bus_message_skip(message, "v")
            }
            _ = sd_bus_message_exit_container(message)
        }
        _ = sd_bus_message_exit_container(message)
        var invalidated = false
        if sd_bus_message_enter_container(message, type("a"), "s") > 0 {
            while let name = string(message) {
                if name == property { invalidated = true }
            }
            _ = sd_bus_message_exit_container(message)
        }
        return (value, invalidated)
    }

    private static func type(_ code: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: code)) }
}
