import Glibc
import MarqueeApp

/// The executable: everything lives in MarqueeApp so it can be tested.
@main
struct App {
    static func main() async {
        let status = await LedMarquee.main(arguments: Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }
}
