/// What a template produces, which decides how `{{value}}` is escaped. The output format owns
/// escaping, never the template author: `{{{raw}}}` is the explicit, greppable opt-out.
public struct ContentType: Sendable {
    public let name: String
    public let escape: @Sendable (String) -> String

    public init(name: String, escape: @escaping @Sendable (String) -> String) {
        self.name = name
        self.escape = escape
    }

    /// HTML text and attribute values: `& < > " '` become entities.
    public static let html = ContentType(name: "html", escape: HTMLEscape.text)

    /// Plain text, printed as is.
    public static let text = ContentType(name: "text", escape: { $0 })
}

/// HTML escaping, safe in text and in quoted attribute values.
public enum HTMLEscape {
    public static func text(_ string: String) -> String {
        var string = string
        return string.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: needsEscape) else { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 16)
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<first]))
            for byte in bytes[first...] {
                switch byte {
                case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
                case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
                default: result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? string
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
