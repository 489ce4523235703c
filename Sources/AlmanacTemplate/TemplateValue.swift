/// The data a template sees: Mustache's view of the world (no dates, no ordered keys).
public enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case string(String)
    case number(Double)
    case list([TemplateValue])
    /// A list whose items are made as a section reaches them and let go after it: a page of a
    /// million rows renders without a million row values existing at once.
    case lazyList(LazyList)
    case object(TemplateObject)

    /// Mustache truthiness: false, null, empty lists and empty strings hide a section.
    var isFalsy: Bool {
        switch self {
        case .null: return true
        case .bool(let flag): return !flag
        case .list(let items): return items.isEmpty
        case .lazyList(let list): return list.count == 0
        case .string(let text): return text.isEmpty
        default: return false
        }
    }

    /// The text an interpolation tag prints.
    var interpolated: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return text
        case .number(let number):
            if number == number.rounded() && abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .list, .lazyList, .object: return ""
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateObject(pairs: elements))
    }
}

/// The items of a `lazyList`: how many, and how to make one.
public struct LazyList: Sendable, Equatable {
    public let count: Int
    public let item: @Sendable (Int) -> TemplateValue

    public init(count: Int, item: @escaping @Sendable (Int) -> TemplateValue) {
        self.count = count
        self.item = item
    }

    /// Every item, made now: for tests and small lists.
    public var items: [TemplateValue] { (0..<count).map(item) }

    public static func == (lhs: LazyList, rhs: LazyList) -> Bool { lhs.items == rhs.items }
}
