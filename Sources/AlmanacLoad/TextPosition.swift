import AlmanacCore

/// Turns a byte offset into a line and column, counted the way editors count: lines by `\n`,
/// columns by characters (UTF-8 lead bytes), both from 1. Computed only when an error is
/// reported, so the readers never pay for tracking positions on the happy path.
enum TextPosition {
    static func location(of offset: Int, in bytes: [UInt8], path: String, lineOffset: Int = 0) -> SourceLocation {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return SourceLocation(path: path, line: line + lineOffset, column: column)
    }
}

/// Input checks every text reader shares: a UTF-8 byte-order mark is skipped, and invalid UTF-8
/// is an error at the first bad byte rather than text silently turned into U+FFFD.
enum TextInput {
    /// The offset where the text starts, after an optional BOM.
    static func contentStart(_ bytes: [UInt8]) -> Int {
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

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
            default: return index
            }
            guard index + length <= count else { return index }
            for next in 1..<length {
                let continuation = bytes[index + next]
                guard continuation & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
            index += length
        }
        return nil
    }
}
