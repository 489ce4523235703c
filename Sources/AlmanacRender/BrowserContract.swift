import AlmanacCore

/// What the browser must agree on with the build, written from the Swift definitions at the
/// top of the page script: the letters search spells out when it folds accents, the separator
/// between a row's searched fields, how many code points name a shard, and the fields of a
/// shard entry. `almanac.js` reads `window.AlmanacContract` instead of keeping copies.
public enum BrowserContract {
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
        output += ",\"shardKeyLength\":" + String(SearchIndex.shardKeyLength) + ",\"shardEntry\":["
        output += SearchIndex.shardEntryFields.map { "\"" + $0 + "\"" }.joined(separator: ",")
        output += "]};\n"
        return output
    }
}
