import AlmanacCore
import CYAML

/// Parses YAML with libyaml into `Value`, the only home of libyaml in the project.
///
/// Scalars follow YAML 1.2's core schema (so `no` stays the text "no"), plus ISO dates. Mapping
/// keys keep their order. Aliases are expanded with a budget, so a "billion laughs" document is
/// an error instead of a hang.
public struct YAMLReader {
    /// A parsed document and where each top-level key was written, so settings errors can
    /// point at the key.
    public struct Document: Sendable {
        public let value: Value
        public let keyLocations: [String: SourceLocation]
        /// A warning at each key a mapping holds twice: YAML says keys are unique, libyaml
        /// (like PyYAML) takes the last without a word, and the first one's setting would be
        /// silently lost.
        public var duplicateKeys: [Diagnostic] = []
    }

    /// The most nodes aliases may add to a document. A document's own nodes are bounded by its
    /// size; what aliases add is not ("billion laughs": a few lines, 10⁹ nodes), so only that
    /// is limited, and a 100,000-record file without aliases reads whatever its size.
    public static let maximumAliasNodes = 1_000_000
    public static let maximumDepth = 512

    public init() {}

    /// Parses `bytes`; `lineOffset` shifts reported lines, for YAML embedded in a Markdown file.
    public func read(_ bytes: [UInt8], path: String, lineOffset: Int = 0) throws(Diagnostic) -> Document {
        try TextInput.validateUTF8(bytes, path: path)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error(at: SourceLocation(path: path), "cannot start the YAML parser")
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<Document, Diagnostic> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder(path: path, lineOffset: lineOffset)
            do throws(Diagnostic) {
                let value = try builder.parseStream(&parser)
                return .success(Document(value: value, keyLocations: builder.topLevelKeys, duplicateKeys: builder.duplicateKeys))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private struct Builder {
        let path: String
        let lineOffset: Int
        var anchors: [String: (value: Value, nodes: Int)] = [:]
        var nodes = 0
        /// Nodes that aliases added to the document so far.
        var aliased = 0
        var topLevelKeys: [String: SourceLocation] = [:]
        var duplicateKeys: [Diagnostic] = []

        init(path: String, lineOffset: Int) {
            self.path = path
            self.lineOffset = lineOffset
        }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(path: path, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
        }

        func parserError(_ parser: inout yaml_parser_t) -> Diagnostic {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            var message = problem
            if let context = parser.context.map({ String(cString: $0) }) {
                message = "\(problem) (\(context))"
            }
            let mark = parser.problem_mark.line > 0 || parser.problem_mark.column > 0 ? parser.problem_mark : parser.context_mark
            return .error(at: location(mark), "YAML: \(message)", hint: "check the indentation and quote text that contains ': ' or '#'")
        }

        /// One event at a time; events own C memory, freed before returning.
        mutating func next(_ parser: inout yaml_parser_t) throws(Diagnostic) -> Event {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw parserError(&parser) }
            defer { yaml_event_delete(&event) }
            let mark = location(event.start_mark)
            switch event.type {
            case YAML_STREAM_START_EVENT: return .streamStart
            case YAML_STREAM_END_EVENT: return .streamEnd
            case YAML_DOCUMENT_START_EVENT: return .documentStart
            case YAML_DOCUMENT_END_EVENT: return .documentEnd
            case YAML_ALIAS_EVENT:
                return .alias(String(cString: event.data.alias.anchor), mark)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                let anchor = scalar.anchor.map { String(cString: $0) }
                let tag = scalar.tag.map { String(cString: $0) }
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
                return .scalar(text, anchor: anchor, tag: tag, isPlain: isPlain, mark)
            case YAML_SEQUENCE_START_EVENT:
                return .sequenceStart(anchor: event.data.sequence_start.anchor.map { String(cString: $0) }, mark)
            case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
            case YAML_MAPPING_START_EVENT:
                return .mappingStart(anchor: event.data.mapping_start.anchor.map { String(cString: $0) }, mark)
            case YAML_MAPPING_END_EVENT: return .mappingEnd
            default: return .streamEnd
            }
        }

        enum Event {
            case streamStart, streamEnd, documentStart, documentEnd
            case alias(String, SourceLocation)
            case scalar(String, anchor: String?, tag: String?, isPlain: Bool, SourceLocation)
            case sequenceStart(anchor: String?, SourceLocation)
            case sequenceEnd
            case mappingStart(anchor: String?, SourceLocation)
            case mappingEnd
        }

        mutating func parseStream(_ parser: inout yaml_parser_t) throws(Diagnostic) -> Value {
            guard case .streamStart = try next(&parser) else { return .null }
            var event = try next(&parser)
            guard case .documentStart = event else { return .null }  // An empty stream.
            event = try next(&parser)
            let value = try parseNode(event, &parser, depth: 0)
            guard case .documentEnd = try next(&parser) else { return value }
            event = try next(&parser)
            if case .documentStart = event {
                throw .error(at: SourceLocation(path: path, line: 1 + lineOffset), "a data file holds one YAML document, found several")
            }
            return value
        }

        mutating func count(_ mark: SourceLocation) {
            nodes += 1
        }

        mutating func parseNode(_ event: Event, _ parser: inout yaml_parser_t, depth: Int) throws(Diagnostic) -> Value {
            switch event {
            case .alias(let name, let mark):
                guard let anchored = anchors[name] else { throw .error(at: mark, "YAML alias '*\(name)' refers to no anchor") }
                nodes += anchored.nodes
                aliased += anchored.nodes
                if aliased > YAMLReader.maximumAliasNodes {
                    throw .error(
                        at: mark, "YAML aliases expand to more than \(YAMLReader.maximumAliasNodes) nodes",
                        hint: "aliases that refer to each other repeatedly multiply the document")
                }
                return anchored.value
            case .scalar(let text, let anchor, let tag, let isPlain, let mark):
                count(mark)
                let value = YAMLScalar.resolve(text, tag: tag, isPlain: isPlain)
                if let anchor { anchors[anchor] = (value, 1) }
                return value
            case .sequenceStart(let anchor, let mark):
                let before = nodes
                count(mark)
                guard depth < YAMLReader.maximumDepth else { throw .error(at: mark, "YAML nested deeper than \(YAMLReader.maximumDepth) levels") }
                var items: [Value] = []
                while true {
                    let next = try next(&parser)
                    if case .sequenceEnd = next { break }
                    items.append(try parseNode(next, &parser, depth: depth + 1))
                }
                let value = Value.list(items)
                if let anchor { anchors[anchor] = (value, nodes - before) }
                return value
            case .mappingStart(let anchor, let mark):
                let before = nodes
                count(mark)
                guard depth < YAMLReader.maximumDepth else { throw .error(at: mark, "YAML nested deeper than \(YAMLReader.maximumDepth) levels") }
                var object = Object()
                var written: [String: SourceLocation] = [:]
                while true {
                    let keyEvent = try next(&parser)
                    if case .mappingEnd = keyEvent { break }
                    var keyLocation = mark
                    if case .scalar(_, _, _, _, let location) = keyEvent { keyLocation = location }
                    let key = try parseNode(keyEvent, &parser, depth: depth + 1)
                    guard key.isScalar || key.isNull else {
                        throw .error(at: keyLocation, "a YAML mapping key must be plain text")
                    }
                    let value = try parseNode(try next(&parser), &parser, depth: depth + 1)
                    if key.text == "<<", case .object(let merged) = value {
                        for field in merged.fields where object[field.name] == nil { object.set(field.name, field.value) }
                        continue
                    }
                    if depth == 0 { topLevelKeys[key.text] = keyLocation }
                    if let first = written[key.text] {
                        duplicateKeys.append(.warning(
                            at: keyLocation, "'\(key.text)' is given twice; this one replaces the one at line \(first.line)",
                            hint: "keep one '\(key.text)': a YAML mapping's keys are unique"))
                    }
                    written[key.text] = keyLocation
                    object.set(key.text, value)
                }
                let value = Value.object(object)
                if let anchor { anchors[anchor] = (value, nodes - before) }
                return value
            default:
                throw .error(at: SourceLocation(path: path, line: 1 + lineOffset), "unexpected YAML structure")
            }
        }
    }
}

/// YAML 1.2 core-schema resolution of a scalar's type, plus ISO dates as YAML 1.1 had them.
public enum YAMLScalar {
    public static func resolve(_ text: String, tag: String?, isPlain: Bool) -> Value {
        if let tag {
            switch tag {
            case "tag:yaml.org,2002:str": return .string(text)
            case "tag:yaml.org,2002:null": return .null
            default: break
            }
        }
        guard isPlain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || (0x30...0x39).contains(first) {
            if text.utf8.count >= 7, let date = DateValue(iso: text) { return .date(date) }
            if let number = Number(parsing: text) { return .number(number) }
            if text.hasPrefix("+"), let number = Number(parsing: String(text.dropFirst())) {
                return .number(Number(text: text, value: number.value))
            }
        }
        return .string(text)
    }
}

