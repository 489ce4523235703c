import AlmanacCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What every reader of an XML results file (JUnit, NUnit, xUnit.net, TRX) shares: the file is
/// checked before libxml2 sees it, parsed by Foundation's `XMLParser` with no document type,
/// no external entity and no entity beyond XML's own five, and any error libxml2 reports,
/// even one it recovered from, fails the read at its line.
enum ResultsXML {
    /// A parser delegate that can stop the parse with a diagnostic of its own, and keeps the
    /// first error libxml2 reported.
    class Collector: NSObject, XMLParserDelegate {
        let path: String
        var problem: Diagnostic?
        var firstError: (error: Error, line: Int, column: Int)?
        /// Whether any element was read: an empty file is its own error.
        var sawRoot = false
        /// The text of the element being read, while `isCollectingText`.
        var text = ""
        /// Whether the element being read is inside a test, whose text is kept.
        var isCollectingText: Bool { false }

        init(path: String) {
            self.path = path
        }

        /// Where the parser is, as a line of the file.
        func location(_ parser: XMLParser) -> SourceLocation {
            SourceLocation(path: path, line: max(parser.lineNumber, 1), column: 1)
        }

        /// For the first element: whether it is one of `roots`; if not, the parse stops with
        /// an error naming what was expected.
        func acceptsRoot(_ name: String, _ roots: [String], format: String, _ parser: XMLParser) -> Bool {
            if sawRoot { return true }
            sawRoot = true
            guard roots.contains(name) else {
                fail(.error(at: location(parser), "the root element <\(name)> is not \(format)"), parser)
                return false
            }
            return true
        }

        // The element callbacks each reader overrides: declared here so that the conformance
        // calls a subclass's own (a method only in a subclass would never be called).
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {}

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {}

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if isCollectingText { text += string }
        }

        func parser(_ parser: XMLParser, foundCDATA data: Data) {
            if isCollectingText { text += String(decoding: data, as: UTF8.self) }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            if firstError == nil { firstError = (parseError, parser.lineNumber, parser.columnNumber) }
        }

        func fail(_ diagnostic: Diagnostic, _ parser: XMLParser) {
            problem = diagnostic
            parser.abortParsing()
        }
    }

    /// Parses `bytes` into `collector`; `format` names the file's kind in errors.
    static func parse(_ bytes: [UInt8], path: String, format: String, collector: Collector) throws(Diagnostic) {
        try TextInput.validateUTF8(bytes, path: path)
        if let doctype = firstDoctype(bytes) {
            throw .error(
                at: TextPosition.location(of: doctype, in: bytes, path: path), "\(format) does not use a document type (<!DOCTYPE>)",
                hint: "a results file has no DTD; entities beyond &lt; &gt; &amp; &quot; &apos; are not read")
        }
        if let instruction = firstProcessingInstruction(bytes) {
            throw .error(
                at: TextPosition.location(of: instruction, in: bytes, path: path),
                "\(format) does not use processing instructions (<?…?>) other than the XML declaration",
                hint: "remove it; a results file needs only <?xml version=\"1.0\"?> at its very start, if anything")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        let parsed = parser.parse()
        if let problem = collector.problem { throw problem }
        // libxml2 recovers from some errors and still reports success: any error fails.
        if let error = collector.firstError ?? (parsed ? nil : (parser.parserError.map { ($0, parser.lineNumber, parser.columnNumber) })) {
            throw .error(
                at: SourceLocation(path: path, line: max(error.line, 1), column: max(error.column, 1)),
                "invalid XML: \(describe(error.error))", hint: "check that every tag is closed and every & is written &amp;")
        }
    }

    /// The name of the document's first element, read without parsing: which reader a
    /// results file needs. Nil when there is none to be found near the start.
    static func rootElement(_ bytes: [UInt8]) -> String? {
        var index = 0
        let end = min(bytes.count, 1 << 20)
        while index + 1 < end {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                index += 2
                continue
            }
            let name = bytes[(index + 1)..<end].prefix { byte in
                !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/"))
            }
            return String(decoding: name, as: UTF8.self)
        }
        return nil
    }

    /// The offset of a `<!DOCTYPE`, outside comments and CDATA is close enough: a results file
    /// that mentions one in a comment is not worth reading either.
    static func firstDoctype(_ bytes: [UInt8]) -> Int? {
        let pattern = Array("<!DOCTYPE".utf8)
        guard bytes.count >= pattern.count else { return nil }
        for index in 0...(bytes.count - pattern.count) where bytes[index] == 0x3C && bytes[index + 1] == 0x21 {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        }
        return nil
    }

    /// The offset of a processing instruction other than the XML declaration at the start.
    /// Foundation's parser reads a bare one (`<?x?>`) through a null pointer and crashes the
    /// process, and a results file has no use for any: they are refused before it sees them.
    static func firstProcessingInstruction(_ bytes: [UInt8]) -> Int? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "?") {
                if index != start || !isDeclaration(bytes[(index + 2)...]) { return index }
            }
            index += 1
        }
        return nil
    }

    /// `xml` followed by white space: the declaration's target (`<?xml-stylesheet` is not it).
    private static func isDeclaration(_ rest: ArraySlice<UInt8>) -> Bool {
        guard rest.starts(with: Array("xml".utf8)), rest.count > 3 else { return false }
        return [0x20, 0x09, 0x0A, 0x0D].contains(rest[rest.startIndex + 3])
    }

    /// libxml2's errors in words: Foundation on Linux passes on only libxml2's own error number
    /// (`xmlParserErrors`), with no message.
    static func describe(_ error: Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 76: return "an end tag does not match the element it closes"
        case 5: return "the file ends before every element is closed, or goes on after the root element"
        case 4: return "the file holds no XML"
        case 73: return "a tag is not closed with >"
        case 72, 74: return "a tag is not opened with <"
        case 22, 23, 26, 27, 68: return "an entity other than &lt; &gt; &amp; &quot; &apos;, or a & not written &amp;"
        case 38, 39, 40, 41, 42: return "an attribute is not written name=\"value\", once"
        case 9: return "a character XML does not allow"
        default: return "malformed XML (libxml2 error \(code))"
        }
    }
}
