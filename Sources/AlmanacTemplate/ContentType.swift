/// What a template produces, which decides how `{{value}}` is escaped. The output format owns
/// escaping, never the template author: `{{{raw}}}` is the explicit, greppable opt-out.
public struct ContentType: Sendable {
    public let name: String
    public let escape: @Sendable (String) -> String
    /// Appends a value, escaped, to rendered bytes: the renderer's hot path.
    let appendEscaped: @Sendable (String, inout [UInt8]) -> Void

    public init(name: String, escape: @escaping @Sendable (String) -> String) {
        self.init(name: name, escape: escape) { text, output in output.append(contentsOf: escape(text).utf8) }
    }

    init(name: String, escape: @escaping @Sendable (String) -> String, appendEscaped: @escaping @Sendable (String, inout [UInt8]) -> Void) {
        self.name = name
        self.escape = escape
        self.appendEscaped = appendEscaped
    }

    /// HTML text and attribute values: `& < > " '` become entities.
    public static let html = ContentType(name: "html", escape: HTMLEscape.text, appendEscaped: HTMLEscape.append)

    /// Plain text, printed as is.
    public static let text = ContentType(name: "text", escape: { $0 }) { text, output in output.append(contentsOf: text.utf8) }
}

/// HTML escaping, safe in text and in quoted attribute values.
public enum HTMLEscape {
    public static func text(_ string: String) -> String {
        guard string.utf8.contains(where: needsEscape) else { return string }
        var result: [UInt8] = []
        append(string, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends `string` escaped: runs of plain bytes are copied whole.
    public static func append(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() where needsEscape(byte) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
                default: output.append(contentsOf: "&#39;".utf8)
                }
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
