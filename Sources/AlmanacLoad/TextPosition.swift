import AlmanacCore

/// Turns a byte offset into a line and column, counted the way editors count: lines by `\n`,
/// columns by characters (UTF-8 lead bytes), both from 1. For one offset, counted from the
/// start, as an error needs; a reader that locates every record uses a `TextCursor`.
enum TextPosition {
    static func location(of offset: Int, in bytes: [UInt8], path: String, lineOffset: Int = 0) -> SourceLocation {
        var cursor = TextCursor(bytes: bytes, path: path)
        let location = cursor.location(of: offset)
        return SourceLocation(path: path, line: location.line + lineOffset, column: location.column)
    }
}

/// Line and column of offsets that mostly move forward, as a reader that gives every record its
/// location asks for them: each call counts on from the previous one, so locating every record
/// of a file costs one pass over it rather than one pass per record. An offset behind the last
/// one (only an error can ask for that) is counted again from the start.
struct TextCursor {
    let bytes: [UInt8]
    let path: String
    private var offset = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func location(of target: Int) -> SourceLocation {
        let end = min(target, bytes.count)
        if end < offset {
            offset = 0
            line = 1
            column = 1
        }
        bytes.withUnsafeBufferPointer { buffer in
            var index = offset
            while index < end {
                let byte = buffer[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                    column += 1
                }
                index += 1
            }
        }
        offset = end
        return SourceLocation(path: path, line: line, column: column)
    }
}

/// Input checks every text reader shares: a UTF-8 byte-order mark is skipped, and invalid UTF-8
/// is an error at the first bad byte rather than text silently turned into U+FFFD.
public enum TextInput {
    /// The offset where the text starts, after an optional BOM.
    public static func contentStart(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    static func validateUTF8(_ bytes: [UInt8], path: String) throws(Diagnostic) {
        if let offset = firstInvalidUTF8(bytes) {
            throw .error(
                at: TextPosition.location(of: offset, in: bytes, path: path),
                "invalid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))",
                hint: "save the file as UTF-8")
        }
    }

    /// The offset of the first byte that is not valid UTF-8. A large file is checked in slices
    /// on every core; slices begin at a byte that starts a character, so no valid character
    /// straddles two of them and the first error found in slice order is the first in the file.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        let sliceCount = bytes.count >> 22 == 0 ? 1 : 16
        var bounds = [0]
        for slice in 1..<sliceCount {
            var start = max(bounds[bounds.count - 1], bytes.count * slice / sliceCount)
            while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
            bounds.append(start)
        }
        bounds.append(bytes.count)
        let slices = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        return Parallel.map(slices) { firstInvalidUTF8(bytes, in: $0) }.lazy.compactMap { $0 }.first
    }

    static func firstInvalidUTF8(_ bytes: [UInt8], in range: Range<Int>) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            let end = range.upperBound
            while index < end {
                // Runs of ASCII, most of a data file, eight bytes at a time.
                while index + 8 <= end,
                      UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                guard index < end else { break }
                let byte = buffer[index]
                if byte < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                let minimum: UInt32
                var scalar: UInt32
                switch byte {
                case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
                case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
                case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
                default: return index
                }
                guard index + length <= end else { return index }
                for next in 1..<length {
                    let continuation = buffer[index + next]
                    guard continuation & 0xC0 == 0x80 else { return index }
                    scalar = scalar << 6 | UInt32(continuation & 0x3F)
                }
                if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
                index += length
            }
            return nil
        }
    }
}
