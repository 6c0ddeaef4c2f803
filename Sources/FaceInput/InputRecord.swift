/// One `struct input_event` as the kernel writes it to `/dev/input/event*`: a time (two longs,
/// whatever the C library's `time_t`, so 16 bytes on 64-bit and 8 on 32-bit ARM), then type,
/// code and value. Pure: decoded from bytes, so a FIFO in tests gives the same records.
package struct InputRecord: Equatable, Sendable {
    package static let size = 2 * MemoryLayout<UInt>.size + 8

    package enum Kind: Equatable, Sendable {
        /// A key or button (`EV_KEY`): `value` 1 pressed, 0 released, 2 held (auto-repeat).
        case key
        /// A relative axis (`EV_REL`): a knob's or wheel's turn, `value` steps (negative: back).
        case relative
        /// Anything else (`EV_SYN` ends each report; `EV_MSC` scan codes): not acted on.
        case other(UInt16)
    }

    package var kind: Kind
    package var code: UInt16
    package var value: Int32

    package init(kind: Kind, code: UInt16, value: Int32) {
        self.kind = kind
        self.code = code
        self.value = value
    }

    /// The records whole in `bytes` (little-endian, as on every machine this runs on), and how
    /// many bytes they took: a partial record waits for the rest.
    package static func decode(_ bytes: [UInt8]) -> (records: [InputRecord], used: Int) {
        var records: [InputRecord] = []
        var offset = 0
        let time = size - 8
        while offset + size <= bytes.count {
            func word(_ at: Int) -> UInt16 { UInt16(bytes[offset + at]) | UInt16(bytes[offset + at + 1]) << 8 }
            let type = word(time), code = word(time + 2)
            let raw = UInt32(word(time + 4)) | UInt32(word(time + 6)) << 16
            let kind: Kind = type == 1 ? .key : type == 2 ? .relative : .other(type)
            records.append(InputRecord(kind: kind, code: code, value: Int32(bitPattern: raw)))
            offset += size
        }
        return (records, offset)
    }

    /// The bytes of this record, as the kernel would write it (for tests and `evtest`-like tools).
    package var bytes: [UInt8] {
        let type: UInt16
        switch kind {
        case .key: type = 1
        case .relative: type = 2
        case let .other(other): type = other
        }
        let raw = UInt32(bitPattern: value)
        return [UInt8](repeating: 0, count: Self.size - 8)
            + [UInt8(type & 0xFF), UInt8(type >> 8), UInt8(code & 0xFF), UInt8(code >> 8),
               UInt8(raw & 0xFF), UInt8(raw >> 8 & 0xFF), UInt8(raw >> 16 & 0xFF), UInt8(raw >> 24)]
    }
}
