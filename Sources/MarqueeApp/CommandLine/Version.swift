/// The program's version, shown by `--version` and in the `start` event.
public enum Version {
    public static let current = "0.1.0"
}
