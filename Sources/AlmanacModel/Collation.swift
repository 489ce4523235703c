import AlmanacCore
import CICU

/// A locale's collation, as ICU defines it: the order a person of that locale expects, with
/// digit runs compared by value (`Item 2` before `Item 10`).
///
/// Rows are compared through sort keys rather than pairwise calls: a key is computed once per
/// row and compared as bytes, which keeps sorting 100,000 rows cheap. A `Collation` is not
/// shared between threads; each page's model build makes its own.
public final class Collation {
    /// How much of a difference counts: primary ignores case and accents (`a` = `Á`), secondary
    /// adds accents, tertiary adds case.
    public enum Strength: Int32, Sendable {
        case primary = 1
        case secondary = 2
        case tertiary = 3
    }

    public let locale: String
    private let primary: OpaquePointer
    private let secondary: OpaquePointer
    private let tertiary: OpaquePointer
    private var buffer = [UInt8](repeating: 0, count: 256)

    /// Opens the collation for `locale` (a BCP 47 or ICU identifier such as `sv` or `de-AT`);
    /// nil when ICU cannot open it.
    public init?(locale: String) {
        let icuLocale = locale.replacingHyphens
        func open(_ strength: Strength) -> OpaquePointer? {
            almanac_collator_open(icuLocale, strength.rawValue, 1)
        }
        guard let primary = open(.primary), let secondary = open(.secondary), let tertiary = open(.tertiary) else {
            return nil
        }
        self.locale = locale
        self.primary = primary
        self.secondary = secondary
        self.tertiary = tertiary
    }

    deinit {
        almanac_collator_close(primary)
        almanac_collator_close(secondary)
        almanac_collator_close(tertiary)
    }

    /// The bytes whose lexicographic order is the collation order at `strength`.
    public func sortKey(_ text: String, strength: Strength) -> [UInt8] {
        let collator: OpaquePointer
        switch strength {
        case .primary: collator = primary
        case .secondary: collator = secondary
        case .tertiary: collator = tertiary
        }
        let units = Array(text.utf16)
        while true {
            let needed = units.withUnsafeBufferPointer { text in
                buffer.withUnsafeMutableBufferPointer { key in
                    almanac_collator_sort_key(collator, text.baseAddress, Int32(text.count), key.baseAddress, Int32(key.count))
                }
            }
            if Int(needed) <= buffer.count {
                // Drop the final zero byte so keys compare as plain byte strings.
                return Array(buffer[0..<max(0, Int(needed) - 1)])
            }
            buffer = [UInt8](repeating: 0, count: Int(needed))
        }
    }

    /// Compares two texts at `strength`; for one-off comparisons (sorting uses keys).
    public func compare(_ a: String, _ b: String, strength: Strength = .secondary) -> Order {
        Order(sortKey(a, strength: strength), sortKey(b, strength: strength))
    }
}

/// A three-way comparison result.
public enum Order: Sendable {
    case ascending, same, descending

    init(_ a: [UInt8], _ b: [UInt8]) {
        if a == b { self = .same } else { self = a.lexicographicallyPrecedes(b) ? .ascending : .descending }
    }
}

extension String {
    /// ICU accepts `de_AT` and `de-AT`, but keywords need underscores before the `@`.
    var replacingHyphens: String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}
