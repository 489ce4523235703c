import AlmanacCore
import AlmanacModel

/// The search data of a page: one folded string per row, in the order the rows appear in the
/// HTML, each holding the row's searched fields separated by U+0001 (so a term never matches
/// across two fields).
///
/// It is a script rather than JSON because pages opened from disk (`file://`) may load scripts
/// but not fetch files; the page loads it only when the search field is first used.
public enum SearchIndex {
    public static let separator = "\u{1}"

    /// The search data of a page: one file, or for a large split page a small manifest plus
    /// shard files in `paths.shardFolder`. The file pages name is `paths.searchData`; its name
    /// comes from a fingerprint of the inputs, so pages can name it before it exists.
    public static func artifacts(for page: Page, paths: PagePaths) -> [Artifact] {
        var artifacts: [Artifact] = []
        // Gathering into memory cannot fail.
        try? write(for: page, paths: paths) { artifacts.append($0) }
        return artifacts
    }

    /// The same files handed to `emit` one at a time, as they are made: at a million rows the
    /// shards are most of a gigabyte, more than a build should hold. The search data's own
    /// file comes last but for the entry that names it.
    public static func write(for page: Page, paths: PagePaths, emit: (Artifact) throws -> Void) throws {
        guard let main = paths.searchData else { return }
        if paths.shardFolder != nil {
            try writeSharded(for: page, paths: paths, mainPath: main, emit: emit)
        } else {
            try emit(Artifact(path: main, bytes: script(for: page, paths: paths)))
        }
        if let entry = paths.searchEntry { try emit(Artifact(path: entry, text: entryScript(for: page, naming: main))) }
    }

    /// The entry a split page's files name: which file holds this build's search data. The
    /// browser asks for it past any cache; the file it names changes name with its content.
    static func entryScript(for page: Page, naming main: String) -> String {
        var script = BrowserContract.dataHead(.search, key: page.name) + "{" + BrowserContract.key(.file)
        JSONWriter.quote(main, into: &script)
        return script + "}" + BrowserContract.dataTail
    }

    /// Whether a page's search data is sharded: very large, and split into section pages.
    public static func isSharded(_ page: Page) -> Bool {
        page.rowCount > page.settings.searchShardThreshold && page.isSplit
    }

    /// Words as sharded search sees them: folded text (UTF-8) split at every code point that
    /// is not a letter, a mark folding kept or a number, each word handed to `body` as it is
    /// found. Code points, not Characters, because that is what the browser's `\p{L}\p{M}\p{N}`
    /// sees: a Hangul syllable folded to its jamo is one Character but three code points.
    ///
    /// A run in a script written without spaces is a word at each place ICU's dictionary says
    /// one begins (`spacelessWords`).
    static func forEachWord(in folded: [UInt8], breaker: WordBreaker, _ body: (ArraySlice<UInt8>) -> Void) {
        var start = -1
        var index = 0
        let count = folded.count
        // Whether the run holds a code point of three bytes or more: U+0800 up, where every
        // spaceless script is. Other runs are words as they stand.
        var mayBeSpaceless = false
        func end(at end: Int) {
            let run = folded[start..<end]
            if !mayBeSpaceless {
                body(run)
                return
            }
            for word in spacelessWords(String(decoding: run, as: UTF8.self), breaker: breaker) { body(ArraySlice(Array(word.utf8))) }
        }
        while index < count {
            let byte = folded[index]
            let width: Int
            let isWord: Bool
            if byte < 0x80 {
                width = 1
                isWord = isWordScalar(Unicode.Scalar(byte))
            } else {
                width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                var value = UInt32(byte) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
                for next in folded[(index + 1)..<min(count, index + width)] { value = value << 6 | UInt32(next & 0x3F) }
                isWord = Unicode.Scalar(value).map(isWordScalar) ?? false
            }
            if isWord {
                if start < 0 {
                    start = index
                    mayBeSpaceless = false
                }
                if width >= 3 { mayBeSpaceless = true }
            } else if start >= 0 {
                end(at: index)
                start = -1
            }
            index += width
        }
        if start >= 0 { end(at: count) }
    }

