import AlmanacCore
import AlmanacModel

/// The words of a sharded page that a typo can stand for, in small lists the browser reads
/// only when a query's words as written find nothing: one list per first letter and length.
///
/// A near word keeps its first letter and is at most two edits longer or shorter
/// (`36-near-words.js`), so a word of 13 letters needs the lists of its letter for 11 to 15
/// letters, a few kilobytes, rather than the postings of every word (Lunr's whole index) or a
/// list of every word of a million rows. Each list is a shard file of its own, named as a
/// shard whose key is `keyMark` and the letter and whose page is the length; `keyMark` is not
/// a letter, so no shard of rows has such a key.
struct SearchVocabulary {
    /// Begins the key of a list: not a word's letter.
    static let keyMark = "~"

    /// The shortest word a near word can be: four letters less one edit.
    static let shortest = 3

    /// The most words in a file of lists, unless one list alone is longer: about 2 KB as a
    /// static host gzips them.
    static let packWords = 500

    struct List {
        let letter: String
        let length: Int
        /// Each word and how many rows hold it, by UTF-8 bytes.
        let words: [(word: String, rows: Int)]
    }

    let lists: [List]
    /// Each list's file: lists of one letter, in length order, share one up to `packWords`.
    let packs: [Int]
    let packCount: Int

    init(_ rowsOfWord: [String: [Int]]) {
        var grouped: [String: [Int: [(word: String, rows: Int)]]] = [:]
        for (word, rows) in rowsOfWord {
            let scalars = word.unicodeScalars
            guard let first = scalars.first, scalars.count >= Self.shortest, Self.mayBeNear(word) else { continue }
            grouped[String(first), default: [:]][scalars.count, default: []].append((word, rows.count))
        }
        var lists: [List] = []
        for letter in grouped.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            for (length, words) in grouped[letter, default: [:]].sorted(by: { $0.key < $1.key }) {
                let ordered = words.sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
                lists.append(List(letter: letter, length: length, words: ordered))
            }
        }
        let packs = FilePacking.inOrder(lists.map(\.words.count), capacity: Self.packWords) { index in
            index > 0 && lists[index].letter != lists[index - 1].letter
        }
        self.lists = lists
        self.packs = packs
        self.packCount = (packs.last ?? -1) + 1
    }

    /// A pack's shard key.
    static func key(ofPack pack: Int) -> String { keyMark + String(pack) }

    /// The words of every list in each pack, in list order.
    var packedWords: [[(word: String, rows: Int)]] {
        var packed = Array(repeating: [(word: String, rows: Int)](), count: packCount)
        for (list, pack) in zip(lists, packs) { packed[pack] += list.words }
        return packed
    }

    /// Whether a typo may stand for `word`: not a number (`0001` is not near `0002`) and not a
    /// word of a script written without spaces, as `mayBeNear` in the page script.
    static func mayBeNear(_ word: String) -> Bool {
        !word.unicodeScalars.contains { scalar in
            if WordBreaker.isSpaceless(scalar) { return true }
            switch scalar.properties.generalCategory {
            case .decimalNumber, .letterNumber, .otherNumber: return true
            default: return false
            }
        }
    }

    /// `"b13":[412,7]`: each list's letter and length, how many words it holds and its pack,
    /// for the manifest.
    var manifestEntries: [String] {
        zip(lists, packs).map { list, pack in
            var entry = ""
            JSONWriter.quote(list.letter + String(list.length), into: &entry)
            return entry + ":[" + String(list.words.count) + "," + String(pack) + "]"
        }
    }

    /// One list as the shard script that registers it: `[["word",rows],…]`.
    static func script(named name: String, _ words: [(word: String, rows: Int)], scratch: inout [UInt8]) -> [UInt8] {
        var script = SearchIndex.shardScriptHead(named: name)
        script.append(UInt8(ascii: "["))
        for (index, entry) in words.enumerated() {
            if index > 0 { script.append(UInt8(ascii: ",")) }
            script.append(UInt8(ascii: "["))
            SearchIndex.appendQuotedForScript(entry.word, scratch: &scratch, into: &script)
            script += ("," + String(entry.rows) + "]").utf8
        }
        script.append(UInt8(ascii: "]"))
        script += SearchIndex.shardScriptTail
        return script
    }
}
