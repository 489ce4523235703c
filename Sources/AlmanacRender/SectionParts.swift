import AlmanacModel
import Foundation

/// How one section of a split listing is cut into pages: a section of 8,000 rows is megabytes
/// of HTML that a phone takes seconds to open, so past `section_rows` rows it becomes pages of
/// even size, each named by its guide words as a printed index names its pages
/// (`Aaron–Abbey`, `Abbott–Azure`). Every row stays in some page's HTML, so the pages work without scripts and
/// find-in-page finds what they show.
public struct SectionParts: Sendable {
    /// The rows of each part, in order; one range for a section that fits on one page.
    public let ranges: [Range<Int>]
    /// Each part's guide (`Aaron–Abbey`); empty for a section of one part.
    public let guides: [String]
    /// Rows in each part but the last.
    private let size: Int

    public init(_ section: Section, rowsPerPage: Int) {
        let count = section.rows.count
        let parts = max(1, (count + rowsPerPage - 1) / rowsPerPage)
        let size = max(1, (count + parts - 1) / parts)
        let ranges = (0..<parts).map { min(count, $0 * size)..<min(count, ($0 + 1) * size) }.enumerated()
            .filter { $0.offset == 0 || !$0.element.isEmpty }.map(\.element)
        self.size = size
        self.ranges = ranges
        guides = parts == 1 ? [] : Self.guides(section.rows.map(\.label), ranges: ranges)
    }

    public var count: Int { ranges.count }

    /// The part that shows the row at `position` in the section.
    public func part(of position: Int) -> Int { min(ranges.count - 1, position / size) }

    /// Guide words as a printed index heads its pages: the first and last labels of each part
    /// in whole words — the first word, and as many more as keep the label apart from the one
    /// across the page boundary (compared without case). Past thirty characters a guide ends
    /// at a word's end with an ellipsis; a word is never cut.
    static func guides(_ labels: [String], ranges: [Range<Int>]) -> [String] {
        ranges.enumerated().map { index, range in
            let first = labels[range.lowerBound], last = labels[range.upperBound - 1]
            let before = index > 0 ? labels[ranges[index - 1].upperBound - 1] : nil
            let after = index + 1 < ranges.count ? labels[ranges[index + 1].lowerBound] : nil
            return guideWords(first, against: before) + "–" + guideWords(last, against: after)
        }
    }

    static let guideLength = 30

    /// The fewest whole words of `label` that differ from `other`'s words at the same places.
    static func guideWords(_ label: String, against other: String?) -> String {
        let words = label.split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { return label }
        let others = other.map { $0.lowercased().split(whereSeparator: \.isWhitespace).map(String.init) } ?? []
        var count = 1
        while count < words.count, count <= others.count,
              words.prefix(count).map({ $0.lowercased() }) == Array(others.prefix(count)) {
            count += 1
        }
        var guide = words[0]
        for word in words[1..<count] {
            guard guide.count + 1 + word.count <= guideLength else { return guide + "…" }
            guide += " " + word
        }
        return guide
    }
}