    /// The words of a run of Japanese, Chinese or Thai (`東京都庁`): the rest of the run from
    /// every place a word begins (`東京都庁`, `都庁`), so a query is found wherever a word of it
    /// begins and however long it is — `東京都` as well as `東京`, though ICU cuts a query on
    /// its own differently from the run it is part of. The rest is cut at
    /// `spacelessWordLength` code points, and the browser cuts a query as long.
    static func spacelessWords(_ run: String, breaker: WordBreaker) -> [Substring] {
        let pieces = breaker.words(of: run)
        guard pieces.count > 1 else { return [run[...]] }
        return pieces.map { piece in
            let rest = run[piece.startIndex...].unicodeScalars
            return Substring(rest[..<(rest.index(rest.startIndex, offsetBy: spacelessWordLength, limitedBy: rest.endIndex) ?? rest.endIndex)])
        }
    }

    /// The shorter-than-a-key beginnings of a word in a spaceless script (`東`, `東京` of
    /// `東京タワー`), under which its row is also filed as if they were words: one or two of
    /// its thousands of letters narrow as much as three of an alphabet's, and its words are
    /// mostly that short, so `東京` finds `東京タワー` where `co` does not find `cobalt`.
    static func forEachShortBeginning(of word: String, _ body: (String) -> Void) {
        guard word.unicodeScalars.contains(where: WordBreaker.isSpaceless) else { return }
        var beginning = ""
        for scalar in word.unicodeScalars.prefix(shardKeyLength - 1) {
            beginning.unicodeScalars.append(scalar)
            if beginning.unicodeScalars.count < word.unicodeScalars.count { body(beginning) }
        }
    }

    /// The most code points of a spaceless word: enough for any query a reader types in one
    /// breath, few enough that a long sentence's words stay a few times its length.
    public static let spacelessWordLength = 24

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        // Most text is ASCII, whose letters and digits need no lookup of Unicode properties.
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// The fewest code points that name a word's shard: shorter words are shards of their own
    /// (`co$`), and a reader must type this many letters of a longer word to search it.
    public static let shardKeyLength = 3

    /// The most rows a prefix's shard holds before it is split by one more letter.
    public static let shardLeafRows = 250

    /// Rows at most in one shard file: a file of about 13 KB, 3 KB as a static host sends it
    /// gzipped. Smaller than a leaf, because reading a file is the slowest keystroke of a
    /// search on a phone, and a query of one word needs only the first file of its leaf to
    /// fill the results list.
    public static let shardPageSize = 100

    /// Names a leaf's file of row numbers alone, written for a leaf of more than one page: what
    /// the filters need of a one-word search is which rows it finds, and a leaf's pages hold
    /// each row's words, label and address too — twenty times the bytes at a million rows.
    public static let shardRowsSuffix = "rows"

    /// Names the file beside a leaf's rows that holds each filter's value of those rows, in their
    /// order (`[column of filter 0, …]`), on a page with filters: a one-word search's counts
    /// beside a range or a filter, told from its own rows rather than from every row's values.
    public static let shardValuesSuffix = "values"

    /// The fields of an entry in a shard file, in order; the browser reads them by name.
    public static let shardEntryFields = ["row", "words", "label", "section", "href"]

