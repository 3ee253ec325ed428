import CLazyLibraries
import MarqueeCore

/// Writes one picture as an 8-bit palette PNG through libpng, loaded now
/// and not before (`lm_load_png`; docs/architecture.md, "Libraries loaded
/// on first use").
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
}
