/// The resources compiled into the binary from `Resources/`.
public enum BuiltInResources {
    /// The demo deck played when no message and no file is given (JSON).
    public static var demoDeck: String { EmbeddedResources.demoDeck }
}