    static func writeSharded(for page: Page, paths: PagePaths, mainPath: String, emit: (Artifact) throws -> Void) throws {
        let words = ShardWords(page)
        let leaves = SearchShards.leaves(words.rowsOfWord, shortest: shardKeyLength, leafRows: shardLeafRows)
        let packs = SearchShards.packs(leaves, pageSize: shardPageSize)
        var manifestShards: [String] = []
        var scratch: [UInt8] = []
        var packRows: [[[Int]]] = []
        for (leaf, pack) in zip(leaves, packs) {
            // The manifest gives each shard's row count, and a packed one's pack: the client
            // derives the page count and the file name (the key's UTF-8 in hex), which keeps
            // the manifest small.
            var entry = ""
            JSONWriter.quote(leaf.key, into: &entry)
            if let pack {
                if pack == packRows.count { packRows.append([]) }
                packRows[pack].append(leaf.rows)
                manifestShards.append(entry + ":[" + String(leaf.rows.count) + "," + String(pack) + "]")
                continue
            }
            manifestShards.append(entry + ":" + String(leaf.rows.count))
            let pages = (leaf.rows.count + shardPageSize - 1) / shardPageSize
            for pageIndex in 0..<pages {
                let rows = leaf.rows[(pageIndex * shardPageSize)..<min(leaf.rows.count, (pageIndex + 1) * shardPageSize)]
                let script = shardScript(
                    named: page.name + "/" + leaf.key + "/" + String(pageIndex), rows: rows, words: words, page: page, paths: paths,
                    scratch: &scratch)
                try emit(Artifact(path: paths.shard(key: leaf.key, page: pageIndex) ?? "", bytes: script))
            }
            if pages > 1 {
                var script = shardScriptHead(named: page.name + "/" + leaf.key + "/" + shardRowsSuffix)
                script += BrowseData.differences(leaf.rows)
                try emit(Artifact(path: paths.shardRows(key: leaf.key) ?? "", bytes: script + shardScriptTail))
                if let facets = page.facets, !facets.filters.isEmpty {
                    var values = shardScriptHead(named: page.name + "/" + leaf.key + "/" + shardValuesSuffix)
                    values += BrowseData.recordColumns(facets, rows: leaf.rows)
                    try emit(Artifact(path: paths.shardValues(key: leaf.key) ?? "", bytes: values + shardScriptTail))
                }
            }
        }
        for (pack, rows) in packRows.enumerated() {
            let key = SearchShards.packMark + String(pack)
            let script = shardScript(
                named: page.name + "/" + key + "/0", rows: ArraySlice(SearchShards.union(rows)), words: words, page: page, paths: paths,
                scratch: &scratch)
            try emit(Artifact(path: paths.shard(key: key, page: 0) ?? "", bytes: script))
        }
        let vocabulary = SearchVocabulary(words.rowsOfWord)
        for (pack, packed) in vocabulary.packedWords.enumerated() {
            let key = SearchVocabulary.key(ofPack: pack)
            let script = SearchVocabulary.script(named: page.name + "/" + key + "/0", packed, scratch: &scratch)
            try emit(Artifact(path: paths.shard(key: key, page: 0) ?? "", bytes: script))
        }
        let manifest = shardManifest(
            page, paths: paths, mainPath: mainPath, rowCount: words.places.count, shards: manifestShards, vocabulary: vocabulary.manifestEntries)
        try emit(Artifact(path: mainPath, bytes: Array(manifest.utf8)))
    }

    /// Every row's words, and the rows each word is in. At millions of rows a string per row,
    /// three times over, was most of the build's memory: each row's words are kept as bytes in
    /// one buffer, and its label and address are read from the page when a shard names the row.
    /// Words of one field are apart by a space, fields by `shardFieldBreak`, so a quoted phrase
    /// is found within a field as on a whole page.
    struct ShardWords {
        var rowsOfWord: [String: [Int]] = [:]
        var bytes: [UInt8] = []
        var starts: [Int] = [0]
        var places: [(section: Int32, position: Int32)] = []

        init(_ page: Page) {
            starts.reserveCapacity(page.rowCount + 1)
            places.reserveCapacity(page.rowCount)
            var row = 0
            var folded: [UInt8] = []
            var rowWords: [String] = []
            let breaker = WordBreaker()
            let separator = UInt8(ascii: "\u{1}")
            for (sectionIndex, section) in page.sections.enumerated() {
                for (position, entry) in section.rows.enumerated() {
                    folded.removeAll(keepingCapacity: true)
                    foldedBytes(entry, of: page, into: &folded)
                    rowWords.removeAll(keepingCapacity: true)
                    for field in folded.split(separator: separator) {
                        var firstOfField = true
                        forEachWord(in: Array(field), breaker: breaker) { word in
                            if bytes.count > starts[row] { bytes += firstOfField ? Array(shardFieldBreak.utf8) : [UInt8(ascii: " ")] }
                            firstOfField = false
                            bytes.append(contentsOf: word)
                            // A row has a handful of words: a scan beats hashing them into a set.
                            let text = String(decoding: word, as: UTF8.self)
                            if !rowWords.contains(text) { rowWords.append(text) }
                            // Spaceless scripts are all at U+0800 and up, three bytes or more.
                            if word.contains(where: { $0 >= 0xE0 }) {
                                forEachShortBeginning(of: text) { if !rowWords.contains($0) { rowWords.append($0) } }
                            }
                        }
                    }
                    starts.append(bytes.count)
                    places.append((Int32(sectionIndex), Int32(position)))
                    for word in rowWords { rowsOfWord[word, default: []].append(row) }
                    row += 1
                }
            }
        }
    }

    /// Between the words of two fields in a shard entry: not a word, so never found as one.
    public static let shardFieldBreak = " | "

