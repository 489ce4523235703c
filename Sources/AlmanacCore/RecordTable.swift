/// The records of one file, held as one run of bytes with an offset per record.
///
/// A `Value` tree costs a few kilobytes per record of a few hundred bytes: an array of fields,
/// an enum of 48 bytes per value and a heap string per longer text. At millions of rows that,
/// not the file, is what fills the memory. Here a record is its values' bytes in a compact
/// encoding, field names are stored once per table, and a value is decoded only when asked
/// for — which a page does a handful of times per row, against once per row for the file.
///
/// Encoding, per record: a varint count of fields, then per field its name's index in `names`,
/// the byte length of its value (so that a lookup skips a field without reading it) and the
/// value. A value is a tag byte and then: nothing (null, false, true); a number's 8-byte
/// Double and its text; a text's length and UTF-8; a date's year, month, day and text; a
/// list's count and values; an object's count and, per field, its name's bytes and value.
///
/// A table of millions of rows can keep in memory only the fields a page reads for every row
/// (its label, columns, search, sort): the other values go to a `SpillFile` on the disk, a
/// field there marked `elsewhere`, read back when a whole record is written out (the JSON
/// twin, a detail page). A record is then a few dozen bytes in memory however long its prose.
public final class RecordTable: Sendable {
    let bytes: [UInt8]
    /// Where each record starts in `bytes`; one more entry than records, for the last end.
    let starts: [Int]
    /// Where the spilled values of each record start in `spill`, and the end of the last.
    let spillStarts: [Int]
    let spill: SpillFile?
    let names: [String]
    let nameIndex: [String: Int]
    let paths: [String]
    let places: [Place]

    /// A record's location, its path an index into `paths`.
    struct Place: Sendable {
        let path: UInt32
        let line: UInt32
        let column: UInt32
    }

    init(
        bytes: [UInt8], starts: [Int], names: [String], nameIndex: [String: Int], paths: [String], places: [Place],
        spill: SpillFile? = nil, spillStarts: [Int] = []
    ) {
        self.bytes = bytes
        self.starts = starts
        self.spill = spill
        self.spillStarts = spillStarts
        self.names = names
        self.nameIndex = nameIndex
        self.paths = paths
        self.places = places
    }

    public var count: Int { places.count }

    /// The table's records, in the order they were added.
    public var records: [Record] { (0..<count).map { Record(table: self, row: $0) } }

    func location(of row: Int) -> SourceLocation {
        let place = places[row]
        return SourceLocation(path: paths[Int(place.path)], line: Int(place.line), column: Int(place.column))
    }

    func value(named name: String, at row: Int) -> Value? {
        guard let wanted = nameIndex[name] else { return nil }
        var reader = Reader(bytes: bytes, index: starts[row])
        let count = reader.varint()
        var spilledBefore = 0
        for _ in 0..<count {
            let name = reader.varint()
            let length = reader.varint()
            let isSpilled = reader.bytes[reader.index] == Tag.elsewhere
            if name == wanted {
                guard isSpilled else { return reader.value() }
                var spilled = spilledReader(row)
                for _ in 0..<spilledBefore { _ = spilled.value() }
                return spilled.value()
            }
            if isSpilled { spilledBefore += 1 }
            reader.index += length
        }
        return nil
    }

    /// The values of several fields, in the order asked, read in one pass over the row: a row
    /// shown with many fields would otherwise be scanned once per field, which at 100,000
    /// columns is quadratic.
    func values(named wanted: [String], at row: Int) -> [Value?] {
        var result = [Value?](repeating: nil, count: wanted.count)
        // A few names (the usual ask: a test's identity, a row's shown fields) are matched by a
        // scan of their numbers; hashing them into a table per row would cost more than the row.
        // Many names (a row shown with 100,000 columns) are found through a table, as a scan
        // would make the read quadratic.
        let numbers = wanted.map { nameIndex[$0] ?? -1 }
        let many = numbers.count > 16
        var positions: [Int: [Int]] = [:]
        var distinct = 0
        for (position, number) in numbers.enumerated() where number >= 0 {
            if many {
                positions[number, default: []].append(position)
            } else if !numbers[..<position].contains(number) {
                distinct += 1
            }
        }
        if many { distinct = positions.count }
        guard distinct > 0 else { return result }
        var reader = Reader(bytes: bytes, index: starts[row])
        let count = reader.varint()
        var spilled: Reader?
        var found = 0
        for _ in 0..<count {
            if found == distinct { break }
            let name = reader.varint()
            let length = reader.varint()
            let isSpilled = reader.bytes[reader.index] == Tag.elsewhere
            let wantedHere = many ? positions[name] != nil : numbers.contains(name)
            var value: Value?
            if isSpilled {
                if spilled == nil { spilled = spilledReader(row) }
                value = spilled!.value()
            } else if wantedHere {
                var valueReader = reader
                value = valueReader.value()
            }
            if wantedHere, let value {
                found += 1
                if many {
                    positions[name]?.forEach { result[$0] = value }
                } else {
                    for (position, number) in numbers.enumerated() where number == name { result[position] = value }
                }
            }
            reader.index += length
        }
        return result
    }

