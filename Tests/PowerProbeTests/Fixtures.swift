@testable import PowerProbe
import TestSupport

/// The probe over the sysfs fixture trees (`Tests/Fixtures/sysfs/<machine>/`).
enum Fixtures {
    static func reader(_ machine: String) -> SysfsReader {
        SysfsReader(root: FixturePaths.machine(machine).path)
    }

    /// The first reading a fresh probe takes of a machine.
    static func reading(_ machine: String) -> PowerReading {
        var probe = PowerProbe(reader: reader(machine))
        return probe.read(at: 0)
    }
}

extension ScratchSysfs {
    /// A reader of this tree, as the probe uses it.
    var reader: SysfsReader { SysfsReader(root: root.path) }
}

extension Fixtures {
    /// The first reading a fresh probe takes of a scratch tree.
    static func reading(_ tree: ScratchSysfs) -> PowerReading {
        var probe = PowerProbe(reader: tree.reader)
        return probe.read(at: 0)
    }
}
