import AlmanacModel
import Foundation

/// How one section of a split listing is cut into pages: a section of 8,000 rows is megabytes
/// of HTML that a phone takes seconds to open, so past `section_rows` rows it becomes pages of
/// even size, each named by its guide words as a printed index names its pages (`Aa–Am`,
/// `An–Az`). Every row stays in some page's HTML, so the pages work without scripts and
/// find-in-page finds what they show.
public struct SectionParts: Sendable {
    /// The rows of each part, in order; one range for a section that fits on one page.
    public let ranges: [Range<Int>]
    /// Each part's guide (`Aa–Am`); empty for a section of one part.
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

    /// Guide words as short as keep neighbouring pages apart: the first and last labels of
    /// each part, cut to the fewest letters (at least two) that differ from the label across
    /// the page boundary, compared without case, and to fourteen at most (labels that share
    /// long beginnings would otherwise make guides as long as the labels).
    static func guides(_ labels: [String], ranges: [Range<Int>]) -> [String] {
        func cut(_ label: String, against other: String?) -> String {
            let letters = Array(label)
            guard let other else { return String(letters.prefix(2)) }
            let others = Array(other.lowercased())
            let lowered = Array(label.lowercased())
            var length = min(2, letters.count)
            while length < min(letters.count, 14), Array(lowered.prefix(length)) == Array(others.prefix(length)) {
                length += 1
            }
            return String(letters.prefix(length)).trimmingCharacters(in: .whitespaces)
        }
        return ranges.enumerated().map { index, range in
            let first = labels[range.lowerBound], last = labels[range.upperBound - 1]
            let before = index > 0 ? labels[ranges[index - 1].upperBound - 1] : nil
            let after = index + 1 < ranges.count ? labels[ranges[index + 1].lowerBound] : nil
            return cut(first, against: before) + "–" + cut(last, against: after)
        }
    }
}
