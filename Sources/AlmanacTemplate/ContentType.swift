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
        guard string.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return string
        }
        var result = ""
        result.reserveCapacity(string.utf8.count + 16)
        for character in string.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
