extension Double {
    /// The number as people write it: a whole number without a fraction
    /// (`5`, not `5.0`), else its shortest decimal form. The one spelling
    /// of numbers in messages, help text and JSON.
    public var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
