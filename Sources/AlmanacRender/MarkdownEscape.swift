import AlmanacTemplate

/// Escaping for data placed in GitHub-flavoured Markdown, so that it shows literally: a name
/// like `*NSYNC` stays a star, `<b>` stays text, `|` does not split a table cell, and a leading
/// `#` or `1.` does not start a heading or a list. Line breaks become spaces, because a row is
/// one line of a list or a table.
public enum MarkdownEscape {
    public static func text(_ string: String) -> String {
        // Most data needs nothing: no special character anywhere, no digit or marker first.
        let isPlain = string.utf8.allSatisfy { byte in
            switch byte {
            case 0x0A, 0x0D, 0x5C, 0x60, 0x2A, 0x5F, 0x5B, 0x5D, 0x3C, 0x3E, 0x7C, 0x7E, 0x26, 0x21, 0x24: return false
            default: return true
            }
        }
        if isPlain, let first = string.utf8.first, !(0x30...0x39).contains(first), ![0x23, 0x2B, 0x2D, 0x3D].contains(first) {
            return string
        }
        if isPlain, let escaped = plainASCIIStartingWithDigits(string) { return escaped }
        var result = ""
        result.reserveCapacity(string.utf8.count + 8)
        let scalars = Array(string.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\n", "\r":
                if !result.hasSuffix(" ") { result += " " }
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "!", "$":
                result += "\\"
                result.unicodeScalars.append(scalar)
            case "#", "+", "-", "=":
                // Only at the start, and only where it could begin a heading, list or rule.
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if index == 0 && (next == " " || next == "\t" || next == scalar) { result += "\\" }
                result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        // A leading number followed by `.` or `)` would start an ordered list.
        if let dot = result.firstIndex(where: { $0 == "." || $0 == ")" }), dot > result.startIndex,
           result[..<dot].allSatisfy(\.isASCIIDigit),
           result.index(after: dot) == result.endIndex || result[result.index(after: dot)] == " " {
            result.insert("\\", at: dot)
        }
        return result
    }

    /// A plain ASCII text that begins with digits, such as a date or an amount: only a list
    /// marker (`1.` or `1)` then a space or the end) needs a backslash. Nil for any other text.
    /// Dates and numbers fill whole columns, and the general path cost thousands of
    /// instructions each.
    private static func plainASCIIStartingWithDigits(_ string: String) -> String? {
        let bytes = string.utf8
        guard let first = bytes.first, (0x30...0x39).contains(first), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let digits = bytes.prefix { (0x30...0x39).contains($0) }.count
        let rest = bytes.dropFirst(digits)
        guard let marker = rest.first, marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")"),
              rest.count == 1 || rest.dropFirst().first == UInt8(ascii: " ")
        else { return string }
        let index = string.utf8.index(string.utf8.startIndex, offsetBy: digits)
        return String(string[..<index]) + "\\" + String(string[index...])
    }

    /// The content type of Markdown templates: `{{value}}` is escaped with `text(_:)`.
    public static let contentType = ContentType(name: "markdown", escape: MarkdownEscape.text)

    /// A link destination for an anchor or file name: characters that would end or break the
    /// destination are percent-encoded.
    public static func destination(_ string: String) -> String {
        var result = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case " ", "(", ")", "<", ">", "\\", "[", "]", "`", "\"", "'", "|":
                for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true) }
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "%" + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
