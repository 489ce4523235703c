import AlmanacCore
import AlmanacModel

/// What the browser must agree on with the build, written from the Swift definitions at the
/// top of the page script: the letters search spells out when it folds accents and the marks it
/// keeps, the scripts whose words it cuts by dictionary, the separator
/// between a row's searched fields, how many code points name a shard, the names of the search
/// data's fields and the fields of its shard and section entries, and the number that stands
/// for a count in a header or footer. The page script reads it as its `contract` instead of
/// keeping copies.
public enum BrowserContract {
    /// The fields of a page's search data, by the name the script knows each by (the case)
    /// and the name the data file spells (the raw value). `SearchIndex` writes them through
    /// `key(_:)`; the script reads the data through the same table.
    public enum SearchDataField: String, CaseIterable, Sendable {
        /// The data is sharded by word prefix (its shards under `folder`).
        case sharded, rows, pageSize, folder, version, sections, shards
        /// A sharded page's near-word lists: how many words each holds, by first letter and length.
        case vocabulary
        /// A split page's rows: each one's label, section number and address.
        case labels, section, hrefs
        /// The entry a split page names: the file of this build's search data.
        case file
    }

    /// The fields of a split page's filter and order data (`BrowseData`), as `SearchDataField`
    /// is for its search data.
    public enum BrowseDataField: String, CaseIterable, Sendable {
        case rows, folder, version, columnRows, orderRows, factRows, sections, sectionStarts
        /// Each filter: its `kind` (`values` or `range`); a values filter's `counts` and
        /// whether each row has one value (`single`).
        case filters, kind, single, counts
        /// `"a b"`: the rows of each pair of values of filters a and b, row-major.
        case pairs
        /// Each order: how many rows have a value in it (`present`).
        case sorts, present
        /// The rows in the first range filter's order (`RangeIndex`): which filter that is
        /// (`rangeFilter`, null for none), each value's chunks' first keys (`records`), and
        /// how many rows a chunk and a block of the index hold.
        case rangeFilter, records, recordRows, indexRows
        /// The entry a split page names: the file of this build's manifest.
        case file
    }

    /// What a file beside a page holds, by which the page knows it. file:// lets a page load
    /// scripts but not fetch files, so each such file is a script; it hands its value to the
    /// page's script in an event on the document (`dataEvent`, its detail `[channel, key,
    /// value]`), not in a global that every other script on the page could read or replace.
    public enum DataChannel: String, CaseIterable, Sendable {
        /// A page's search data, or the entry naming a split page's: keyed by the page's name.
        case search
        /// A page of a search shard's entries, a leaf's rows or their values: by `page/key/page`.
        case shard
        /// A split page's filter manifest, or the entry naming it: by the page's name.
        case browse
        /// One of a split page's filter and order files: by `page/stem`.
        case file
    }

    /// The event a data file hands its value in.
    public static let dataEvent = "almanac:data"

    /// The start of a data file's script, which hands the value written after it (and then
    /// `dataTail`) to the page as `key` of `channel`.
    static func dataHead(_ channel: DataChannel, key: String) -> String {
        var output = "document.dispatchEvent(new CustomEvent(\"" + dataEvent + "\",{detail:[\"" + channel.rawValue + "\","
        JSONWriter.quote(key, into: &output)
        return output + ","
    }

    static let dataTail = "]}));\n"

    /// The start and end of a data file whose value is JSON in a script string (escaped with
    /// `SearchIndex.appendScriptEscaped`): a phone's script engine reads `JSON.parse` of a
    /// string faster than the same value written as code.
    static func parsedDataHead(_ channel: DataChannel, key: String) -> [UInt8] {
        Array((dataHead(channel, key: key) + "JSON.parse('").utf8)
    }

    static let parsedDataTail = Array(("')" + dataTail).utf8)

    /// The fields of each entry of a split page's `sections`, in order.
    public static let sectionEntryFields = ["id", "title", "page"]

    /// `"name":`, as the search data spells a field.
    static func key(_ field: SearchDataField) -> String { "\"" + field.rawValue + "\":" }

    static func browseKey(_ field: BrowseDataField) -> String { "\"" + field.rawValue + "\":" }

    /// The count a section's header or footer is rendered with for search to put the number
    /// of rows it shows in its place (`{{count}} states` while 4 of 8 show: `4 states`).
    public static let countToken = 2_147_483_647

    /// The contract as a script of its own, before a page script a site wrote whole.
    public static func script() -> String { "window.AlmanacContract=" + json() + ";\n" }

    /// The contract as one JSON object, which the joined page script sets as its `contract`.
    public static func json() -> String {
        var output = "{\"fold\":{"
        for (index, entry) in LetterFolding.spelled.enumerated() {
            if index > 0 { output += "," }
            JSONWriter.quote(String(entry.letter), into: &output)
            output += ":"
            JSONWriter.quote(entry.spelling, into: &output)
        }
        output += "},\"keptMarks\":["
        output += LetterFolding.keptMarks.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
        output += "],\"spaceless\":["
        output += WordBreaker.spacelessRanges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
        output += "],\"spacelessWordLength\":" + String(SearchIndex.spacelessWordLength)
        output += ",\"separator\":"
        JSONWriter.quote(SearchIndex.separator, into: &output)
        output += ",\"shardFieldBreak\":"
        JSONWriter.quote(SearchIndex.shardFieldBreak, into: &output)
        output += ",\"shardPack\":"
        JSONWriter.quote(SearchShards.packMark, into: &output)
        output += ",\"shardVocabulary\":"
        JSONWriter.quote(SearchVocabulary.keyMark, into: &output)
        output += ",\"shardRows\":"
        JSONWriter.quote(SearchIndex.shardRowsSuffix, into: &output)
        output += ",\"shardValues\":"
        JSONWriter.quote(SearchIndex.shardValuesSuffix, into: &output)
        output += ",\"shardKeyLength\":" + String(SearchIndex.shardKeyLength) + ",\"shardWholeWord\":"
        JSONWriter.quote(SearchShards.wholeWord, into: &output)
        output += ",\"shardEntry\":["
        output += SearchIndex.shardEntryFields.map { "\"" + $0 + "\"" }.joined(separator: ",")
        output += "],\"sectionEntry\":["
        output += sectionEntryFields.map { "\"" + $0 + "\"" }.joined(separator: ",")
        output += "],\"searchData\":{"
        output += SearchDataField.allCases.map { "\"\($0)\":\"" + $0.rawValue + "\"" }.joined(separator: ",")
        output += "},\"browseData\":{"
        output += BrowseDataField.allCases.map { "\"\($0)\":\"" + $0.rawValue + "\"" }.joined(separator: ",")
        output += "},\"dataEvent\":\"" + dataEvent + "\",\"dataChannels\":{"
        output += DataChannel.allCases.map { "\"\($0)\":\"" + $0.rawValue + "\"" }.joined(separator: ",")
        output += "},\"countToken\":\"" + String(countToken) + "\"}"
        return output
    }
}
