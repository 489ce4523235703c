/// The records of one list in a data file — a CSV's rows, a JSON array's objects, a YAML
/// sequence's items — as byte ranges, with what the file has between them.
///
/// An edit splices bytes: adding copies the file's own separator and puts the new record after
/// the last one; removing deletes one record and one separator. So every byte the edit does
/// not touch stays as it was, and removing what was just added gives the file back exactly.
struct RecordRun {
    /// Each record's bytes, in file order.
    var items: [Range<Int>]
    /// A fixed line before the first record that is never removed (a CSV's header): a new
    /// first record goes after it, and removing the only record deletes back to its end.
    let anchor: Range<Int>?
    /// Without an anchor, the inside of the brackets (`[` … `]`): an empty run's new record
    /// goes there, and removing the only record empties it.
    var inside: Range<Int>
    /// Put between two records when the run has fewer than two to copy the separator from.
    let separator: [UInt8]
    /// Around the first record of an empty bracketed run (`\n  ` … `\n`).
    let opening: [UInt8]
    let closing: [UInt8]
    /// Whether a new record copies the separator between the last two (JSON's `,\n  `), or
    /// always gets `separator` (a line break: what is between two CSV rows or YAML items may
    /// hold blank lines and comments that belong to them).
    let copiesSeparator: Bool

    init(
        items: [Range<Int>], anchor: Range<Int>? = nil, inside: Range<Int>, separator: [UInt8], opening: [UInt8] = [], closing: [UInt8] = [],
        copiesSeparator: Bool = false
    ) {
        self.items = items
        self.anchor = anchor
        self.inside = inside
        self.separator = separator
        self.opening = opening
        self.closing = closing
        self.copiesSeparator = copiesSeparator
    }

    /// The separator a new record gets: the one between the last two records, else the default.
    func separator(in bytes: [UInt8]) -> [UInt8] {
        guard copiesSeparator && items.count >= 2 else { return separator }
        return Array(bytes[items[items.count - 2].upperBound..<items[items.count - 1].lowerBound])
    }

    /// `bytes` with `record` after the last record.
    func appending(_ record: [UInt8], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        if let last = items.last {
            result.insert(contentsOf: separator(in: bytes) + record, at: last.upperBound)
        } else if let anchor {
            result.insert(contentsOf: separator + record, at: anchor.upperBound)
        } else {
            result.replaceSubrange(inside, with: opening + record + closing)
        }
        return result
    }

    /// `bytes` without the records at `indices`, each with one separator: the one after it, or
    /// before it when nothing follows. Consecutive records go as one stretch, and every stretch
    /// is measured on the original layout, so removing half of a large file stays linear.
    func removing(_ indices: [Int], from bytes: [UInt8]) -> [UInt8] {
        let chosen = Set(indices)
        guard !chosen.isEmpty else { return bytes }
        var cuts: [Range<Int>] = []
        var index = 0
        while index < items.count {
            guard chosen.contains(index) else { index += 1; continue }
            var last = index
            while last + 1 < items.count && chosen.contains(last + 1) { last += 1 }
            if last + 1 < items.count {
                cuts.append(items[index].lowerBound..<items[last + 1].lowerBound)
            } else if index > 0 {
                cuts.append(items[index - 1].upperBound..<items[last].upperBound)
            } else if let anchor {
                cuts.append(anchor.upperBound..<items[last].upperBound)
            } else {
                cuts.append(inside)
            }
            index = last + 1
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for cut in cuts {
            result += bytes[position..<cut.lowerBound]
            position = cut.upperBound
        }
        result += bytes[position...]
        return result
    }
}
