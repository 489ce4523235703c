import AlmanacCore
import CCrypto
import Foundation

/// The stylesheet and script a single-file page (`almanac render --single-file`) carries inside
/// itself, so that it opens by double-click with nothing beside it. It still runs under a
/// strict policy: a `<meta http-equiv="Content-Security-Policy">` allows exactly these inline
/// texts by their SHA-256 hashes, and nothing else (no other script, style, frame or fetch).
public struct SingleFileAssets: Sendable {
    public let style: String
    /// The page script, with the browser contract at its top.
    public let script: String

    /// Fails when a text would end its own element early (`</style`, `</script`, `<!--`): an
    /// overridden asset must not be able to close the element it is inlined into.
    public init(style: String, script: String) throws(Diagnostic) {
        for (name, text, tag) in [("almanac.css", style, "</style"), ("almanac.js", script, "</script")] {
            let lower = text.lowercased()
            if lower.contains(tag) || lower.contains("<!--") || (tag == "</script" && lower.contains("<script")) {
                throw .error(at: SourceLocation(path: "Templates/assets/" + name), "\(name) cannot be inlined: it holds '\(tag)' or '<!--'",
                    hint: "write it as '<\\/' inside a string")
            }
        }
        self.style = style
        self.script = script
    }

    /// The id of the element that holds a single file's search data as JSON.
    public static let searchDataID = "almanac-search-data"

    /// The search data as inline script text: every `<` (only ever inside its JSON strings) as
    /// `\u003c`, so no row can close the element or open a comment in it.
    public static func inlineSearchData(_ script: [UInt8]) -> String {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(script.count + script.count / 64)
        for byte in script {
            if byte == UInt8(ascii: "<") { escaped.append(contentsOf: Array("\\u003c".utf8)) } else { escaped.append(byte) }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The page's policy: only its own inline script and style, pictures inline or from https,
    /// nothing fetched or submitted elsewhere.
    public static func policy(style: String, script: String) -> String {
        "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; img-src data: https:; "
            + "base-uri 'none'; form-action 'self'"
    }

    /// `sha256-…`, as a policy names an inline element's text.
    static func hash(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { raw in EVP_Digest(raw.baseAddress, raw.count, &digest, &length, EVP_sha256(), nil) }
        return "sha256-" + Data(digest.prefix(Int(length))).base64EncodedString()
    }
}
