import AlmanacCore
import AlmanacLoad

/// JSON text as a person's data file has it: strings escaped only where JSON requires, and
/// new records laid out like the file's others (one line or indented, `": "` or `":"`).
enum JSONText {
    static func quote(_ text: String) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += Array("\\\"".utf8)
            case "\\": output += Array("\\\\".utf8)
            case "\n": output += Array("\\n".utf8)
            case "\r": output += Array("\\r".utf8)
            case "\t": output += Array("\\t".utf8)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                } else {
                    output += Array(String(scalar).utf8)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
        return output
    }

    /// A key as written (already valid JSON) to its text.
    static func unquote(_ quoted: [UInt8]) -> String {
        guard case .string(let text)? = try? JSONReader().read(quoted, path: "") else { return String(decoding: quoted, as: UTF8.self) }
        return text
    }

    /// A value typed from the command line as JSON: dates are strings in JSON.
    static func value(_ value: Value) -> [UInt8] {
        switch value {
        case .string(let text): return quote(text)
        case .date(let date): return quote(date.text)
        case .number(let number): return Array(number.text.utf8)
        case .bool(let flag): return Array((flag ? "true" : "false").utf8)
        case .null: return Array("null".utf8)
        case .list(let items): return [UInt8(ascii: "[")] + items.map { Self.value($0) }.joined(separator: Array(", ".utf8)) + [UInt8(ascii: "]")]
        case .object(let members):
            return record(members.fields, style: Style(isMultiline: false, indent: [], unit: [], colon: Array(": ".utf8), comma: Array(", ".utf8)))
        }
    }

    /// How the file writes a record.
    struct Style {
        var isMultiline: Bool
        /// The record's own line's leading space.
        var indent: [UInt8]
        /// One more level inside it.
        var unit: [UInt8]
        var colon: [UInt8]
        /// Between members on one line.
        var comma: [UInt8]

        static let pretty = Style(isMultiline: true, indent: Array("  ".utf8), unit: Array("  ".utf8), colon: Array(": ".utf8), comma: Array(", ".utf8))

        /// The style of the value at `range`, read from its own bytes.
        static func of(_ range: Range<Int>, in bytes: [UInt8]) -> Style {
            var lineStart = range.lowerBound
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            // The leading space of the line it starts on (a keyed value starts after its key).
            let indent = Array(bytes[lineStart..<range.lowerBound].prefix { $0 == 0x20 || $0 == 0x09 })
            let text = Array(bytes[range])
            var style = Style(isMultiline: text.contains(0x0A), indent: indent, unit: Array("  ".utf8), colon: Array(": ".utf8), comma: Array(", ".utf8))
            if let newline = text.firstIndex(of: 0x0A) {
                let inner = Array(text[(newline + 1)...].prefix { $0 == 0x20 || $0 == 0x09 })
                if inner.count > indent.count && inner.starts(with: indent) { style.unit = Array(inner[indent.count...]) }
            }
            let outside = structural(text)
            if let colon = outside.first(where: { text[$0] == UInt8(ascii: ":") }) {
                style.colon = colon + 1 < text.count && text[colon + 1] == 0x20 ? Array(": ".utf8) : Array(":".utf8)
            }
            if let comma = outside.first(where: { text[$0] == UInt8(ascii: ",") }) {
                style.comma = comma + 1 < text.count && text[comma + 1] == 0x20 ? Array(", ".utf8) : Array(",".utf8)
            }
            return style
        }

        /// Offsets of `:` and `,` outside strings.
        private static func structural(_ text: [UInt8]) -> [Int] {
            var found: [Int] = []
            var inString = false
            var index = 0
            while index < text.count {
                let byte = text[index]
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ",") {
                    found.append(index)
                }
                index += 1
            }
            return found
        }
    }

    static func record(_ fields: [Object.Field], style: Style) -> [UInt8] {
        let members = fields.map { quote($0.name) + style.colon + value($0.value) }
        guard style.isMultiline, !members.isEmpty else {
            return [UInt8(ascii: "{")] + members.joined(separator: style.comma) + [UInt8(ascii: "}")]
        }
        let inner = style.indent + style.unit
        var output: [UInt8] = [UInt8(ascii: "{"), 0x0A]
        output += members.map { inner + $0 }.joined(separator: [UInt8(ascii: ","), 0x0A])
        output += [0x0A] + style.indent + [UInt8(ascii: "}")]
        return output
    }
}
