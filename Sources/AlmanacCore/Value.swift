/// One datum of a record, whatever file it came from.
///
/// Every reader maps its format onto this one model so that grouping, sorting and every output
/// treat a CSV cell and a JSON value alike. Objects keep their keys in file order, because the
/// order of columns is what a person wrote and what the default label choice depends on.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Number)
    case string(String)
    case date(DateValue)
    case list([Value])
    case object(Object)

    /// The text a person would read for this value: what search, labels and sorting see.
    public var text: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.text
        case .string(let string): return string
        case .date(let date): return date.text
        case .list(let items): return items.map(\.text).joined(separator: ", ")
        case .object(let object): return object.fields.map { "\($0.name): \($0.value.text)" }.joined(separator: ", ")
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var objectValue: Object? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var listValue: [Value]? {
        if case .list(let items) = self { return items }
        return nil
    }

    /// True for strings, numbers, booleans and dates: the values a cell can show on one line.
    public var isScalar: Bool {
        switch self {
        case .list, .object, .null: return false
        default: return true
        }
    }
}

/// A number that remembers how it was written, so `1.50` is not printed back as `1.5`.
public struct Number: Sendable, Hashable {
    public let text: String
    public let value: Double

    public init(text: String, value: Double) {
        self.text = text
        self.value = value
    }

    public init(_ value: Int) {
        self.text = String(value)
        self.value = Double(value)
    }

    /// Parses a JSON-style number; nil when the text is not one.
    public init?(parsing text: String) {
        guard Number.looksNumeric(text), let value = Double(text), value.isFinite else { return nil }
        self.text = text
        self.value = value
    }

    /// Whether the number can be written in JSON as it is: finite, in JSON's grammar (a
    /// property list's `<real>nan</real>` is not).
    public var isJSON: Bool { value.isFinite && Number.looksNumeric(text) }

    /// JSON's number grammar, which is stricter than `Double.init` (no `inf`, no hex, no `+`).
    static func looksNumeric(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, (0x30...0x39).contains(first) else { return false }
        if first == 0x30, let second = bytes.dropFirst().first, (0x30...0x39).contains(second) {
            return false  // no leading zeros
        }
        var sawDot = false, sawExponent = false, lastWasDigit = false, previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x30...0x39: lastWasDigit = true
            case UInt8(ascii: "."):
                if sawDot || sawExponent || !lastWasDigit { return false }
                sawDot = true; lastWasDigit = false
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if sawExponent || !lastWasDigit { return false }
                sawExponent = true; lastWasDigit = false
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                if previous != UInt8(ascii: "e") && previous != UInt8(ascii: "E") { return false }
            default: return false
            }
            previous = byte
        }
        return lastWasDigit
    }
}

/// A calendar date (optionally with a time) kept as written, with its parts for grouping.
public struct DateValue: Sendable, Hashable {
    public let text: String
    public let year: Int
    public let month: Int?
    public let day: Int?

    public init(text: String, year: Int, month: Int?, day: Int?) {
        self.text = text
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads ISO 8601 dates: `2024`, `2024-03`, `2024-03-09`, optionally followed by a time.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 4, let year = digits(0..<4) else { return nil }
        var month: Int?
        var day: Int?
        if bytes.count == 4 {
            // A bare year.
        } else if bytes.count >= 7, bytes[4] == UInt8(ascii: "-"), let parsedMonth = digits(5..<7), (1...12).contains(parsedMonth) {
            month = parsedMonth
            if bytes.count == 7 {
            } else if bytes.count >= 10, bytes[7] == UInt8(ascii: "-"), let parsedDay = digits(8..<10), (1...31).contains(parsedDay) {
                day = parsedDay
                if bytes.count > 10 {
                    let separator = bytes[10]
                    guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: " "),
                          bytes.count >= 16, digits(11..<13) != nil, bytes[13] == UInt8(ascii: ":"),
                          digits(14..<16) != nil
                    else { return nil }
                }
            } else {
                return nil
            }
        } else {
            return nil
        }
        self.init(text: text, year: year, month: month, day: day)
    }
}

/// An ordered set of named values: a JSON object, a YAML mapping, a CSV row.
public struct Object: Sendable, Hashable {
    public struct Field: Sendable, Hashable {
        public let name: String
        public var value: Value

        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    public init(_ pairs: KeyValuePairs<String, Value>) {
        self.fields = pairs.map { Field(name: $0.key, value: $0.value) }
    }

    public var names: [String] { fields.map(\.name) }
    public var isEmpty: Bool { fields.isEmpty }

    /// The value named `name`; records are narrow, so a linear scan beats hashing here, and
    /// comparing byte counts first skips most names without comparing their text.
    public subscript(name: String) -> Value? {
        get {
            let length = name.utf8.count
            for field in fields where field.name.utf8.count == length && field.name == name { return field.value }
            return nil
        }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                if let newValue { fields[index].value = newValue } else { fields.remove(at: index) }
            } else if let newValue {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Adds a field, replacing an earlier one of the same name in place (the last one wins, as
    /// in most JSON parsers) so that keys stay unique.
    public mutating func set(_ name: String, _ value: Value) {
        self[name] = value
    }
}

extension Value {
    /// The name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "text"
        case .date: return "a date"
        case .list: return "an array"
        case .object: return "an object"
        }
    }
}
