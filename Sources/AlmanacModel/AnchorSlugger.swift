/// Heading anchors exactly as GitHub computes them, so the links in `PAGE.md` work on GitHub and
/// in CI job summaries, and the HTML uses the same ids: lower-case, punctuation dropped (except
/// `-` and `_`), spaces become hyphens, and a repeated anchor gets `-1`, `-2`, … in document order.
public struct AnchorSlugger: Sendable {
    private var counts: [String: Int] = [:]
    private var taken: Set<String> = []
    private var takenPrefixes: [String] = []

    public init() {}

    /// A slugger that also keeps clear of the ids the page itself uses: a heading that would
    /// take one (`main`) gets the next free anchor instead (`main-1`), one that begins as the
    /// page's own ids do (`row-…`) is put under `section-`, and the Markdown names such an
    /// anchor explicitly (`Section.hasGitHubAnchor`).
    public init(avoiding ids: Set<String>, prefixes: [String]) {
        taken = ids
        takenPrefixes = prefixes
    }

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
        var base = Self.base(text)
        // `row-boats` would read as a row's id however it were numbered.
        if takenPrefixes.contains(where: base.hasPrefix) { base = "section-" + base }
        var candidate = base
        if isTaken(candidate) {
            var count = counts[base, default: 0]
            repeat {
                count += 1
                candidate = "\(base)-\(count)"
            } while isTaken(candidate)
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