    func object(at row: Int) -> Object {
        var reader = Reader(bytes: bytes, index: starts[row])
        let count = reader.varint()
        var fields: [Object.Field] = []
        fields.reserveCapacity(count)
        var spilled: Reader?
        for _ in 0..<count {
            let name = names[reader.varint()]
            _ = reader.varint()
            if reader.bytes[reader.index] == Tag.elsewhere {
                reader.index += 1
                if spilled == nil { spilled = spilledReader(row) }
                fields.append(Object.Field(name: name, value: spilled!.value()))
            } else {
                fields.append(Object.Field(name: name, value: reader.value()))
            }
        }
        return Object(fields)
    }

    /// Appends what the record holds — each field's name and encoded value, in file order —
    /// without decoding it: equal bytes for equal records of tables that keep the same fields
    /// in memory, which is what a key made from a row needs.
    func appendContent(at row: Int, to output: inout [UInt8]) {
        var reader = Reader(bytes: bytes, index: starts[row])
        var hasSpilled = false
        for _ in 0..<reader.varint() {
            output += names[reader.varint()].utf8
            output.append(0)
            let length = reader.varint()
            output += bytes[reader.index..<(reader.index + length)]
            hasSpilled = hasSpilled || bytes[reader.index] == Tag.elsewhere
            reader.index += length
        }
        if hasSpilled, let spill { output += spill.read(spillStarts[row]..<spillStarts[row + 1]) }
    }

    /// The record's values that live in the spill file, read back in one piece.
    private func spilledReader(_ row: Int) -> Reader {
        guard let spill else { return Reader(bytes: [Tag.null], index: 0) }
        return Reader(bytes: spill.read(spillStarts[row]..<spillStarts[row + 1]), index: 0)
    }

    /// The names of a record's fields in file order, without decoding their values.
    func fieldNames(at row: Int) -> [String] {
        var result: [String] = []
        forEachNameIndex(at: row) { result.append(names[$0]) }
        return result
    }

    /// Each of a record's field names, as its index in `names`, in file order.
    func forEachNameIndex(at row: Int, _ body: (Int) -> Void) {
        var reader = Reader(bytes: bytes, index: starts[row])
        for _ in 0..<reader.varint() {
            body(reader.varint())
            reader.index += reader.varint()
        }
    }

    /// Collects records one at a time; a reader makes one per file, or one per chunk of a file
    /// it reads on several cores.
    public struct Builder {
        private var bytes: [UInt8] = []
        private var starts: [Int] = [0]
        /// The fields kept in memory, when the others go to `spill`.
        private let kept: Set<String>?
        private let spill: SpillFile?
        private var spilled: [UInt8] = []
        private var spillStarts: [Int] = [0]
        private var names: [String] = []
        private var nameIndex: [String: Int] = [:]
        private var paths: [String] = []
        private var places: [Place] = []
        private var scratch: [UInt8] = []

        public init() {
            kept = nil
            spill = nil
        }

        /// A builder that keeps only the fields named `kept` in memory and writes the values of
        /// the others to `spill` when it finishes.
        public init(keeping kept: Set<String>, spillingTo spill: SpillFile) {
            self.kept = kept
            self.spill = spill
        }

        public var count: Int { places.count }

        public mutating func append(_ object: Object, at location: SourceLocation) {
            Self.writeVarint(object.fields.count, into: &bytes)
            for field in object.fields {
                let index: Int
                if let known = nameIndex[field.name] {
                    index = known
                } else {
                    index = names.count
                    names.append(field.name)
                    nameIndex[field.name] = index
                }
                Self.writeVarint(index, into: &bytes)
                if let kept, !kept.contains(field.name) {
                    Self.writeVarint(1, into: &bytes)
                    bytes.append(Tag.elsewhere)
                    Self.write(field.value, into: &spilled)
                    continue
                }
                scratch.removeAll(keepingCapacity: true)
                Self.write(field.value, into: &scratch)
                Self.writeVarint(scratch.count, into: &bytes)
                bytes.append(contentsOf: scratch)
            }
            starts.append(bytes.count)
            if spill != nil { spillStarts.append(spilled.count) }
            let path: Int
            if let last = paths.last, last == location.path {
                path = paths.count - 1
            } else if let known = paths.firstIndex(of: location.path) {
                path = known
            } else {
                path = paths.count
                paths.append(location.path)
            }
            places.append(Place(path: UInt32(path), line: UInt32(clamping: location.line), column: UInt32(clamping: location.column)))
        }

