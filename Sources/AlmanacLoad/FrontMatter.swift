import AlmanacCore

/// A content page split into its YAML front matter (between `---` lines) and its Markdown body.
/// The settings leave here as plain values: what they mean is the model's business.
public struct FrontMatter: Sendable {
    public let settings: Object
    public let keyLocations: [String: SourceLocation]
    public let body: String
    /// The line of the file on which the body starts, so prose errors can point into the file.
    public let bodyLine: Int
    /// A warning at each setting given twice (`YAMLReader.Document.duplicateKeys`).
    public var duplicateKeys: [Diagnostic] = []

    public init(settings: Object, keyLocations: [String: SourceLocation], body: String, bodyLine: Int) {
        self.settings = settings
        self.keyLocations = keyLocations
        self.body = body
        self.bodyLine = bodyLine
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(Diagnostic) -> FrontMatter {
        try TextInput.validateUTF8(bytes, path: path)
        let start = TextInput.contentStart(bytes)
        let lines = LineSplitter(bytes: bytes, start: start)
        let all = Array(lines)
        guard let first = all.first, lines.text(first) == "---" else {
            return FrontMatter(settings: Object(), keyLocations: [:], body: String(decoding: bytes[start...], as: UTF8.self), bodyLine: 1)
        }
        guard let closing = all.dropFirst().first(where: { lines.text($0) == "---" || lines.text($0) == "..." }) else {
            throw .error(
                at: SourceLocation(path: path, line: 1, column: 1), "front matter is not closed",
                hint: "end the settings with a line holding only ---")
        }
        let yamlBytes = Array(bytes[first.next..<closing.start])
        let document = try YAMLReader().read(yamlBytes, path: path, lineOffset: 1)
        let settings: Object
        switch document.value {
        case .object(let object): settings = object
        case .null: settings = Object()
        default:
            throw .error(at: SourceLocation(path: path, line: 2), "front matter must be a mapping of settings, found \(document.value.kindName)")
        }
        let body = String(decoding: bytes[closing.next...], as: UTF8.self)
        var matter = FrontMatter(settings: settings, keyLocations: document.keyLocations, body: body, bodyLine: closing.number + 1)
        matter.duplicateKeys = document.duplicateKeys
        return matter
    }
}

/// Lines of a byte buffer with their offsets; `\r\n` counts as one break.
struct LineSplitter: Sequence {
    struct Line {
        let number: Int
        let start: Int
        let end: Int
        let next: Int
    }

    let bytes: [UInt8]
    let start: Int

    func text(_ line: Line) -> String {
        String(decoding: bytes[line.start..<line.end], as: UTF8.self).trimmingSpaces
    }

    func makeIterator() -> AnyIterator<Line> {
        var offset = start
        var number = 0
        return AnyIterator {
            guard offset < bytes.count else { return nil }
            number += 1
            let lineStart = offset
            while offset < bytes.count && bytes[offset] != 0x0A { offset += 1 }
            var end = offset
            if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
            if offset < bytes.count { offset += 1 }
            return Line(number: number, start: lineStart, end: end, next: offset)
        }
    }
}
