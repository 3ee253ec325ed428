import CLazyLibraries
import MarqueeCore

/// Writes one picture as an 8-bit palette PNG through libpng, loaded now
/// and not before (`lm_load_png`; docs/architecture.md, "Libraries loaded
/// on first use"): to an export's file, or into memory for a running
/// sign's snapshot (``SignPicture``).
enum PNGWriter {
    static func write(_ image: IndexedImage, palette: ExportPalette, to file: ExportFile) throws(Platform.Failure) {
        var message = [CChar](repeating: 0, count: 320)
        try LazyLibrary.require(LazyLibrary.pngError)
        let status = palette.rgb.withUnsafeBufferPointer { rgb in
            image.pixels.withUnsafeBufferPointer { pixels in
                lm_png_write_indexed(file.descriptor, Int32(image.width), Int32(image.height), rgb.baseAddress!,
                                     Int32(ExportPalette.count), pixels.baseAddress!, &message, message.count)
            }
        }
        guard status == 0 else { throw ExportFile.failure(file.path, String(cBuffer: message)) }
    }

    /// The PNG's bytes, at most `limit` of them (more is the failure
    /// "over N bytes"). Any thread may call it: the library is loaded once
    /// for the process.
    static func encode(_ image: IndexedImage, palette: ExportPalette, limit: Int) throws(Platform.Failure) -> [UInt8] {
        var message = [CChar](repeating: 0, count: 320)
        try LazyLibrary.require(LazyLibrary.pngError)
        var out = [UInt8](repeating: 0, count: limit)
        let count = palette.rgb.withUnsafeBufferPointer { rgb in
            image.pixels.withUnsafeBufferPointer { pixels in
                out.withUnsafeMutableBufferPointer { buffer in
                    lm_png_encode_indexed(Int32(image.width), Int32(image.height), rgb.baseAddress!, Int32(ExportPalette.count),
                                          pixels.baseAddress!, buffer.baseAddress!, buffer.count, &message, message.count)
                }
            }
        }
        guard count >= 0 else { throw Platform.Failure(message: String(cBuffer: message), status: 1) }
        out.removeSubrange(count...)
        return out
    }
}