    /// One page of a shard's entries as the script that registers it. The entries are written
    /// as they stand inside the script string: words and numbers need no escaping, labels and
    /// addresses are JSON-quoted and then escaped for the string.
    static func shardScript(
        named name: String, rows: ArraySlice<Int>, words: ShardWords, page: Page, paths: PagePaths, scratch: inout [UInt8]
    ) -> [UInt8] {
        var script = shardScriptHead(named: name)
        script.reserveCapacity(16_384)
        script.append(UInt8(ascii: "["))
        for (position, row) in rows.enumerated() {
            if position > 0 { script += #",\n"#.utf8 }
            let place = words.places[row]
            let shown = page.sections[Int(place.section)].rows[Int(place.position)]
            script.append(UInt8(ascii: "["))
            script += String(row).utf8
            script += #",""#.utf8
            script += words.bytes[words.starts[row]..<words.starts[row + 1]]
            script += #"","#.utf8
            appendQuotedForScript(shown.label, scratch: &scratch, into: &script)
            script.append(UInt8(ascii: ","))
            script += String(place.section).utf8
            script.append(UInt8(ascii: ","))
            appendQuotedForScript(href(shown, section: Int(place.section), position: Int(place.position), page: page, paths: paths), scratch: &scratch, into: &script)
            script.append(UInt8(ascii: "]"))
        }
        script.append(UInt8(ascii: "]"))
        script += shardScriptTail
        return script
    }

    /// The file pages name: where the shards are, how many rows each holds, the sections.
    static func shardManifest(
        _ page: Page, paths: PagePaths, mainPath: String, rowCount: Int, shards: [String], vocabulary: [String]
    ) -> String {
        var manifest = BrowserContract.dataHead(.search, key: page.name) + "{" + BrowserContract.key(.sharded) + "true," + BrowserContract.key(.rows) + String(rowCount)
        manifest += "," + BrowserContract.key(.pageSize) + String(shardPageSize) + "," + BrowserContract.key(.folder)
        JSONWriter.quote((paths.shardFolder ?? "") + "/", into: &manifest)
        // Shards change with the inputs, which the manifest's own name fingerprints: its hash
        // in their address keeps caches honest.
        let version = ContentHash.hex(Array(mainPath.utf8), length: 16)
        manifest += "," + BrowserContract.key(.version) + "\"" + version + "\"," + BrowserContract.key(.sections)
        appendSections(page, paths: paths, into: &manifest)
        manifest += ",\n" + BrowserContract.key(.vocabulary) + "{" + vocabulary.joined(separator: ",") + "}"
        manifest += ",\n" + BrowserContract.key(.shards) + "{" + shards.joined(separator: ",") + "}}" + BrowserContract.dataTail
        return manifest
    }

    /// Each row's label, section and address, in page order: what a split page's search
    /// results show, since those rows are not on the page being searched.
    static func rowFacts(_ page: Page, paths: PagePaths) -> (labels: [String], sections: [Int], hrefs: [String]) {
        var labels: [String] = []
        var sections: [Int] = []
        var hrefs: [String] = []
        for (index, section) in page.sections.enumerated() {
            for (position, row) in section.rows.enumerated() {
                labels.append(row.label)
                sections.append(index)
                hrefs.append(href(row, section: index, position: position, page: page, paths: paths))
            }
        }
        return (labels, sections, hrefs)
    }

    /// The start of a shard file's script, which hands its entries (a JSON array, escaped
    /// for a script string, and then `shardScriptTail`) to the page as `name`; loading a
    /// shard is the slowest keystroke of a search, so it is parsed from a string.
    static func shardScriptHead(named name: String) -> [UInt8] {
        BrowserContract.parsedDataHead(.shard, key: name)
    }

    static let shardScriptTail = BrowserContract.parsedDataTail

    /// `text` as a JSON string, escaped for the single-quoted script string it stands in.
    static func appendQuotedForScript(_ text: String, scratch: inout [UInt8], into output: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        JSONWriter.quote(text, into: &scratch)
        appendScriptEscaped(scratch, into: &output)
    }

    /// UTF-8 `text` escaped for a single-quoted script string: backslashes, quotes and line breaks
    /// (U+2028 and U+2029 included) escaped. Bytes, not characters: every byte to escape but
    /// those two line breaks is ASCII, and shards are megabytes in all.
    static func appendScriptEscaped(_ text: [UInt8], into output: inout [UInt8]) {
        var run = 0
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            var escaped: StaticString?
            var width = 1
            switch byte {
            case UInt8(ascii: "\\"): escaped = "\\\\"
            case UInt8(ascii: "'"): escaped = "\\'"
            case 0x0A: escaped = "\\n"
            case 0x0D: escaped = "\\r"
            case 0xE2 where index + 2 < count && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
                escaped = text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            default: break
            }
            if let escaped {
                output.append(contentsOf: text[run..<index])
                escaped.withUTF8Buffer { output.append(contentsOf: $0) }
                run = index + width
            }
            index += width
        }
        output.append(contentsOf: text[run..<count])
    }

