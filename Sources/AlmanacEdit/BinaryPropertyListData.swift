import AlmanacCore
import AlmanacLoad
import AlmanacModel
import Foundation

/// A binary property list for editing. Its bytes cannot be spliced (every object is reached
/// through an offset table), so it is read whole (`BinaryPropertyListReader`, which keeps each
/// dictionary's entries in the file's order), changed, and written anew in binary by
/// `BinaryPropertyList` in that same order: a binary file stays binary, another tool's file
/// keeps its entries where they were, and an edit undone gives the file's entries back as
/// they were.
struct BinaryPropertyListData: DocumentData {
    let root: Any
    let shape: DocumentShape
    let keyField: String
    let records: [Record]
    let entries: [EditEntry]
    /// The key of each keyed record, or each section's key, in the reader's order.
    let keys: [String]
    var runs: [RecordRun] { [] }

    init(_ bytes: [UInt8], path: String, columns: [String]?, keyField: String) throws(Diagnostic) {
        let value = try PropertyListReader().read(bytes, path: path)
        let dataset = try DatasetShape.of(value, at: SourceLocation(path: path), columns: columns, keyField: keyField)
        guard let root = BinaryPropertyListReader(bytes)?.read() else {
            throw .error(at: SourceLocation(path: path), "cannot edit this binary property list", hint: "it holds what a list of records does not (a set, a UID), or is damaged")
        }
        self.root = root
        self.keyField = keyField
        let sortedKeys = ((root as? OrderedPlistDictionary)?.entries.map(\.key).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) ?? []
        switch (root, dataset) {
        case (is [Any], .rows):
            shape = .list
            keys = []
        case (is OrderedPlistDictionary, .rows):
            shape = .keyed(columns: columns)
            keys = sortedKeys
        case (is OrderedPlistDictionary, .sections(let sections)):
            shape = .sections(sections.map(\.title))
            keys = sections.map(\.title)
        default:
            throw .error(at: SourceLocation(path: path), "the property list is neither a list of records nor a dictionary of them")
        }
        (records, entries) = dataset.editEntries
    }

    func bytes(of record: [Object.Field], in run: Int) throws(Diagnostic) -> [UInt8] {
        throw .error(at: nil, "a binary property list is written whole")
    }

    func adding(_ record: [Object.Field], in run: Int, to bytes: [UInt8]) throws(Diagnostic) -> [UInt8] {
        let object = OrderedPlistDictionary(entries: record.compactMap { field in Self.object(field.value).map { (field.name, $0) } })
        switch shape {
        case .list:
            return BinaryPropertyList.encode((root as? [Any] ?? []) + [object])
        case .sections:
            var sections = root as? OrderedPlistDictionary ?? OrderedPlistDictionary(entries: [])
            sections[keys[run]] = (sections[keys[run]] as? [Any] ?? []) + [object]
            return BinaryPropertyList.encode(sections)
        case .keyed(let columns):
            let key = try DocumentShape.key(of: record, field: keyField, among: records)
            var keyed = root as? OrderedPlistDictionary ?? OrderedPlistDictionary(entries: [])
            var value = object
            value[keyField] = nil
            keyed[key] = columns.map { names in names.map { value[$0] ?? "" } } ?? value
            return BinaryPropertyList.encode(keyed)
        }
    }

    func removing(_ chosen: [EditEntry], from bytes: [UInt8]) throws(Diagnostic) -> [UInt8] {
        switch shape {
        case .list:
            let gone = Set(chosen.map(\.item))
            return BinaryPropertyList.encode((root as? [Any] ?? []).enumerated().filter { !gone.contains($0.offset) }.map(\.element))
        case .sections:
            var sections = root as? OrderedPlistDictionary ?? OrderedPlistDictionary(entries: [])
            for (run, removed) in Dictionary(grouping: chosen, by: \.run) {
                let gone = Set(removed.map(\.item))
                sections[keys[run]] = (sections[keys[run]] as? [Any] ?? []).enumerated().filter { !gone.contains($0.offset) }.map(\.element)
            }
            return BinaryPropertyList.encode(sections)
        case .keyed:
            var keyed = root as? OrderedPlistDictionary ?? OrderedPlistDictionary(entries: [])
            for entry in chosen { keyed[keys[entry.item]] = nil }
            return BinaryPropertyList.encode(keyed)
        }
    }

