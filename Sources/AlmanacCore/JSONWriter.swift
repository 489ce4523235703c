/// Writes `Value` as JSON: keys in their given order (records keep their column order), numbers
/// as written, and `<`, `>`, `&`, U+2028 and U+2029 escaped so the text is also safe inside an
/// HTML `<script>` block. It writes bytes, because a page's JSON twin can run to tens of
/// megabytes and growing a String scalar by scalar is slow.
public struct JSONWriter {
    public let isPretty: Bool

    public init(pretty: Bool = true) {
        self.isPretty = pretty
    }

    public func write(_ value: Value) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    public func bytes(_ value: Value) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(value, into: &output, indent: 0)
        if isPretty { output.append(0x0A) }
        return output
    }

    private func newline(_ output: inout [UInt8], _ indent: Int) {
        guard isPretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    /// Appends `value` as it would be written at `indent` levels of nesting, so a writer of
    /// a large document can stream its outer levels and hand the inner values here.
    public func append(_ value: Value, into output: inout [UInt8], indent: Int) {
        write(value, into: &output, indent: indent)
    }

    private func write(_ value: Value, into output: inout [UInt8], indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            // `nan` or `inf` from a property list: the data's own text, as a string.
            if number.isJSON { output.append(contentsOf: number.text.utf8) } else { Self.quote(number.text, into: &output) }
        case .string(let text): Self.quote(text, into: &output)
        case .date(let date): Self.quote(date.text, into: &output)
        case .list(let items):
            if items.isEmpty { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, indent + 1)
                write(item, into: &output, indent: indent + 1)
            }
            newline(&output, indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.isEmpty { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (index, field) in object.fields.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, indent + 1)
                Self.quote(field.name, into: &output)
                output.append(UInt8(ascii: ":"))
                if isPretty { output.append(0x20) }
                write(field.value, into: &output, indent: indent + 1)
            }
            newline(&output, indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    public static func quote(_ text: String, into output: inout String) {
        var bytes: [UInt8] = []
        quote(text, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    public static func quote(_ text: String, into output: inout [UInt8]) {
        output.append(0x22)
        var text = text
        text.withUTF8 { quote($0, into: &output) }
        output.append(0x22)
    }

    /// Copies runs of plain bytes whole and escapes the rest; most text has nothing to escape.
    private static func quote(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2 else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            switch byte {
            case 0x22: output.append(contentsOf: #"\""#.utf8)
            case 0x5C: output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x3C: output.append(contentsOf: #"\u003c"#.utf8)
            case 0x3E: output.append(contentsOf: #"\u003e"#.utf8)
            case 0x26: output.append(contentsOf: #"\u0026"#.utf8)
            case 0xE2:
                // U+2028 and U+2029 end a line in JavaScript before ES2019.
                if index + 1 < bytes.count, bytes[index] == 0x80, bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9 {
                    output.append(contentsOf: (bytes[index + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                    index += 2
                } else {
                    output.append(byte)
                }
            default:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: (#"\u"# + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            }
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
}
