import AlmanacCore
import AlmanacModel

/// The words and number style a page's script writes with, from the page's strings table: a
/// JSON block in the page (`<script type="application/json" id="almanac-words">`), which no
/// policy blocks because it never runs. The script chooses a counted text's form with the
/// browser's plural rules for the page's `lang` (ICU's, as the build's are) and writes its
/// numbers with the build's digits and grouping, so "249 rows" and "12 results" agree.
enum PageWords {
    /// The element's id, which the script looks up.
    static let elementID = "almanac-words"

    /// The keys the script says something with.
    static let scriptKeys: [InterfaceString] = [
        .sections, .noResults, .didYouMean, .results, .resultsSoFar, .resultsOver, .searchUnavailable, .filtersUnavailable,
        .showingFirstSearch, .typeAtLeast, .typeAtLeastEach, .typeAtLeastThese, .removeFilter, .clearAll, .sortedBy,
        .inPageOrder, .showingFirstFilters,
    ]

    static func json(_ strings: InterfaceStrings) -> String {
        let symbols = strings.numberSymbols
        var output = "{\"lang\":"
        JSONWriter.quote(strings.locale.bcp47, into: &output)
        output += ",\"numbers\":{\"digits\":["
        for (index, digit) in symbols.digits.enumerated() {
            if index > 0 { output += "," }
            JSONWriter.quote(digit, into: &output)
        }
        output += "],\"group\":"
        JSONWriter.quote(symbols.groupingSeparator, into: &output)
        output += ",\"size\":\(symbols.groupingSize),\"secondary\":\(symbols.secondaryGroupingSize),\"minimum\":\(symbols.minimumGroupingDigits)}"
        output += ",\"strings\":{"
        for (index, key) in scriptKeys.enumerated() {
            if index > 0 { output += "," }
            JSONWriter.quote(key.rawValue, into: &output)
            output += ":{"
            let forms = strings.forms(key)
            for (place, category) in forms.keys.sorted().enumerated() {
                if place > 0 { output += "," }
                JSONWriter.quote(category, into: &output)
                output += ":"
                JSONWriter.quote(forms[category] ?? "", into: &output)
            }
            output += "}"
        }
        return output + "}}"
    }
}