    /// A value typed on the command line as a property-list object.
    static func object(_ value: Value) -> Any? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        case .number(let number):
            return number.value == number.value.rounded() && abs(number.value) < 9e15 && !number.text.contains(".") ? Int(number.value) : number.value
        case .date(let date):
            let formatter = ISO8601DateFormatter()
            return formatter.date(from: date.text.count == 10 ? date.text + "T00:00:00Z" : date.text) ?? date.text
        default: return value.text
        }
    }
}

/// Writes the binary property-list format (`bplist00`) deterministically: objects in the
/// order they are reached, an ordered dictionary's entries in its order (a plain one's keys in
/// code-point order), each integer and reference in the fewest bytes that hold it.
enum BinaryPropertyList {
    static func encode(_ root: Any) -> [UInt8] {
        var objects: [[UInt8]] = []
        var pending: [(index: Int, value: Any)] = []
        // First pass: give every object a number, depth first.
        func number(_ value: Any) -> Int {
            objects.append([])
            let index = objects.count - 1
            pending.append((index, value))
            return index
        }
        _ = number(root)
        var children: [Int: [Int]] = [:]
        var cursor = 0
        while cursor < pending.count {
            let (index, value) = pending[cursor]
            cursor += 1
            if let dictionary = value as? OrderedPlistDictionary {
                children[index] = dictionary.entries.map { number($0.key) } + dictionary.entries.map { number($0.value) }
            } else if let dictionary = value as? [String: Any] {
                let sorted = dictionary.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                children[index] = sorted.map { number($0) } + sorted.map { number(dictionary[$0] as Any) }
            } else if let array = value as? [Any] {
                children[index] = array.map { number($0) }
            }
        }
        let referenceSize = size(for: objects.count)
        for (index, value) in pending {
            objects[index] = encodeObject(value, children: children[index] ?? [], referenceSize: referenceSize)
        }
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(output.count)
            output += object
        }
        let tableOffset = output.count
        let offsetSize = size(for: tableOffset)
        for offset in offsets { output += bigEndian(offset, bytes: offsetSize) }
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        output += bigEndian(objects.count, bytes: 8) + bigEndian(0, bytes: 8) + bigEndian(tableOffset, bytes: 8)
        return output
    }

    private static func encodeObject(_ value: Any, children: [Int], referenceSize: Int) -> [UInt8] {
        switch value {
        case let text as String:
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return marker(0x50, count: text.utf8.count) + Array(text.utf8) }
            let units = Array(text.utf16)
            return marker(0x60, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case let flag as Bool where !(value is Int):
            return [flag ? 0x09 : 0x08]
        case let date as Date:
            return [0x33] + bigEndian(Int(bitPattern: UInt(date.timeIntervalSinceReferenceDate.bitPattern)), bytes: 8)
        case let data as Data:
            return marker(0x40, count: data.count) + [UInt8](data)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "d" || type == "f" { return [0x23] + bigEndian(Int(bitPattern: UInt(number.doubleValue.bitPattern)), bytes: 8) }
            return integer(number.int64Value)
        case is [String: Any], is OrderedPlistDictionary:
            return marker(0xD0, count: children.count / 2) + children.flatMap { bigEndian($0, bytes: referenceSize) }
        case is [Any]:
            return marker(0xA0, count: children.count) + children.flatMap { bigEndian($0, bytes: referenceSize) }
        default:
            let text = "\(value)"
            return marker(0x50, count: text.utf8.count) + Array(text.utf8)
        }
    }

    private static func integer(_ value: Int64) -> [UInt8] {
        if value >= 0 && value <= 0xFF { return [0x10, UInt8(value)] }
        if value >= 0 && value <= 0xFFFF { return [0x11] + bigEndian(Int(value), bytes: 2) }
        if value >= 0 && value <= 0xFFFF_FFFF { return [0x12] + bigEndian(Int(value), bytes: 4) }
        return [0x13] + bigEndian(Int(value), bytes: 8)
    }

    /// A type marker with its count, the count after it as an integer when it is 15 or more.
    private static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [type | UInt8(count)] : [type | 0x0F] + integer(Int64(count))
    }

    private static func size(for count: Int) -> Int {
        count <= 0xFF ? 1 : count <= 0xFFFF ? 2 : count <= 0xFFFF_FFFF ? 4 : 8
    }

    private static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
