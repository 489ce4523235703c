import Foundation

/// A binary property list's dictionary, its entries in the order the file stores them.
/// Foundation's reader gives dictionaries without order, so an edit written back through it
/// would reorder every entry of a file another tool wrote.
public struct OrderedPlistDictionary {
    public var entries: [(key: String, value: Any)]

    public subscript(key: String) -> Any? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }
}

/// Reads the binary property-list format (`bplist00`) into Foundation values, with every
/// dictionary an `OrderedPlistDictionary`. Only what a property list of records holds is read
/// (no sets, no UIDs); anything malformed — an offset or reference out of range, a count past
/// the end, nesting deeper than 512 (a cycle) — is nil, for the caller to refuse the file.
public struct BinaryPropertyListReader {
    let bytes: [UInt8]
    private var offsets: [Int] = []
    private var referenceSize = 0

    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        self.bytes = bytes
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
              let count = Self.integer(bytes, at: trailer + 8, size: 8), let table = Self.integer(bytes, at: trailer + 24, size: 8),
              count > 0, count <= bytes.count, table >= 8, table <= trailer, (trailer - table) / offsetSize >= count
        else { return nil }
        for index in 0..<count {
            guard let offset = Self.integer(bytes, at: table + index * offsetSize, size: offsetSize), offset >= 8, offset < table else { return nil }
            offsets.append(offset)
        }
        guard let top = Self.integer(bytes, at: trailer + 16, size: 8), top < count else { return nil }
        root = top
    }

    private var root = 0

    /// The whole list, or nil when it is malformed or holds what records never do.
    public func read() -> Any? {
        // An object may be referred to from many places: decoding each reference anew is
        // bounded, so a small file of shared references cannot take exponential time.
        var budget = offsets.count * 4 + 1024
        return object(root, depth: 0, budget: &budget)
    }

    private func object(_ index: Int, depth: Int, budget: inout Int) -> Any? {
        budget -= 1
        guard budget >= 0, depth < 512, index >= 0, index < offsets.count else { return nil }
        let start = offsets[index]
        let marker = bytes[start], kind = marker >> 4, low = Int(marker & 0x0F)
        switch kind {
        case 0x0:
            return marker == 0x08 ? false : marker == 0x09 ? true : nil
        case 0x1:
            guard low <= 3, let value = Self.integer(bytes, at: start + 1, size: 1 << low, signed: true) else { return nil }
            return value
        case 0x2:
            guard low == 2 || low == 3, let raw = Self.integer(bytes, at: start + 1, size: 1 << low) else { return nil }
            return low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))) : Double(bitPattern: UInt64(truncatingIfNeeded: raw))
        case 0x3:
            guard marker == 0x33, let raw = Self.integer(bytes, at: start + 1, size: 8) else { return nil }
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(truncatingIfNeeded: raw)))
        case 0x4, 0x5, 0x6, 0x7:
            guard let (count, at) = length(low, after: start) else { return nil }
            let size = kind == 0x6 ? count * 2 : count
            guard size >= 0, at + size <= bytes.count else { return nil }
            let body = bytes[at..<(at + size)]
            switch kind {
            case 0x4: return Data(body)
            case 0x5: return String(decoding: body, as: UTF8.self)
            case 0x7: return String(validating: body, as: UTF8.self)
            default:
                let units = stride(from: body.startIndex, to: body.endIndex, by: 2).map { UInt16(body[$0]) << 8 | UInt16(body[$0 + 1]) }
                return String(utf16CodeUnits: units, count: units.count)
            }
        case 0xA, 0xD:
            guard let (count, at) = length(low, after: start), count >= 0 else { return nil }
            let references = kind == 0xD ? count * 2 : count
            guard references <= offsets.count * 2, at + references * referenceSize <= bytes.count else { return nil }
            var children: [Any] = []
            for position in 0..<references {
                guard let reference = Self.integer(bytes, at: at + position * referenceSize, size: referenceSize),
                      let child = object(reference, depth: depth + 1, budget: &budget) else { return nil }
                children.append(child)
            }
            guard kind == 0xD else { return children }
            var entries: [(key: String, value: Any)] = []
            for position in 0..<count {
                guard let key = children[position] as? String else { return nil }
                entries.append((key, children[count + position]))
            }
            return OrderedPlistDictionary(entries: entries)
        default:
            return nil
        }
    }

    /// A count held in the marker, or as an integer object after it when the marker says 15.
    private func length(_ low: Int, after start: Int) -> (count: Int, start: Int)? {
        guard low == 0x0F else { return (low, start + 1) }
        guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        guard size <= 8, let count = Self.integer(bytes, at: start + 2, size: size), count >= 0 else { return nil }
        return (count, start + 2 + size)
    }

    /// A big-endian integer of `size` bytes at `at`; nil past the end.
    static func integer(_ bytes: [UInt8], at: Int, size: Int, signed: Bool = false) -> Int? {
        guard at >= 0, size > 0, size <= 8, at + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for byte in bytes[at..<(at + size)] { value = value << 8 | UInt64(byte) }
        if size == 8 || signed { return Int(truncatingIfNeeded: value) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }
}
