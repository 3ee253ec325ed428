import EventLoop
import Glibc
import MarqueeApp

/// The executable: everything lives in MarqueeApp so it can be tested.
///
/// `main` is synchronous: an async main would hand the main thread to
/// libdispatch. Instead the program runs on `EventLoop.main`, which serves
/// the main actor and every timer from one thread (see EventLoop).
@main
struct App {
    static func main() {
        // Before the loop opens its descriptors (StandardDescriptors says why).
        let standard = StandardDescriptors.claim()
        let loop = EventLoop.main
        let arguments = Array(CommandLine.arguments.dropFirst())
        loopTask(on: loop) {
            let status = await Program.main(arguments: arguments, standard: standard)
            loop.stop(status: status)
        }
        exit(loop.run())
    }
}
