/// A Mustache object: named values, looked up by name.
///
/// Held as pairs and searched in order rather than hashed. A context has a dozen names, short
/// enough to be stored inside the `String` value itself, and comparing those is far cheaper
/// than hashing them; a site with 100,000 detail pages builds and searches millions of these.
/// Equality ignores order, as for a dictionary.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var entries: [(key: String, value: TemplateValue)] = []

    public init() {}

    public init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    public init(_ dictionary: [String: TemplateValue]) {
        entries.reserveCapacity(dictionary.count)
        for (key, value) in dictionary { entries.append((key, value)) }
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        entries.reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }

    /// The value under `key`; setting nil removes it, setting an existing key replaces it.
    public subscript(key: String) -> TemplateValue? {
        get {
            // Most names differ in length; counting a short string's bytes is free.
            let length = key.utf8.count
            for entry in entries where entry.key.utf8.count == length && entry.key == key { return entry.value }
            return nil
        }
        set {
            let position = entries.firstIndex { $0.key == key }
            switch (position, newValue) {
            case (let position?, let value?): entries[position].value = value
            case (let position?, nil): entries.remove(at: position)
            case (nil, let value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}
