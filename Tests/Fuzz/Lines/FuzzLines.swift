@testable import MarqueeApp
import MarqueeCore

/// A live stream of lines (`-f -`, `--follow`) through `LineAssembler`,
/// `CueStream` and `LiveCueList`, fed in reads of fuzzed sizes.
///
/// Input: a 2-byte header, then the stream.
///   0 read size (1...256)   1 the assembler's bound (1...64, so cuts happen
///   within max_len; the stream itself uses the real 64 KiB bound)
/// Invariants: the held partial line never exceeds bound + 1; the lines do
/// not depend on how the stream was split into reads and equal a reference
/// split (each line cut by `CueFileParser.cut`, numbered from 1, `wasCut`
/// exactly when longer than the bound); the stream's cues are those the text
/// cue file's rule keeps, clean and non-blank; notes are clean and bounded;
/// the live list keeps its bounds and ends with the newest cue; with
/// `--format auto`, the same reading however the stream is cut, one choice
/// at most, and the prefix scanner agreeing with the JSON decoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard bytes.count >= 2 else { return 0 }
    let readSize = Int(bytes[0]) + 1
    let limit = Int(bytes[1] % 64) + 1
    let stream = Array(bytes[2...])
    checkAssembler(stream, readSize: readSize, limit: limit)
    checkCueStream(stream, readSize: readSize)
    checkAutoStream(stream, readSize: readSize)
    return 0
}

/// `--format auto` (JSONPrefixScanner and CueStream's choice): what it
/// reads does not depend on how the input was cut into reads; it chooses
/// at most once; a value the scanner calls whole is JSON (but for a zero
/// with an exponent, which JSONDecoder refuses), and an input it calls
/// impossible is not.
func checkAutoStream(_ stream: [UInt8], readSize: Int) {
    func read(size: Int) -> (cues: [Cue], choices: [CueStream.Choice], failed: Bool) {
        var cues = CueStream(name: "standard input", seconds: 5, format: .auto)
        var read: [Cue] = []
        var choices: [CueStream.Choice] = []
        do {
            for piece in reads(stream, size: size) {
                let batch = try cues.feed(piece)
                read += batch.cues
                choices += batch.choice.map { [$0] } ?? []
            }
            let end = try cues.finish()
            read += end.cues
            choices += end.choice.map { [$0] } ?? []
        } catch {
            require(!hasTerminalControl(error.message), "an auto stream's error is a clean line", error.message)
            return (read, choices, true)
        }
        return (read, choices, false)
    }
    let split = read(size: readSize)
    let whole = read(size: max(1, stream.count))
    require(split.cues == whole.cues && split.choices == whole.choices && split.failed == whole.failed,
            "auto reads the same however the input is cut", "reads of \(readSize)")
    require(split.choices.count <= 1, "auto chooses once", "\(split.choices)")

    guard let first = stream.firstIndex(where: { !CueInputFormat.isBlank($0) }), stream[first] == UInt8(ascii: "[") else { return }
    var scanner = JSONPrefixScanner()
    var end = stream.endIndex
    for index in stream[first...].indices where scanner.feed(stream[index]) != .partial {
        end = index + 1
        break
    }
    let text = String(decoding: stream, as: UTF8.self)
    guard !text.contains("0e"), !text.contains("0E") else { return }
    switch scanner.verdict {
    case .complete:
        require(JSONValue.parse(Array(stream[first..<end])) != nil, "a value the scanner calls whole is JSON")
    case .invalid:
        require(JSONValue.parse(Array(stream[first...])) == nil, "an input the scanner calls impossible is not JSON")
    case .partial:
        break
    }
}

func reads(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
    stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min(bytes.count, $0 + size)] }
}

func checkAssembler(_ stream: [UInt8], readSize: Int, limit: Int) {
    var assembler = LineAssembler(limit: limit)
    var lines: [LineAssembler.Line] = []
    for piece in reads(stream, size: readSize) {
        lines += assembler.feed(piece)
        require(assembler.heldBytes <= limit + 1, "a partial line is held within the bound", "\(assembler.heldBytes)")
    }
    if let last = assembler.finish() { lines.append(last) }

    var pieces = stream.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    if stream.last == UInt8(ascii: "\n") || stream.isEmpty { pieces.removeLast() }
    require(lines.count == pieces.count, "one line per newline, and the unterminated rest", "\(lines.count) != \(pieces.count)")
    for (index, (line, piece)) in zip(lines, pieces).enumerated() {
        require(line.number == index + 1, "lines are numbered from 1", "\(line.number)")
        require(line.wasCut == (piece.count > limit), "a line is cut exactly when longer than the bound")
        require(line.bytes == CueFileParser.cut(piece, limit: limit), "a line is the cut of the original line")
        require(line.bytes.count <= limit && !line.bytes.contains(UInt8(ascii: "\n")), "a line is within the bound, without newline")
    }
}

func checkCueStream(_ stream: [UInt8], readSize: Int) {
    var cues = CueStream(name: "standard input", seconds: 5, format: .lines)
    var list = LiveCueList(latestOnly: readSize % 2 == 0)
    var batches: [CueStream.Batch] = []
    do {
        for piece in reads(stream, size: readSize) { batches.append(try cues.feed(piece)) }
        batches.append(try cues.finish())
    } catch {
        broken("a stream of lines never fails: \(error.message)")
    }
    var kept: [Cue] = []
    var notes = 0
    for batch in batches {
        _ = list.add(batch.cues)
        kept += batch.cues
        notes += batch.notes.count
        if let newest = batch.cues.last { require(list.cues.last == newest, "the live list ends with the newest cue") }
        require(list.cues.count <= (list.latestOnly ? 1 : LiveCueList.maximumCues), "the live list keeps its bound")
        for note in batch.notes { require(!hasTerminalControl(note), "a stream note holds a control character", note) }
    }
    require(notes <= CueStream.maximumNotes, "notes are bounded", "\(notes)")
    for cue in kept {
        require(!hasTerminalControl(cue.text), "stream cue text holds a control character", cue.text)
        require(!cue.text.isEmpty && !cue.text.allSatisfy({ $0 == " " }), "stream cue text is not blank", cue.text)
        require(cue.text.utf8.count <= CueFileParser.maximumLineBytes, "a stream cue is within the line bound")
    }
    // Without NUL, invalid UTF-8 or a cut, the stream keeps what the file parser keeps.
    if !stream.contains(0), String(validating: stream, as: UTF8.self) != nil,
       let file = try? CueFileParser.parse(stream, name: "standard input", isDeck: false, defaultSeconds: 5) {
        require(file.cues == kept, "a stream keeps the lines a cue file keeps")
    }
}
