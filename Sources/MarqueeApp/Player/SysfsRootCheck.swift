import Glibc

/// Checks `--sysfs-root` before the sign starts. A probe reading a tree
/// that is not there finds no sensor and no supply, which looks exactly
/// like a machine without any: power awareness would be off without a
/// word. A mistyped path is said at once instead.
enum SysfsRootCheck {
    /// Top-level folders of every sysfs (a container may lack `class/`,
    /// never all of them).
    static let markers = ["class", "devices", "bus", "kernel", "firmware"]

    static func validate(_ root: String) throws(Platform.Failure) {
        var info = stat()
        guard stat(root, &info) == 0 else {
            throw Platform.Failure(message: "\(root): cannot read sysfs: \(String(cString: strerror(errno)))", status: 1)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw Platform.Failure(message: "\(root): cannot read sysfs: \(String(cString: strerror(ENOTDIR)))", status: 1)
        }
        let holdsSysfs = markers.contains { name in
            var entry = stat()
            return stat(root + "/" + name, &entry) == 0 && entry.st_mode & S_IFMT == S_IFDIR
        }
        guard holdsSysfs else {
            throw Platform.Failure(
                message: "\(root): not a sysfs tree (no \(markers.joined(separator: ", ")) folder in it)", status: 1)
        }
    }
}