    /// Where a search result goes: the row's detail page, or the row on its section's page.
    static func href(_ row: Row, section: Int, position: Int, page: Page, paths: PagePaths) -> String {
        page.settings.hasDetailPage(row) ? paths.detail(row) : paths.section(section, showing: position) + "#row-" + row.slug
    }

    /// `[[id, title, page], …]` for every section of a split page (`sectionEntryFields`).
    static func appendSections(_ page: Page, paths: PagePaths, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, section) in page.sections.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "["))
            JSONWriter.quote(section.id, into: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.quote(section.title, into: &output)
            output.append(UInt8(ascii: ","))
            JSONWriter.quote(paths.section(index), into: &output)
            output.append(UInt8(ascii: "]"))
        }
        output.append(UInt8(ascii: "]"))
    }

    static func appendSections(_ page: Page, paths: PagePaths, into output: inout String) {
        var bytes: [UInt8] = []
        appendSections(page, paths: paths, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    public static func rows(for page: Page) -> [String] {
        page.rows.map { folded($0.row, of: page) }
    }

    /// `folded(row, of: page)` as UTF-8, appended to `output`. A field is searched as the page shows it: a date as its locale writes it
    /// (`9 mars 2024`), so what a reader reads is what they can type.
    static func foldedBytes(_ row: Row, of page: Page, into output: inout [UInt8]) {
        for (index, field) in page.searchFields.enumerated() {
            if index > 0 { output += separator.utf8 }
            let text: String
            if field == page.labelField && row.record[field] == nil {
                text = row.label
            } else if let value = row.record[field] {
                if case .string(let string) = value {
                    text = string
                } else {
                    text = FieldText.formatted(value, page.settings.formats[field], strings: page.strings) ?? value.text
                }
            } else {
                text = ""
            }
            SearchText.fold(text, into: &output)
        }
    }

    /// A row's searched fields, folded, with the separator between them.
    static func folded(_ row: Row, of page: Page) -> String {
        var bytes: [UInt8] = []
        foldedBytes(row, of: page, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The script that registers a page's search data. A split page's data also carries each
    /// row's label, section and address, because its results are listed from the data rather
    /// than filtered in place. Written as bytes into a buffer sized once: at 100,000 rows it is
    /// megabytes, made while the other listings render.
    /// A whole page's search data alone, as JSON: a single file carries it in a data element
    /// (`SingleFileAssets.searchDataID`), which the browser reads only when search is first
    /// used, rather than as script it must run before the page answers.
    public static func json(for page: Page) -> [UInt8] {
        var output: [UInt8] = []
        appendList(rows(for: page), into: &output)
        return output
    }

    public static func script(for page: Page, paths: PagePaths) -> [UInt8] {
        let folded = rows(for: page)
        let facts = paths.sectionFiles.isEmpty ? nil : rowFacts(page, paths: paths)
        var output: [UInt8] = []
        let listed = [folded, facts?.labels ?? [], facts?.hrefs ?? []].joined().reduce(0) { $0 + $1.utf8.count + 4 }
        output.reserveCapacity(256 + listed + listed / 8 + (facts?.sections.count ?? 0) * 6 + page.sections.count * 64)
        output += BrowserContract.dataHead(.search, key: page.name).utf8
        guard let facts else {
            appendList(folded, into: &output)
            output += BrowserContract.dataTail.utf8
            return output
        }
        output += ("{" + BrowserContract.key(.sections)).utf8
        appendSections(page, paths: paths, into: &output)
        output += (",\n" + BrowserContract.key(.rows)).utf8
        appendList(folded, into: &output)
        output += (",\n" + BrowserContract.key(.labels)).utf8
        appendList(facts.labels, into: &output)
        output += (",\n" + BrowserContract.key(.section) + "[").utf8
        for (index, section) in facts.sections.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output += String(section).utf8
        }
        output += ("],\n" + BrowserContract.key(.hrefs)).utf8
        appendList(facts.hrefs, into: &output)
        output += ("}" + BrowserContract.dataTail).utf8
        return output
    }

    private static func appendList(_ items: [String], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { output += ",\n".utf8 }
            JSONWriter.quote(item, into: &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}
