import AlmanacCore

/// Parses JSON into `Value`, keeping object keys in file order and reporting errors with line
/// and column. Foundation's parser loses key order (the default label and column order depend
/// on it) and reports no position, hence this reader.
public struct JSONReader {
    /// Deeper nesting than this is an error, so hostile input cannot exhaust the stack.
    public static let maximumDepth = 512

    public init() {}

    public func read(_ bytes: [UInt8], path: String) throws(Diagnostic) -> Value {
        try TextInput.validateUTF8(bytes, path: path)
        return try parse(bytes, path: path, parallel: true)
    }

    /// Parses bytes already checked to be UTF-8.
    private func parse(_ bytes: [UInt8], path: String, parallel: Bool) throws(Diagnostic) -> Value {
        if parallel, let elements = parallelArray(bytes, path: path, start: TextInput.contentStart(bytes)) {
            return .list(elements)
        }
        var parser = Parser(bytes: bytes, path: path, index: TextInput.contentStart(bytes))
        parser.skipWhitespace()
        if parser.index >= bytes.count {
            throw .error(at: parser.location(), "empty JSON file", hint: "a data file holds an array of objects, or an object")
        }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.failure("unexpected text after the JSON value", hint: "a JSON file holds one value: put several in [ … ], separated by commas")
        }
        return value
    }

    /// The file as the model reads it: a large file that is one array of records is read
    /// straight into records, never held as one value; any other file is its value.
    public func load(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedData {
        try TextInput.validateUTF8(bytes, path: path)
        if let records = parallelRecords(bytes, path: path, start: TextInput.contentStart(bytes)) {
            return .records(records)
        }
        return .document(try parse(bytes, path: path, parallel: false), SourceLocation(path: path))
    }

    /// Parses one value that starts at `start` and ends at `end`, for NDJSON lines.
    func readLine(_ bytes: [UInt8], path: String, start: Int, end: Int) throws(Diagnostic) -> Value {
        var parser = Parser(bytes: bytes, path: path, index: start, end: end)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < end {
            throw parser.failure("unexpected text after the JSON value on this line", hint: "NDJSON holds one value per line")
        }
        return value
    }

    struct Parser {
        let bytes: [UInt8]
        let path: String
        var index: Int
        var end: Int

        init(bytes: [UInt8], path: String, index: Int, end: Int? = nil) {
            self.bytes = bytes
            self.path = path
            self.index = index
            self.end = end ?? bytes.count
        }

        func location(_ offset: Int? = nil) -> SourceLocation {
            TextPosition.location(of: offset ?? index, in: bytes, path: path)
        }

        /// What to write instead of what was found where a value belongs.
        func valueHint() -> String {
            switch index < end ? bytes[index] : 0 {
            case UInt8(ascii: "]"), UInt8(ascii: "}"): return "JSON allows no comma before a closing bracket: remove the last comma"
            case UInt8(ascii: "'"): return "JSON quotes text with double quotes (\")"
            case UInt8(ascii: "T"), UInt8(ascii: "F"), UInt8(ascii: "N"): return "JSON's words are lower-case: true, false and null"
            default: return "a value is text in double quotes, a number, true, false, null, an object {…} or an array […]"
            }
        }

        func failure(_ message: String, at offset: Int? = nil, hint: String? = nil) -> Diagnostic {
            .error(at: location(offset), message, hint: hint)
        }

        mutating func skipWhitespace() {
            while index < end {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        func describeCurrent() -> String {
            guard index < end else { return "end of file" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func parseValue(depth: Int) throws(Diagnostic) -> Value {
            guard depth < JSONReader.maximumDepth else {
                throw failure("JSON nested deeper than \(JSONReader.maximumDepth) levels")
            }
            guard index < end else { throw failure("unexpected end of file, expected a value", hint: "the file ends early: a value or a closing bracket is missing") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth)
            case UInt8(ascii: "["): return try parseArray(depth: depth)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
            case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
            case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
            case UInt8(ascii: "n"): try expectWord("null"); return .null
            default:
                throw failure("unexpected \(describeCurrent()), expected a value", hint: valueHint())
            }
        }

        mutating func expectWord(_ word: StaticString) throws(Diagnostic) {
            let start = index
            let count = word.utf8CodeUnitCount
            let matches = index + count <= end && word.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[start + $0] == expected[$0] }
            }
            guard matches else { throw failure("unexpected \(describeCurrent()), expected a value", hint: "JSON's words are lower-case: true, false and null") }
            index += count
        }

        /// From this many keys on, an object's keys are indexed to find duplicates.
        static let indexedWidth = 16

        mutating func parseObject(depth: Int) throws(Diagnostic) -> Value {
            let open = index
            index += 1
            var fields: [Object.Field] = []
            var positions: [String: Int] = [:]
            skipWhitespace()
            if index < end && bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(Object())
            }
            while true {
                skipWhitespace()
                guard index < end else {
                    throw failure("unterminated object", at: open, hint: "a '}' is missing")
                }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw failure("unexpected \(describeCurrent()), expected a quoted key", hint: "keys are text in double quotes, and no comma may come before the '}'")
                }
                let key = try parseString()
                skipWhitespace()
                guard index < end, bytes[index] == UInt8(ascii: ":") else {
                    throw failure("unexpected \(describeCurrent()), expected ':' after the key", hint: "write \"key\": value")
                }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                // Records are narrow: a scan finds a duplicate key sooner than hashing would,
                // and only a wide object gets an index of its keys.
                let existing: Int?
                if fields.count < Self.indexedWidth {
                    existing = fields.firstIndex { $0.name == key }
                } else {
                    if positions.isEmpty {
                        for (position, field) in fields.enumerated() { positions[field.name] = position }
                    }
                    existing = positions[key]
                }
                if let existing {
                    // The last duplicate wins, in the first one's place, as JavaScript does.
                    fields[existing].value = value
                } else {
                    if !positions.isEmpty { positions[key] = fields.count }
                    fields.append(Object.Field(name: key, value: value))
                }
                skipWhitespace()
                guard index < end else {
                    throw failure("unterminated object", at: open, hint: "a '}' is missing")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(Object(fields))
                }
                throw failure("unexpected \(describeCurrent()), expected ',' or '}'", hint: "members of an object are separated by commas")
            }
        }

        mutating func parseArray(depth: Int) throws(Diagnostic) -> Value {
            let open = index
            index += 1
            var items: [Value] = []
            skipWhitespace()
            if index < end && bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .list(items)
            }
            while true {
                skipWhitespace()
                guard index < end else {
                    throw failure("unterminated array", at: open, hint: "a ']' is missing")
                }
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < end else {
                    throw failure("unterminated array", at: open, hint: "a ']' is missing")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .list(items)
                }
                throw failure("unexpected \(describeCurrent()), expected ',' or ']'", hint: "items of an array are separated by commas")
            }
        }

        mutating func parseNumber() throws(Diagnostic) -> Value {
            let start = index
            while index < end && isNumberByte(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let number = Number(parsing: text) else {
                throw failure("invalid number '\(text)'", at: start, hint: "JSON writes numbers like 12, -3.5 or 1e6: no leading zeros, no '+'; quote it to keep it as text")
            }
            return .number(number)
        }

        private func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                return true
            default:
                return false
            }
        }

        mutating func parseString() throws(Diagnostic) -> String {
            let open = index
            index += 1
            let start = index
            // Fast path: no escapes, the bytes are the string.
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let string = String(decoding: bytes[start..<index], as: UTF8.self)
                    index += 1
                    return string
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw failure("control character in a string", hint: "write it as an escape such as \\n") }
                index += 1
            }
            var buffer = Array(bytes[start..<index])
            while index < end {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: buffer, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    try appendEscaped(into: &buffer)
                default:
                    if byte < 0x20 { throw failure("control character in a string", hint: "write it as an escape such as \\n") }
                    buffer.append(byte)
                    index += 1
                }
            }
            throw failure("unterminated string", at: open, hint: "a closing '\"' is missing")
        }

        /// The character an escape after a backslash stands for, as UTF-8; a `\u` escape may
        /// be a surrogate pair. At the end of the input, nothing (the string is unterminated).
        mutating func appendEscaped(into buffer: inout [UInt8]) throws(Diagnostic) {
            guard index < end else { return }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800...0xDBFF).contains(scalar), index + 1 < end,
                   bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                    }
                }
                // A lone surrogate cannot be UTF-8; it becomes U+FFFD as browsers do.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                buffer.append(contentsOf: Array(String(Character(character)).utf8))
            default:
                throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: index - 2)
            }
        }

        mutating func parseHex4() throws(Diagnostic) -> UInt32 {
            guard index + 4 <= end else { throw failure("incomplete \\u escape", hint: "write \\u and four hex digits, such as \\u00e9") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x61 + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x41 + 10)
                default: throw failure("invalid hex digit in a \\u escape", hint: "write \\u and four hex digits, such as \\u00e9")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }
}
