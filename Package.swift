// swift-tools-version:6.0
import PackageDescription

/// One library per layer and a thin executable (docs/architecture.md):
/// MarqueeCore is the pure model (state, reducer, layout, rendering, fonts;
/// no Task, actor or clock), PlayerRuntime runs it in time (the input queue
/// and the condition-ID tasks), PowerProbe reads sysfs, MarqueeTerminal owns
/// the terminal, writing its own output from terminfo (and, through CCrashGuard, the crash handler that gives the
/// terminal back; its keys and signals arrive through EventLoop), EventLoop
/// runs the main thread (one poll for timers, watched descriptors and
/// main-actor work), MarqueeApp wires them together, `ledmarquee` only calls
/// `main`. TestSupport holds what several test targets share.
/// The C libraries come from Debian packages (scripts/install-deps.sh):
/// terminfo (ncurses' libtinfo, its public API only) from `libncurses-dev`, GNU FriBidi from `libfribidi-dev`, sd-bus
/// (power-profiles-daemon on the system bus, docs/power-probe.md) from
/// `libsystemd-dev`, the MQTT client of a fleet (docs/fleet.md) from
/// `libmosquitto-dev`, the XML parser of news feeds (docs/feeds.md) from `libexpat1-dev` (its headers through CLazyLibraries). libmosquitto, libsystemd and expat are not linked: the
/// trampolines of CLazyLibraries load them when a sign first needs them
/// (docs/architecture.md, "Libraries loaded on first use"). LEDFontText
/// reads the built-in font's text format, for the build tool that embeds
/// the font already parsed and for MarqueeCore.
let package = Package(
    name: "ledmarquee",
    products: [
        .executable(name: "ledmarquee", targets: ["ledmarquee"]),
    ],
    targets: [
        .systemLibrary(name: "CTerminfo", path: "Sources/CTerminfo", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CFriBidi", path: "Sources/CFriBidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CSystemd", path: "Sources/CSystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CMosquitto", path: "Sources/CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // FreeType's and HarfBuzz's headers live in folders of their own
        // (pkg-config would also link the libraries, which are loaded on
        // first use instead).
        .target(name: "CLazyLibraries", cSettings: [.unsafeFlags(["-I/usr/include/freetype2", "-I/usr/include/harfbuzz"])]),
        .target(name: "LEDFontText"),
        .executableTarget(name: "embed-resources", dependencies: ["LEDFontText"], path: "Tools/embed-resources"),
        .plugin(
            name: "EmbedResources",
            capability: .buildTool(),
            dependencies: ["embed-resources"]
        ),
        .target(name: "MarqueeCore", dependencies: ["CFriBidi", "LEDFontText"], plugins: ["EmbedResources"]),
        .target(name: "PowerProbe", dependencies: ["MarqueeCore"]),
        .target(name: "CCrashGuard"),
        .target(name: "MarqueeTerminal", dependencies: ["CTerminfo", "CCrashGuard", "MarqueeCore", "EventLoop"]),
        .target(name: "CEventLoop", linkerSettings: [.linkedLibrary("dispatch")]),
        .target(name: "EventLoop", dependencies: ["CEventLoop"]),
        .target(name: "PlayerRuntime", dependencies: ["MarqueeCore"]),
        .target(name: "MarqueeApp", dependencies: ["MarqueeCore", "PlayerRuntime", "PowerProbe", "MarqueeTerminal", "EventLoop",
                                                  "CSystemd", "CMosquitto", "CLazyLibraries"]),
        .executableTarget(name: "ledmarquee", dependencies: ["MarqueeApp", "EventLoop"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Each test target names every module it imports, not only the one it
        // tests: an incremental build then recompiles it when any of them
        // changes (a struct of MarqueeCore that grew a field once left
        // PlayerRuntimeTests reading the old layout).
        .testTarget(name: "MarqueeCoreTests", dependencies: ["MarqueeCore", "TestSupport"]),
        .testTarget(name: "PlayerRuntimeTests", dependencies: ["PlayerRuntime", "MarqueeCore"]),
        .testTarget(name: "PowerProbeTests", dependencies: ["PowerProbe", "MarqueeCore", "TestSupport"]),
        .testTarget(name: "MarqueeTerminalTests", dependencies: ["MarqueeTerminal", "MarqueeCore", "EventLoop"]),
        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop"]),
        .testTarget(name: "MarqueeAppTests", dependencies: ["MarqueeApp", "MarqueeCore", "MarqueeTerminal", "PlayerRuntime",
                                                        "PowerProbe", "EventLoop", "TestSupport"]),
        // The real binary in tmux: declared so `swift test` builds it first.
        .testTarget(name: "EndToEndTests", dependencies: ["ledmarquee", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
