/// Heading anchors exactly as GitHub computes them, so the links in `PAGE.md` work on GitHub and
/// in CI job summaries, and the HTML uses the same ids: lower-case, punctuation dropped (except
/// `-` and `_`), spaces become hyphens, and a repeated anchor gets `-1`, `-2`, … in document order.
public struct AnchorSlugger: Sendable {
    private var counts: [String: Int] = [:]
    private var taken: Set<String> = []

    public init() {}

    /// The anchor GitHub gives a heading with this text, before de-duplication.
    public static func base(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                result += "-"
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic || properties.numericType != nil
                || properties.generalCategory == .nonspacingMark || properties.generalCategory == .spacingMark
                || properties.generalCategory == .enclosingMark {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Registers a heading and returns its unique anchor.
    public mutating func anchor(for text: String) -> String {
        let base = Self.base(text)
        var candidate = base
        if taken.contains(candidate) {
            var count = counts[base, default: 0]
            repeat {
                count += 1
                candidate = "\(base)-\(count)"
            } while taken.contains(candidate)
            counts[base] = count
        }
        taken.insert(candidate)
        return candidate
    }

    /// Registers an anchor chosen elsewhere, so later headings avoid it.
    public mutating func reserve(_ anchor: String) {
        taken.insert(anchor)
    }

    public func isTaken(_ anchor: String) -> Bool { taken.contains(anchor) }
}
