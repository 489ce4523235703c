import AlmanacCore
import AlmanacModel

/// Where a page's prose landed in one of its rendered listing files, so that a rebuild whose
/// only change is the prose replaces that stretch of the previous file instead of loading the
/// data and rendering every row again (a 100,000-row table's Markdown twin is megabytes).
///
/// The stretch is found by rendering with a marker in place of the prose. The marker holds
/// `<` and `>`, so whether the template wrote `{{{prose}}}` (raw) or `{{prose}}` (escaped)
/// shows in the output, and the new prose goes in exactly as the template would have put it.
public struct ProseSplice: Sendable, Codable, Equatable {
    public let start: Int
    public let length: Int
    public let isEscaped: Bool

    public init(start: Int, length: Int, isEscaped: Bool) {
        self.start = start
        self.length = length
        self.isEscaped = isEscaped
    }

    static let marker = "\u{2063}almanac<prose>\u{2063}"

    /// The prose text a format shows: HTML for the HTML view, trimmed Markdown for documents.
    static func text(_ prose: ProseText, format: OutputFormat) -> String {
        format.rendering == .htmlTemplates ? prose.html : PageContext.trimmedProse(prose.markdown)
    }

    /// Renders the page through `body` with the marker as its prose, then puts the real prose
    /// in the marker's place. Without a splice when the page has no prose or the template
    /// shows it other than once; `body` then renders the page as it is.
    static func render(
        _ view: PageView, format: OutputFormat, _ body: (PageView) throws(Diagnostic) -> [UInt8]
    ) throws(Diagnostic) -> (bytes: [UInt8], splice: ProseSplice?) {
        let prose = text(view.prose, format: format)
        guard !format.isData, !prose.isEmpty, !view.prose.html.isEmpty else { return (try body(view), nil) }
        var marked = try body(view.replacingProse(ProseText(html: marker, markdown: marker)))
        for isEscaped in [false, true] {
            let shown = Array((isEscaped ? format.contentType.escape(marker) : marker).utf8)
            let places = occurrences(of: shown, in: marked)
            guard places.count == 1, let start = places.first else { continue }
            let inserted = Array((isEscaped ? format.contentType.escape(prose) : prose).utf8)
            // In place: a 100,000-row Markdown twin is tens of megabytes.
            marked.replaceSubrange(start..<(start + shown.count), with: inserted)
            return (marked, ProseSplice(start: start, length: inserted.count, isEscaped: isEscaped))
        }
        return (try body(view), nil)
    }

    /// The previous file with `prose` in place of the old, and where it now sits; nil when the
    /// file is not the one this splice was measured in.
    public func apply(_ prose: ProseText, format: OutputFormat, to previous: [UInt8]) -> (bytes: [UInt8], splice: ProseSplice)? {
        let end = start + length
        guard end <= previous.count else { return nil }
        let text = Self.text(prose, format: format)
        let inserted = Array((isEscaped ? format.contentType.escape(text) : text).utf8)
        let bytes = Array(previous[..<start]) + inserted + Array(previous[end...])
        return (bytes, ProseSplice(start: start, length: inserted.count, isEscaped: isEscaped))
    }

    static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = pattern.first, pattern.count <= bytes.count else { return [] }
        var found: [Int] = []
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                found.append(index)
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }
}
