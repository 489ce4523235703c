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
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