        /// The records collected, sharing one table; the spilled values are written now.
        public func finishSpilling() throws -> [Record] {
            var spillStarts = self.spillStarts
            if let spill {
                let base = try spill.append(spilled)
                for index in spillStarts.indices { spillStarts[index] += base }
            }
            let table = RecordTable(
                bytes: Self.exact(bytes), starts: Self.exact(starts), names: names, nameIndex: nameIndex, paths: paths, places: places,
                spill: spill, spillStarts: spillStarts)
            return table.records
        }

        /// The records of a builder that spills nothing, which cannot fail.
        public func finish() -> [Record] {
            precondition(spill == nil, "a builder that spills finishes with `finishSpilling`")
            return (try? finishSpilling()) ?? []
        }

        /// A copy without the spare capacity growth left, when there is much of it: tables
        /// live as long as the build.
        static func exact<Element>(_ array: [Element]) -> [Element] {
            guard array.capacity > array.count + array.count / 8 else { return array }
            return [Element](unsafeUninitializedCapacity: array.count) { buffer, initialized in
                _ = buffer.initialize(from: array)
                initialized = array.count
            }
        }

        static func writeVarint(_ value: Int, into bytes: inout [UInt8]) {
            var rest = UInt(bitPattern: value)
            while rest >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            bytes.append(UInt8(rest))
        }

        static func writeText(_ text: String, into bytes: inout [UInt8]) {
            var text = text
            text.withUTF8 { utf8 in
                writeVarint(utf8.count, into: &bytes)
                bytes.append(contentsOf: utf8)
            }
        }

        static func write(_ value: Value, into bytes: inout [UInt8]) {
            switch value {
            case .null: bytes.append(Tag.null)
            case .bool(let flag): bytes.append(flag ? Tag.true : Tag.false)
            case .number(let number):
                bytes.append(Tag.number)
                withUnsafeBytes(of: number.value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
                writeText(number.text, into: &bytes)
            case .string(let text):
                bytes.append(Tag.string)
                writeText(text, into: &bytes)
            case .date(let date):
                bytes.append(Tag.date)
                writeVarint(date.year, into: &bytes)
                bytes.append(UInt8(clamping: date.month ?? 0))
                bytes.append(UInt8(clamping: date.day ?? 0))
                writeText(date.text, into: &bytes)
            case .list(let items):
                bytes.append(Tag.list)
                writeVarint(items.count, into: &bytes)
                for item in items { write(item, into: &bytes) }
            case .object(let object):
                bytes.append(Tag.object)
                writeVarint(object.fields.count, into: &bytes)
                for field in object.fields {
                    writeText(field.name, into: &bytes)
                    write(field.value, into: &bytes)
                }
            }
        }
    }

    enum Tag {
        static let null: UInt8 = 0, `false`: UInt8 = 1, `true`: UInt8 = 2, number: UInt8 = 3
        static let string: UInt8 = 4, date: UInt8 = 5, list: UInt8 = 6, object: UInt8 = 7
        /// A field whose value is in the spill file.
        static let elsewhere: UInt8 = 8
    }

    struct Reader {
        let bytes: [UInt8]
        var index: Int

        mutating func varint() -> Int {
            var result: UInt = 0
            var shift: UInt = 0
            while true {
                let byte = bytes[index]
                index += 1
                result |= UInt(byte & 0x7F) << shift
                if byte < 0x80 { return Int(bitPattern: result) }
                shift += 7
            }
        }

        mutating func text() -> String {
            let length = varint()
            defer { index += length }
            return bytes.withUnsafeBufferPointer { String(decoding: $0[index..<index + length], as: UTF8.self) }
        }

        mutating func value() -> Value {
            let tag = bytes[index]
            index += 1
            switch tag {
            case Tag.null: return .null
            case Tag.false: return .bool(false)
            case Tag.true: return .bool(true)
            case Tag.number:
                var pattern: UInt64 = 0
                for offset in 0..<8 { pattern |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
                index += 8
                return .number(Number(text: text(), value: Double(bitPattern: pattern)))
            case Tag.string: return .string(text())
            case Tag.date:
                let year = varint()
                let month = Int(bytes[index]), day = Int(bytes[index + 1])
                index += 2
                return .date(DateValue(text: text(), year: year, month: month == 0 ? nil : month, day: day == 0 ? nil : day))
            case Tag.list:
                let count = varint()
                var items: [Value] = []
                items.reserveCapacity(count)
                for _ in 0..<count { items.append(value()) }
                return .list(items)
            default:
                let count = varint()
                var fields: [Object.Field] = []
                fields.reserveCapacity(count)
                for _ in 0..<count {
                    let name = text()
                    fields.append(Object.Field(name: name, value: value()))
                }
                return .object(Object(fields))
            }
        }
    }
}
