/// A Mustache object: named values, looked up by name.
///
/// Held as pairs and searched in order rather than hashed. A context has a dozen names, short
/// enough to be stored inside the `String` value itself, and comparing those is far cheaper
/// than hashing them; a site with 100,000 detail pages builds and searches millions of these.
/// Equality ignores order, as for a dictionary.
///
/// The pairs are one array, so an object is one allocation and a copy one retain: the renderer
/// copies contexts at every tag it looks up, and a detail page's context is a few dozen
/// objects made and freed for every row. (Keeping names and values in three arrays of one
/// shared class cost four allocations an object; making and freeing them was a fifth of the
/// build's instructions.)
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private struct Entry: Sendable {
        let signature: UInt64
        let key: String
        var value: TemplateValue
    }

    private var entries: [Entry]

    public init() {
        entries = []
    }

    public init(minimumCapacity: Int) {
        entries = []
        entries.reserveCapacity(minimumCapacity)
    }

    public init(_ dictionary: [String: TemplateValue]) {
        entries = dictionary.map { Entry(signature: Self.signature(of: $0.key), key: $0.key, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(pairs: elements)
    }

    /// The pairs in order; a name given twice keeps its last value. Room is left for a few
    /// more, which most contexts get after their literal.
    init(pairs: [(String, TemplateValue)]) {
        entries = []
        entries.reserveCapacity(pairs.count + 4)
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }

    /// A name's length and its first seven bytes in one word: a lookup compares these first,
    /// and names that differ almost always differ there. Comparing the names as strings
    /// instead went, for two different names of one length, through the comparison that
    /// allows for canonically equivalent spellings: the slowest part of a lookup.
    ///
    /// Read through `withUTF8`, which hands a short name over from inside the String itself:
    /// walking `utf8.prefix(7)` cost some 400 instructions a name, the most of any function
    /// while a site of detail pages built its contexts.
    static func signature(of key: String) -> UInt64 {
        var key = key
        return key.withUTF8 { bytes in
            var signature = UInt64(min(bytes.count, 255)) << 56
            for index in 0..<min(bytes.count, 7) { signature |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            return signature
        }
    }

    private func position(of key: String, signature: UInt64) -> Int? {
        for index in entries.indices where entries[index].signature == signature {
            // Equal signatures of a short name are equal bytes; a longer one is compared.
            if key.utf8.count < 8 || entries[index].key == key { return index }
        }
        return nil
    }

    /// The value under `key`, whose signature the caller worked out once.
    func value(named key: String, signature: UInt64) -> TemplateValue? {
        position(of: key, signature: signature).map { entries[$0].value }
    }

    /// The value under `key`; setting nil removes it, setting an existing key replaces it.
    public subscript(key: String) -> TemplateValue? {
        get {
            value(named: key, signature: Self.signature(of: key))
        }
        set {
            let signature = Self.signature(of: key)
            switch (position(of: key, signature: signature), newValue) {
            case (let position?, let value?):
                entries[position].value = value
            case (let position?, nil):
                entries.remove(at: position)
            case (nil, let value?):
                entries.append(Entry(signature: signature, key: key, value: value))
            case (nil, nil):
                break
            }
        }
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}
