import AlmanacLoad

/// Where a JSON document's values sit, to two levels below the top: what editing a record in
/// place needs and what no JSON library reports. The document has already been read (and so
/// checked) by `JSONReader`, so this only finds boundaries; it never decides what is valid.
struct JSONSpans {
    indirect enum Node {
        case array(Range<Int>, items: [Node])
        /// Members with their key, the range from the key's opening quote to the value's end.
        case object(Range<Int>, members: [(key: String, member: Range<Int>, value: Node)])
        case scalar(Range<Int>)

        var range: Range<Int> {
            switch self {
            case .array(let range, _), .object(let range, _), .scalar(let range): return range
            }
        }
    }

    let bytes: [UInt8]

    /// The top value, its containers opened to `depth` levels (deeper ones are skipped whole).
    func root(depth: Int = 3) -> Node {
        var index = skipSpace(TextInput.contentStart(bytes))
        return node(&index, depth: depth)
    }

    private func node(_ index: inout Int, depth: Int) -> Node {
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "["):
            index += 1
            var items: [Node] = []
            index = skipSpace(index)
            while bytes[index] != UInt8(ascii: "]") {
                items.append(depth > 0 ? node(&index, depth: depth - 1) : .scalar(skip(&index)))
                index = skipSpace(index)
                if bytes[index] == UInt8(ascii: ",") { index = skipSpace(index + 1) }
            }
            index += 1
            return .array(start..<index, items: depth > 0 ? items : [])
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, member: Range<Int>, value: Node)] = []
            index = skipSpace(index)
            while bytes[index] != UInt8(ascii: "}") {
                let keyStart = index
                let keyRange = skipString(&index)
                let key = JSONText.unquote(Array(bytes[keyRange]))
                index = skipSpace(index)
                index = skipSpace(index + 1)  // the colon
                let value = depth > 0 ? node(&index, depth: depth - 1) : .scalar(skip(&index))
                members.append((key, keyStart..<value.range.upperBound, value))
                index = skipSpace(index)
                if bytes[index] == UInt8(ascii: ",") { index = skipSpace(index + 1) }
            }
            index += 1
            return .object(start..<index, members: members)
        default:
            return .scalar(skip(&index))
        }
    }

    /// Skips one value of any kind, returning its range.
    private func skip(_ index: inout Int) -> Range<Int> {
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""):
            _ = skipString(&index)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var depth = 0
            repeat {
                switch bytes[index] {
                case UInt8(ascii: "\""): _ = skipString(&index); continue
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
                index += 1
            } while depth > 0
        default:
            while index < bytes.count, !Self.ends(bytes[index]) { index += 1 }
        }
        return start..<index
    }

    /// Skips a string, returning its range with the quotes.
    private func skipString(_ index: inout Int) -> Range<Int> {
        let start = index
        index += 1
        while bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
        return start..<index
    }

    private func skipSpace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }

    private static func ends(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")].contains(byte)
    }
}
