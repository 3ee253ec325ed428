// swift-tools-version:6.0
import PackageDescription

/// One library per layer and a thin executable (see ENGINEERING.md):
/// MarqueeCore is the pure model, PowerProbe reads sysfs, MarqueeTerminal owns
/// ncurses, MarqueeApp wires them together, `ledmarquee` only calls `main`.
let package = Package(
    name: "ledmarquee",
    products: [
        .executable(name: "ledmarquee", targets: ["ledmarquee"]),
    ],
    targets: [
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        .executableTarget(name: "embed-resources", path: "Tools/embed-resources"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["embed-resources"]
        ),
        .target(name: "MarqueeCore", plugins: ["EmbedResources"]),
        .target(name: "PowerProbe", dependencies: ["MarqueeCore"]),
        .target(name: "MarqueeTerminal", dependencies: ["CNcursesw", "MarqueeCore"]),
        .target(name: "MarqueeApp", dependencies: ["MarqueeCore", "PowerProbe", "MarqueeTerminal"]),
        .executableTarget(name: "ledmarquee", dependencies: ["MarqueeApp"]),
        .testTarget(name: "MarqueeCoreTests", dependencies: ["MarqueeCore"]),
        .testTarget(name: "PowerProbeTests", dependencies: ["PowerProbe"]),
        .testTarget(name: "MarqueeTerminalTests", dependencies: ["MarqueeTerminal"]),
        .testTarget(name: "MarqueeAppTests", dependencies: ["MarqueeApp"]),
        .testTarget(name: "EndToEndTests", path: "Tests/e2e"),
    ],
    swiftLanguageModes: [.v6]
)
