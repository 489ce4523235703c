import AlmanacCore

/// What the browser must agree on with the build, written from the Swift definitions at the
/// top of the page script: the letters search spells out when it folds accents, the separator
/// between a row's searched fields, how many code points name a shard, the fields of a
/// shard entry, and the number that stands for a count in a header or footer. `almanac.js` reads `window.AlmanacContract` instead of keeping copies.
public enum BrowserContract {
    /// The count a section's header or footer is rendered with for search to put the number
    /// of rows it shows in its place (`{{count}} states` while 4 of 8 show: `4 states`).
    public static let countToken = 2_147_483_647

    public static func script() -> String {
        var output = "window.AlmanacContract={\"fold\":{"
        for (index, entry) in LetterFolding.spelled.enumerated() {
            if index > 0 { output += "," }
            JSONWriter.quote(String(entry.letter), into: &output)
            output += ":"
            JSONWriter.quote(entry.spelling, into: &output)
        }
        output += "},\"separator\":"
        JSONWriter.quote(SearchIndex.separator, into: &output)
        output += ",\"shardKeyLength\":" + String(SearchIndex.shardKeyLength) + ",\"shardWholeWord\":"
        JSONWriter.quote(SearchShards.wholeWord, into: &output)
        output += ",\"shardEntry\":["
        output += SearchIndex.shardEntryFields.map { "\"" + $0 + "\"" }.joined(separator: ",")
        output += "],\"countToken\":\"" + String(countToken) + "\"};\n"
        return output
    }
}
