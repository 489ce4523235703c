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
        if text.unicodeScalars.allSatisfy({ $0.value < 0x250 }) {
            // Latin text: decomposing and dropping the accents is enough, and far cheaper than
            // ICU's transliterator, which only other scripts need.
            folded = String(String.UnicodeScalarView(text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark
            }))
        } else {
            folded = text.applyingTransform(.toLatin, reverse: false)?
                .folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: Locale(identifier: "en"))
                ?? text.lowercased()
        }
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let special: String? = switch scalar {
            case "ø", "Ø": "o"
            case "ł", "Ł": "l"
            case "đ", "Đ": "d"
            case "ß": "ss"
            case "æ", "Æ": "ae"
            case "œ", "Œ": "oe"
            case "þ", "Þ": "th"
            default: nil
            }
            if scalar == "&" {
                // A word of its own: "AT&T" reads "at-and-t".
                if !slug.isEmpty { slug += "-" }
                slug += "and"
                pendingHyphen = true
            } else if let special {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug += special
            } else if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                if pendingHyphen && !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(lower(scalar))
            } else {
                pendingHyphen = true
            }
            if slug.utf8.count >= maximumLength { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.utf8.count > maximumLength { slug = String(slug.prefix(maximumLength)) }
        return slug.isEmpty ? fallback : slug
    }

    private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if (0x41...0x5A).contains(scalar.value) { return Unicode.Scalar(scalar.value + 32) ?? scalar }
        return scalar
    }
}

/// Hands out slugs that never repeat within one namespace (a page's rows, a site's pages): the
/// second `paris` becomes `paris-2`. Allocation follows row order, which is total, so the same
/// input always gets the same names.
public struct SlugAllocator: Sendable {
    private var taken: Set<String>

    public init(reserved: Set<String> = []) {
        self.taken = reserved
    }

    public mutating func allocate(_ text: String, fallback: String = "item") -> String {
        allocate(slug: Slug.make(text, fallback: fallback))
    }

    public mutating func allocate(slug base: String) -> String {
        var candidate = base
        var suffix = 2
        while taken.contains(candidate) {
            candidate = "\(base)-\(suffix)"
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
