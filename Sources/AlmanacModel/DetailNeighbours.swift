/// Where the rows with detail pages sit in each section of a page, found once: a detail page
/// links the nearest such rows before and after it as previous and next. With
/// `detail: failing` they may be far apart (a report's thousand failures among fifty thousand
/// passes), so each lookup is a binary search here rather than a walk along the section.
public struct DetailNeighbours: Sendable {
    /// By section, the positions of its rows that have detail pages, in order.
    private let positions: [[Int]]

    public init(_ page: Page) {
        let settings = page.settings
        positions = page.sections.map { section in
            guard settings.hasDetailPages else { return [] }
            return section.rows.indices.filter { settings.hasDetailPage(section.rows[$0]) }
        }
    }

    /// The rows before and after `position` in section `section` that have detail pages.
    public func of(_ position: Int, inSection section: Int, of page: Page) -> (previous: Row?, next: Row?) {
        let shown = positions[section]
        let rows = page.sections[section].rows
        let after = firstIndex(above: position, in: shown)
        var before = after
        while before > 0, shown[before - 1] >= position { before -= 1 }
        return (before > 0 ? rows[shown[before - 1]] : nil, after < shown.count ? rows[shown[after]] : nil)
    }

    /// The index in `sorted` of its first value greater than `position`.
    private func firstIndex(above position: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
