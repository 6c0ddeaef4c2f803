import AlarmCore
import CQRencode

/// A QR code's modules (true: dark), from libqrencode, drawn for a terminal two rows per line.
public struct QRCode: Sendable, Equatable {
    public var modules: [[Bool]]

    public init(modules: [[Bool]]) {
        self.modules = modules
    }

    private static let library = OptionalLibrary.qrencode.load(alarmplay_qrencode_load)

    /// Encodes `text` (byte mode, error correction level M: still scans from a scratched screen);
    /// nil when it does not fit in a QR code.
    public init?(encoding text: String) throws(LibraryError) {
        let qrencode = try Self.library.get().functions
        guard let code = qrencode.QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { qrencode.QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour; the other bits say what it is part of.
        modules = (0..<width).map { row in (0..<width).map { code.pointee.data[row * width + $0] & 1 == 1 } }
    }

    /// Lines of half blocks with a 2-module quiet zone. Light modules are drawn and dark ones left
    /// blank, as `qrencode -t UTF8` does, for the usual light-on-dark terminal.
    public func terminalLines() -> [String] {
        let quiet = 2
        let size = modules.count + 2 * quiet
        let isLight = { (row: Int, column: Int) -> Bool in
            let (r, c) = (row - quiet, column - quiet)
            guard r >= 0, c >= 0, r < modules.count, c < modules.count else { return true }
            return !modules[r][c]
        }
        return stride(from: 0, to: size, by: 2).map { row in
            String((0..<size).map { column -> Character in
                switch (isLight(row, column), row + 1 < size && isLight(row + 1, column)) {
                case (true, true): return "█"
                case (true, false): return "▀"
                case (false, true): return "▄"
                case (false, false): return " "
                }
            })
        }
    }
}
