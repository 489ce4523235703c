import AlmanacCore

/// Writes `Value` as JSON: keys in their given order (records keep their column order), numbers
/// as written, and `<`, `>`, `&`, U+2028 and U+2029 escaped so the text is also safe inside an
/// HTML `<script>` block.
public struct JSONWriter {
    public let isPretty: Bool

    public init(pretty: Bool = true) {
        self.isPretty = pretty
    }

    public func write(_ value: Value) -> String {
        var output = ""
        write(value, into: &output, indent: 0)
        if isPretty { output += "\n" }
        return output
    }

    private func newline(_ output: inout String, _ indent: Int) {
        guard isPretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    private func write(_ value: Value, into output: inout String, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.text
        case .string(let text): Self.quote(text, into: &output)
        case .date(let date): Self.quote(date.text, into: &output)
        case .list(let items):
            if items.isEmpty { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent + 1)
                write(item, into: &output, indent: indent + 1)
            }
            newline(&output, indent)
            output += "]"
        case .object(let object):
            if object.isEmpty { output += "{}"; return }
            output += "{"
            for (index, field) in object.fields.enumerated() {
                if index > 0 { output += "," }
                newline(&output, indent + 1)
                Self.quote(field.name, into: &output)
                output += isPretty ? ": " : ":"
                write(field.value, into: &output, indent: indent + 1)
            }
            newline(&output, indent)
            output += "}"
        }
    }

    public static func quote(_ text: String, into output: inout String) {
        output += "\""
        var text = text
        text.withUTF8 { bytes in
            // Copy runs that need no escape in one append; most text is such a run.
            var runStart = 0
            var index = 0
            func flush() {
                if index > runStart {
                    output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                var escape: String?
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x3C: escape = "\\u003c"
                case 0x3E: escape = "\\u003e"
                case 0x26: escape = "\\u0026"
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                default:
                    if byte < 0x20 {
                        let hex = String(byte, radix: 16)
                        escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                }
                if let escape {
                    flush()
                    output += escape
                    index += escape.hasPrefix("\\u20") ? 3 : 1
                    runStart = index
                } else {
                    index += 1
                }
            }
            flush()
        }
        output += "\""
    }
}
