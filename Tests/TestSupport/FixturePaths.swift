import Foundation

/// Where the test fixtures live (`Tests/Fixtures/`), found from this file's
/// location so tests run from any working directory.
public enum FixturePaths {
    /// `Tests/Fixtures`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")
    /// The repository's root (README.md, docs/, Resources/).
    public static let repository = root.deletingLastPathComponent().deletingLastPathComponent()
    /// Hand-written and broken fonts (`Tests/Fixtures/fonts`).
    public static let fonts = root.appendingPathComponent("fonts")
    /// Sysfs trees of real machines (`Tests/Fixtures/sysfs`, see its README).
    public static let sysfs = root.appendingPathComponent("sysfs")

    /// A font fixture by file name.
    public static func font(_ name: String) -> URL { fonts.appendingPathComponent(name) }
    /// The sysfs tree of one fixture machine.
    public static func machine(_ name: String) -> URL { sysfs.appendingPathComponent(name) }
}
