/// A Mustache object: named values, looked up by name.
///
/// Held as pairs and searched in order rather than hashed. A context has a dozen names, short
/// enough to be stored inside the `String` value itself, and comparing those is far cheaper
/// than hashing them; a site with 100,000 detail pages builds and searches millions of these.
/// Equality ignores order, as for a dictionary.
///
/// The pairs live in one shared storage, copied only when a shared object is changed: the
/// renderer copies contexts at every tag it looks up, and a copy is then one retain rather
/// than one per array. Names and values are kept apart, so that a search reads names (by
/// their signatures first) without copying the values it passes over.
public struct TemplateObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private final class Storage: @unchecked Sendable {
        // Changed only while uniquely referenced (see `mutableStorage`), so never while shared;
        // and never while being read, which makes the run-time exclusivity check (a third of a
        // lookup's time) redundant.
        @exclusivity(unchecked) var keys: [String] = []
        @exclusivity(unchecked) var signatures: [UInt64] = []
        @exclusivity(unchecked) var values: [TemplateValue] = []

        init(capacity: Int) {
            keys.reserveCapacity(capacity)
            signatures.reserveCapacity(capacity)
            values.reserveCapacity(capacity)
        }

        init(copying other: Storage) {
            keys = other.keys
            signatures = other.signatures
            values = other.values
        }

        func position(of key: String, signature: UInt64) -> Int? {
            for index in signatures.indices where signatures[index] == signature {
                // Equal signatures of a short name are equal bytes; a longer one is compared.
                if key.utf8.count < 8 || keys[index] == key { return index }
            }
            return nil
        }

        func append(_ key: String, _ value: TemplateValue) {
            keys.append(key)
            signatures.append(TemplateObject.signature(of: key))
            values.append(value)
        }
    }

    private var storage: Storage

    public init() {
        storage = Storage(capacity: 0)
    }

    public init(minimumCapacity: Int) {
        storage = Storage(capacity: minimumCapacity)
    }

    public init(_ dictionary: [String: TemplateValue]) {
        storage = Storage(capacity: dictionary.count)
        for (key, value) in dictionary { storage.append(key, value) }
    }

    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        storage = Storage(capacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { storage.keys.count }
    public var isEmpty: Bool { storage.keys.isEmpty }
    public var keys: [String] { storage.keys }

    private var mutableStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
            return storage
        }
    }

    /// A name's length and its first seven bytes in one word: a lookup compares these first,
    /// and names that differ almost always differ there. Comparing the names as strings
    /// instead went, for two different names of one length, through the comparison that
    /// allows for canonically equivalent spellings: the slowest part of a lookup.
    static func signature(of key: String) -> UInt64 {
        var signature = UInt64(min(key.utf8.count, 255)) << 56
        for (index, byte) in key.utf8.prefix(7).enumerated() { signature |= UInt64(byte) << (8 * UInt64(index)) }
        return signature
    }

    /// The value under `key`, whose signature the caller worked out once.
    func value(named key: String, signature: UInt64) -> TemplateValue? {
        storage.position(of: key, signature: signature).map { storage.values[$0] }
    }

    /// The value under `key`; setting nil removes it, setting an existing key replaces it.
    public subscript(key: String) -> TemplateValue? {
        get {
            value(named: key, signature: Self.signature(of: key))
        }
        set {
            switch (storage.position(of: key, signature: Self.signature(of: key)), newValue) {
            case (let position?, let value?):
                mutableStorage.values[position] = value
            case (let position?, nil):
                let storage = mutableStorage
                storage.keys.remove(at: position)
                storage.signatures.remove(at: position)
                storage.values.remove(at: position)
            case (nil, let value?):
                mutableStorage.append(key, value)
            case (nil, nil):
                break
            }
        }
    }

    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.count == rhs.count && lhs.storage.keys.indices.allSatisfy { rhs[lhs.storage.keys[$0]] == lhs.storage.values[$0] }
    }
}
