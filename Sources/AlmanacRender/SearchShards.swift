/// Which shard file each word of a sharded search goes to: a trie of word prefixes cut where a
/// branch holds few enough rows to download at once.
///
/// A fixed three-letter key made `san` one shard of tens of thousands of rows at a million, so
/// a query for a rare word beginning with it downloaded megabytes. Here a prefix whose words
/// fall in more than `leafRows` rows is split by one more code point, until each leaf is small
/// or cannot be split further (a very common word). A leaf is either a prefix (`ande`: every
/// word that begins with it) or a whole word (`and$`: the word `and` itself, when longer
/// words beginning with `and` live in leaves of their own; `software$`: a word too common to
/// cut, alone under its prefix). The keys are prefix-free apart
/// from that marker, so the browser finds a word's leaves by walking its prefixes or by one
/// range of the sorted keys.
public enum SearchShards {
    /// Marks a leaf that holds one whole word rather than a prefix. Words are letters and
    /// numbers only, so it cannot be part of one.
    public static let wholeWord = "$"

    /// Begins the key of a pack: a file holding several small leaves. Not a word's letter.
    public static let packMark = "#"

    /// One shard: its key and the rows (in page order) that have a word in it.
    public struct Leaf: Equatable, Sendable {
        public let key: String
        public let rows: [Int]
    }

    /// Cuts the words of every row into leaves, in key order (by UTF-8 bytes). `words` maps
    /// each distinct word to the rows it is in, ascending.
    public static func leaves(_ words: [String: [Int]], shortest: Int, leafRows: Int) -> [Leaf] {
        var leaves: [Leaf] = []
        let entries = words.map { (scalars: Array($0.key.unicodeScalars), rows: $0.value) }
        split(entries, depth: 0, shortest: shortest, leafRows: leafRows, into: &leaves)
        return leaves
    }

    /// Which pack each leaf goes to, or nil for a leaf of a page or more of its own. A leaf
    /// with fewer rows than a page shares a file with the small leaves after it, in key order,
    /// up to a page of rows: most leaves are a few rows, and a file for each made a table of
    /// 7,910 rows more search files than rows. A query reading a pack for one leaf finds the
    /// others' rows in it too and leaves them, as it leaves rows of other words in a leaf.
    public static func packs(_ leaves: [Leaf], pageSize: Int) -> [Int?] {
        let small = leaves.indices.filter { leaves[$0].rows.count < pageSize }
        let files = FilePacking.inOrder(small.map { leaves[$0].rows.count }, capacity: pageSize)
        var packs = [Int?](repeating: nil, count: leaves.count)
        for (leaf, file) in zip(small, files) { packs[leaf] = file }
        return packs
    }

    typealias Entry = (scalars: [Unicode.Scalar], rows: [Int])

    /// The leaves of a group of words that share their first `depth` code points. One word,
    /// however common, is not cut: a longer key would hold the same rows.
    private static func split(_ group: [Entry], depth: Int, shortest: Int, leafRows: Int, into leaves: inout [Leaf]) {
        let prefix = group.first.map { key($0.scalars.prefix(depth)) } ?? ""
        if depth >= shortest {
            let rows = union(group.map(\.rows))
            if rows.count <= leafRows || group.count == 1 || group.allSatisfy({ $0.scalars.count <= depth }) {
                leaves.append(Leaf(key: rows.count > leafRows ? wholeKey(group, or: prefix) : prefix, rows: rows))
                return
            }
        }
        // Words that end here are a leaf of their own; the rest go one code point deeper.
        let ending = group.filter { $0.scalars.count == depth }
        if !ending.isEmpty {
            leaves.append(Leaf(key: prefix + wholeWord, rows: union(ending.map(\.rows))))
        }
        let children = Dictionary(grouping: group.filter { $0.scalars.count > depth }) { $0.scalars[depth] }
        let ordered = children.sorted { String($0.key).utf8.lexicographicallyPrecedes(String($1.key).utf8) }
        for (_, child) in ordered {
            split(child, depth: depth + 1, shortest: shortest, leafRows: leafRows, into: &leaves)
        }
    }

    /// Longest word, in UTF-8 bytes, keyed whole: its file is named by the key in hex.
    static let longestWholeKey = 64

    /// A leaf too common to cut is one word: keyed by that whole word (`software$`, not
    /// `soft`), the browser knows that `softwsre` is in none of its rows without reading
    /// them. Keyed by the prefix, a typo after it read every page of the word — at a million
    /// rows, hundreds of files — before it could try near words.
    private static func wholeKey(_ group: [Entry], or prefix: String) -> String {
        guard group.count == 1, group[0].scalars.count > 0 else { return prefix }
        let word = key(group[0].scalars[...])
        return word.utf8.count <= longestWholeKey ? word + wholeWord : prefix
    }

    private static func key(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Ascending lists merged into one without repeats.
    static func union(_ lists: [[Int]]) -> [Int] {
        if lists.count == 1 { return lists[0] }
        var all = lists.flatMap { $0 }
        all.sort()
        var unique: [Int] = []
        unique.reserveCapacity(all.count)
        for row in all where unique.last != row { unique.append(row) }
        return unique
    }
}
