import AlmanacCore
import CYAML

/// Where a YAML document's nodes sit, in bytes, for editing records in place: libyaml's event
/// marks, which `YAMLReader` does not keep. Marks count characters; they are turned into byte
/// offsets here. Only the top three levels are kept (a list of records, a record's fields, or
/// sections of records).
public struct YAMLLayout: Sendable {
    public indirect enum Node: Sendable {
        case sequence(Range<Int>, isFlow: Bool, items: [Node])
        case mapping(Range<Int>, isFlow: Bool, pairs: [Pair])
        case scalar(Range<Int>)

        /// Where the node starts, and where its last scalar ends (a block node's end mark is
        /// where the next token starts, often lines later).
        public var range: Range<Int> {
            switch self {
            case .sequence(let range, _, _), .mapping(let range, _, _), .scalar(let range): return range
            }
        }
    }

    public struct Pair: Sendable {
        public let key: String
        public let keyRange: Range<Int>
        public let value: Node
    }

    public let root: Node?
    /// Every scalar's bytes, at any depth: a `#` inside one is text, not a comment.
    public let scalars: [Range<Int>]

    public init(_ bytes: [UInt8], path: String) throws(Diagnostic) {
        _ = try YAMLReader().read(bytes, path: path)  // errors with the reader's own messages
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw .error(at: SourceLocation(path: path), "cannot start the YAML parser") }
        defer { yaml_parser_delete(&parser) }
        var walker = Walker(offsets: Self.byteOffsets(bytes))
        bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            walker.walk(&parser)
        }
        root = walker.root
        scalars = walker.scalars
    }

    /// The byte offset of each character (code point), and one past the end.
    static func byteOffsets(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(bytes.count + 1)
        for (index, byte) in bytes.enumerated() where byte & 0xC0 != 0x80 { offsets.append(index) }
        offsets.append(bytes.count)
        return offsets
    }

    private struct Walker {
        let offsets: [Int]
        var root: Node?
        var scalars: [Range<Int>] = []

        func byte(_ mark: yaml_mark_t) -> Int {
            let index = Int(mark.index)
            return index < offsets.count ? offsets[index] : offsets[offsets.count - 1]
        }

        mutating func walk(_ parser: inout yaml_parser_t) {
            while let event = next(&parser) {
                switch event.kind {
                case .start(let isSequence, let isFlow):
                    root = node(isSequence: isSequence, isFlow: isFlow, start: event.start, &parser, depth: 0)
                case .scalar(let range, _):
                    root = .scalar(range)
                case .end, .other: continue
                }
            }
        }

        struct Event {
            enum Kind {
                case start(isSequence: Bool, isFlow: Bool)
                case end(Int)
                case scalar(Range<Int>, String)
                case other
            }

            let kind: Kind
            let start: Int
        }

        mutating func next(_ parser: inout yaml_parser_t) -> Event? {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let start = byte(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT: return nil
            case YAML_SEQUENCE_START_EVENT:
                return Event(kind: .start(isSequence: true, isFlow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE), start: start)
            case YAML_MAPPING_START_EVENT:
                return Event(kind: .start(isSequence: false, isFlow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE), start: start)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                return Event(kind: .end(byte(event.end_mark)), start: start)
            case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
                let range = start..<byte(event.end_mark)
                scalars.append(range)
                var text = ""
                if event.type == YAML_SCALAR_EVENT {
                    let scalar = event.data.scalar
                    text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
                }
                return Event(kind: .scalar(range, text), start: start)
            default:
                return Event(kind: .other, start: start)
            }
        }

        /// A collection from its start event to its end; deeper than two levels only its
        /// scalars are kept (for comment detection).
        mutating func node(isSequence: Bool, isFlow: Bool, start: Int, _ parser: inout yaml_parser_t, depth: Int) -> Node {
            var items: [Node] = []
            var pairs: [Pair] = []
            var pendingKey: (String, Range<Int>)?
            var end = start
            var flowEnd = start
            while let event = next(&parser) {
                var child: Node
                switch event.kind {
                case .end(let close):
                    flowEnd = close
                    let range = start..<(isFlow ? flowEnd : max(end, start))
                    return isSequence ? .sequence(range, isFlow: isFlow, items: items) : .mapping(range, isFlow: isFlow, pairs: pairs)
                case .start(let childIsSequence, let childIsFlow):
                    child = node(isSequence: childIsSequence, isFlow: childIsFlow, start: event.start, &parser, depth: depth + 1)
                case .scalar(let range, let text):
                    if !isSequence && pendingKey == nil {
                        pendingKey = (text, range)
                        end = max(end, range.upperBound)
                        continue
                    }
                    child = .scalar(range)
                case .other:
                    continue
                }
                end = max(end, child.range.upperBound)
                if isSequence {
                    items.append(child)
                } else if let key = pendingKey {
                    pairs.append(Pair(key: key.0, keyRange: key.1, value: child))
                    pendingKey = nil
                }
            }
            let range = start..<max(end, start)
            return isSequence ? .sequence(range, isFlow: isFlow, items: items) : .mapping(range, isFlow: isFlow, pairs: pairs)
        }
    }
}
