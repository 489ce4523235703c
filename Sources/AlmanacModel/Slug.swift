import AlmanacCore
import Foundation

/// Safe, stable names for files and anchors made from data.
///
/// A slug is lower-case ASCII letters, digits and hyphens, accents folded (`Ørsted` → `orsted`),
/// at most 64 characters, never empty, never `.` or `..`: it cannot leave the output folder or
/// name a hidden file, whatever the data holds.
public enum Slug {
    public static let maximumLength = 64

    public static func make(_ text: String, fallback: String = "item") -> String {
        let folded: String
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            folded = text
        } else if text.unicodeScalars.allSatisfy({ $0.value < 0x250 }) {
            // Latin text: decomposing and dropping the accents is enough, and far cheaper than
            // ICU's transliterator, which only other scripts need.
            folded = String(String.UnicodeScalarView(text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark
            }))
        } else {
            folded = text.applyingTransform(.toLatin, reverse: false)?
                .folding(options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en"))
                ?? text
        }
        var slug: [UInt8] = []
        slug.reserveCapacity(min(folded.utf8.count, maximumLength + 8))
        var pendingHyphen = false
        func append(_ bytes: StaticString) {
            if pendingHyphen && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            pendingHyphen = false
            bytes.withUTF8Buffer { slug.append(contentsOf: $0) }
        }
        for scalar in folded.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39, 0x61...0x7A:
                if pendingHyphen && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                slug.append(UInt8(scalar.value))
            case 0x41...0x5A:
                if pendingHyphen && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                slug.append(UInt8(scalar.value) | 0x20)
            case 0x26:
                // A word of its own: "AT&T" reads "at-and-t".
                pendingHyphen = true
                append("and")
                pendingHyphen = true
            default:
                if let spelling = LetterFolding.spelling(ofEitherCase: scalar) {
                    if pendingHyphen && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingHyphen = false
                    slug.append(contentsOf: spelling.utf8)
                } else {
                    pendingHyphen = true
                }
            }
            if slug.count >= maximumLength { break }
        }
        if slug.count > maximumLength { slug.removeLast(slug.count - maximumLength) }
        while slug.last == UInt8(ascii: "-") { slug.removeLast() }
        return slug.isEmpty ? fallback : String(decoding: slug, as: UTF8.self)
    }

}

/// Hands out slugs that never repeat within one namespace (a page's rows, a site's pages): the
/// second `paris` becomes `paris-2`. Allocation follows row order, which is total, so the same
/// input always gets the same names.
///
/// Each base remembers the next suffix to try: names are only ever added, so every suffix below
/// it is still taken, and 100,000 rows sharing a label cost one step each rather than a walk
/// over all the suffixes before them.
public struct SlugAllocator: Sendable {
    private var taken: Set<String>
    private var nextSuffix: [String: Int] = [:]

    public init(reserved: Set<String> = []) {
        self.taken = reserved
    }

    /// Room for `count` more slugs, so that a page of many rows does not grow the set of
    /// taken slugs step by step, rehashing it each time.
    public mutating func reserveCapacity(_ count: Int) {
        taken.reserveCapacity(taken.count + count)
    }

    public mutating func allocate(_ text: String, fallback: String = "item") -> String {
        allocate(slug: Slug.make(text, fallback: fallback))
    }

    public mutating func allocate(slug base: String) -> String {
        // One hash of the slug for the common case, which a page of 100,000 rows makes serially.
        if taken.insert(base).inserted { return base }
        var suffix = nextSuffix[base] ?? 2
        var candidate = "\(base)-\(suffix)"
        while taken.contains(candidate) {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        nextSuffix[base] = suffix + 1
        taken.insert(candidate)
        return candidate
    }
}
