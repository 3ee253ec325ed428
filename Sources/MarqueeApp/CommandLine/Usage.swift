/// The `--help` text.
enum Usage {
    static let text = """
    Usage: ledmarquee [OPTIONS] [MESSAGE ...]
           ledmarquee [OPTIONS] -f FILE
           ledmarquee                      (plays the built-in demo deck)

    Turns the terminal into a scrolling LED sign.

    Options:
      -f, --file FILE         cue file: .json deck, else one message per line; - reads stdin
      -s, --seconds N         seconds per message, 2 to 20 (default 5)
          --once              play the messages once, then stop on the last
          --shuffle           random order, never the same message twice in a row
          --speed N           LED columns per second, negative scrolls left-to-right (default 24)
          --static            do not scroll: show the message whole, wrapped and centred
          --scale N           LED size: font pixels drawn N LEDs wide and tall, or auto (default)
      -c, --color C           red amber green blue white cyan magenta rainbow or #RRGGBB
          --style S           dots, blocks, half or braille (default dots)
          --font FILE         a BDF font or GNU Unifont .hex file
          --sysfs-root DIR    where the power probe reads sysfs (default /sys)
          --thermal STATE     auto, or force nominal, fair, serious, critical
          --low-power MODE    auto, on or off
          --reduce-motion     no motion: show messages without scrolling
          --probe-interval N  seconds between power readings (default 2)
          --idle-timeout N    seconds before the controls line hides (default 3)
          --events FILE       append a JSON Lines log of what happens
          --snapshot          print one frame as text and exit (no terminal needed);
                              with --cols N, --rows N, --at SECONDS (default: a moment
                              that shows the message)
      -h, --help              show this help
      -V, --version           show the version

    Keys: space pause, n/→ next, p/← previous, +/- speed, r reverse, ? help,
          t thermal, b low power, m reduce motion, q/Esc/Ctrl-C/Ctrl-\\ quit.

    """
}
